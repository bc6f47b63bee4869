// Decompression bombs end as clear refusals where users meet them: a gzip-encoded image reply (fetch inflates it)
// is cut at the size cap, a PNG bomb is a tool error and CLI exit 1, a PDF bomb is a skipped knowledge file.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { deflateSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { readAttachment } from '../../server/fhir/dicom';
import { createFhirClient } from '../../server/fhir/fhir-client';
import { loadCorpus } from '../../server/rag/ingest/load-corpus';

const MiB = 1024 * 1024;
const REPO = resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'bombs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A PNG whose IHDR claims `side`×`side` RGBA pixels, with one byte of image data. */
function pngBomb(side: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.alloc(1))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF whose content stream inflates to `bytes` (spaces). */
function pdfBomb(bytes: number): Buffer {
  const data = deflateSync(Buffer.alloc(bytes, 0x20));
  const parts = [
    '%PDF-1.4\n',
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>\nendobj\n',
  ].map((s) => Buffer.from(s, 'latin1'));
  const stream = Buffer.concat([
    Buffer.from(`4 0 obj\n<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`, 'latin1'),
    data,
    Buffer.from('\nendstream\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n', 'latin1'),
  ]);
  return Buffer.concat([...parts, stream]);
}

describe('decompression limits where users meet them', () => {
  it('a gzip-encoded image reply that inflates past the cap is refused without holding it', async () => {
    const body = gzipSync(Buffer.alloc(48 * MiB));
    expect(body.length).toBeLessThan(MiB);
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/dicom', 'Content-Encoding': 'gzip' });
      res.end(body);
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
      const fhir = createFhirClient({ baseUrl: base, token: 't' });
      const before = process.memoryUsage().arrayBuffers;
      await expect(readAttachment(fhir, { url: `${base}/Binary/x` }, { maxBytes: 4 * MiB })).rejects.toThrow(
        /larger than allowed/
      );
      expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(24 * MiB);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });

  it('a PNG bomb is a tool error and exit code 1 on the command line', async () => {
    const file = join(dir, 'bomb.png');
    writeFileSync(file, pngBomb(60_000));
    const args = JSON.stringify({ image: file, box: [1, 1, 20, 20] });
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((done) => {
      const child = execFile(
        process.execPath,
        [join(REPO, 'bin/oncoagent.js'), 'tool', 'segment_lesion', args],
        { cwd: REPO, env: { ...process.env, ONCOAGENT_OFFLINE: '1' } },
        (_err, out) => done({ code: child.exitCode, stdout: out })
      );
    });
    expect(code).toBe(1);
    const result = JSON.parse(stdout) as { status: string; message: string };
    expect(result.status).toBe('error');
    expect(result.message).toMatch(/PNG is 60000×60000 pixels; at most 16777216/);
  });

  it('a PDF bomb in the knowledge folder is skipped with the reason, the rest is ingested', async () => {
    const corpus = join(dir, 'knowledge');
    mkdirSync(corpus);
    writeFileSync(join(corpus, 'bomb.pdf'), pdfBomb(80 * MiB));
    writeFileSync(join(corpus, 'note.md'), '# Note\n\nFOLFOX is a first-line option.\n');
    const { docs, problems } = await loadCorpus(corpus);
    expect(docs.map((d) => d.id)).toEqual(['note']);
    expect(problems).toEqual([
      { path: 'bomb.pdf', message: 'the PDF is refused: a compressed stream expands beyond 64 MiB — file skipped' },
    ]);
  });
});

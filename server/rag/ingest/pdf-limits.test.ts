// PDF reading limits: Flate bombs are refused before pdfjs decodes them; pages, text and time are capped.
import { deflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePdf } from './pdf';
import { checkFlateStreams, PDF_LIMITS, PdfLimitError } from './pdf-limits';
import { makePdf } from './testdata/make-pdf';

/** A one-page PDF whose page content streams are Flate-compressed (a crafted file; offsets exact). */
function flatePdf(contents: Buffer[]): Uint8Array {
  const objects: Buffer[] = [];
  const contentIds = contents.map((_, i) => 5 + i);
  objects[1] = Buffer.from('<< /Type /Catalog /Pages 2 0 R >>');
  objects[2] = Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  objects[3] = Buffer.from(
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> ` +
      `/Contents [${contentIds.map((id) => `${id} 0 R`).join(' ')}] >>`
  );
  objects[4] = Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  contents.forEach((plain, i) => {
    const data = deflateSync(plain);
    objects[5 + i] = Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream\n`),
      data,
      Buffer.from('\nendstream'),
    ]);
  });
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let size = parts[0]!.length;
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = size;
    const obj = Buffer.concat([Buffer.from(`${id} 0 obj\n`), objects[id]!, Buffer.from('\nendobj\n')]);
    parts.push(obj);
    size += obj.length;
  }
  let tail = `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) tail += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  tail += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`;
  return new Uint8Array(Buffer.concat([...parts, Buffer.from(tail)]));
}

const text = (s: string) => Buffer.from(`BT /F1 10 Tf 72 700 Td (${s}) Tj ET`);
const MiB = 1024 * 1024;

describe('PDF limits', () => {
  it('reads an honest Flate-compressed PDF', async () => {
    const doc = await parsePdf(flatePdf([text('Compressed body text.')]), 'ok.pdf');
    expect(doc.sections[0]?.text).toBe('Compressed body text.');
  });

  it('refuses a stream that inflates past the per-stream cap, before pdfjs sees it', async () => {
    // 4 MiB of spaces compress to about 4 KB.
    const bomb = flatePdf([text('x'), Buffer.alloc(4 * MiB, 0x20)]);
    expect(bomb.length).toBeLessThan(16 * 1024);
    const limits = { ...PDF_LIMITS, maxStreamBytes: MiB };
    expect(() => checkFlateStreams(bomb, limits)).toThrow(PdfLimitError);
    await expect(parsePdf(bomb, 'bomb.pdf', {}, limits)).rejects.toThrow(
      'the PDF is refused: a compressed stream expands beyond 1 MiB'
    );
  });

  it('refuses streams that together inflate past the total cap', async () => {
    const many = flatePdf([Buffer.alloc(0.75 * MiB, 0x20), Buffer.alloc(0.75 * MiB, 0x20)]);
    const limits = { ...PDF_LIMITS, maxStreamBytes: MiB, maxInflatedBytes: MiB };
    await expect(parsePdf(many, 'many.pdf', {}, limits)).rejects.toThrow(/expand beyond 1 MiB in all/);
    expect(() => checkFlateStreams(many, { ...limits, maxInflatedBytes: 2 * MiB })).not.toThrow();
  });

  it('caps pages, characters of text, and time', async () => {
    const pages = makePdf({ pages: [1, 2, 3, 4].map((n) => [{ text: `Page ${n} text.`, size: 10 }]) });
    await expect(parsePdf(pages, 'p.pdf', {}, { ...PDF_LIMITS, maxPages: 3 })).rejects.toThrow(
      'the PDF is refused: it has 4 pages; at most 3 are read'
    );
    await expect(parsePdf(pages, 'p.pdf', {}, { ...PDF_LIMITS, maxChars: 20 })).rejects.toThrow(
      'the PDF is refused: it holds more than 20 characters of text'
    );
    await expect(parsePdf(pages, 'p.pdf', {}, { ...PDF_LIMITS, timeoutMs: 0 })).rejects.toThrow(
      /the PDF is refused: reading it took longer than 0 s/
    );
    expect((await parsePdf(pages, 'p.pdf')).sections.length).toBeGreaterThan(0);
  });
});

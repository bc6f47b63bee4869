// NDJSON batch extraction writes one response per report, reports bad lines and duplicates, resumes after a kill
// without duplicates, and keeps finished reports when the model becomes unreachable.
import { mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QuestionnaireResponse } from '@medplum/fhirtypes';
import { afterAll, describe, expect, it } from 'vitest';
import { ModelUnavailableError } from '../../llm/errors';
import { createScriptedModel } from '../../llm/scripted';
import { loadTemplate } from '../template';
import { COLORECTAL } from '../testdata/fixtures';
import { runBatch } from './batch';
import { progressLine } from './progress';

const dir = mkdtempSync(join(tmpdir(), 'synoptic-batch-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const template = loadTemplate('cap-colorectal-resection');

function writeInput(name: string, n: number): string {
  const lines = Array.from({ length: n }, (_, i) => {
    const c = COLORECTAL[i % COLORECTAL.length]!;
    const text =
      i % 2
        ? { conclusion: c.text }
        : { presentedForm: [{ contentType: 'text/plain', data: Buffer.from(c.text).toString('base64') }] };
    return JSON.stringify({
      resourceType: 'DiagnosticReport',
      id: `r${i}`,
      status: 'final',
      code: {},
      subject: { reference: `Patient/p${i}` },
      ...text,
    });
  });
  lines.splice(5, 0, '{not json', '{"resourceType":"Patient","id":"p"}', '', lines[0]!);
  const path = join(dir, name);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const keys = (path: string) =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => (JSON.parse(l) as QuestionnaireResponse).identifier!.value!);

describe('NDJSON batch', () => {
  it('writes one response per report and reports bad lines and duplicates', async () => {
    const input = writeInput('a.ndjson', 60);
    const output = join(dir, 'a.out.ndjson');
    const s = await runBatch({ template, input, output, log: false });
    expect(s).toMatchObject({ lines: 63, written: 60, resumed: 0, duplicates: 1 });
    expect(s.badLines.map((b) => b.line)).toEqual([6, 7, 9]);
    expect(s.badLines[0]!.reason).toMatch(/^not JSON/);
    expect(s.badLines[1]!.reason).toBe('not a DiagnosticReport (resourceType "Patient")');
    expect(new Set(keys(output)).size).toBe(60);
    const first = JSON.parse(readFileSync(output, 'utf8').split('\n')[0]!) as QuestionnaireResponse;
    expect(first).toMatchObject({ resourceType: 'QuestionnaireResponse', subject: { reference: 'Patient/p0' } });
  });

  it('resumes after a kill (torn last line, missing tail) without duplicates', async () => {
    const input = writeInput('b.ndjson', 50);
    const output = join(dir, 'b.out.ndjson');
    await runBatch({ template, input, output, log: false });
    const full = readFileSync(output, 'utf8');
    const cut = Buffer.byteLength(`${full.split('\n').slice(0, 20).join('\n')}\n`) + 40;
    truncateSync(output, cut);
    const s = await runBatch({ template, input, output, log: false });
    // 20 reports already written, plus the input's repeated copy of r0 (also already written).
    expect(s.resumed).toBe(21);
    expect(s.written).toBe(30);
    expect(s.truncatedBytes).toBe(40);
    const k = keys(output);
    expect(k).toHaveLength(50);
    expect(new Set(k).size).toBe(50);
    const again = await runBatch({ template, input, output, log: false });
    expect(again).toMatchObject({ written: 0, resumed: 51 });
  });

  it('keeps finished reports when the model becomes unreachable', async () => {
    const input = writeInput('c.ndjson', 3);
    const output = join(dir, 'c.out.ndjson');
    let calls = 0;
    const model = createScriptedModel(() =>
      ++calls > 12
        ? { error: new ModelUnavailableError('endpoint down') }
        : { json: { value: null, evidence: [], explanation: 'x' } }
    );
    await expect(runBatch({ template, input, output, log: false, model, maxRounds: 1 })).rejects.toThrow(
      'endpoint down'
    );
    expect(keys(output)).toEqual(['cap-colorectal-resection/r0']);
  });

  it('draws a progress line with rate and ETA', () => {
    expect(progressLine('synoptic', 2500, 10_000, 2)).toBe(
      'synoptic [######------------------] 2,500/10,000  25%  1,250/s  ETA 6s'
    );
  });
});

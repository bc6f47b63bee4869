// The NDJSON writer: one resource per line, one file series per type, split at the line limit, nothing lost.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { afterEach, describe, expect, it } from 'vitest';
import { NdjsonWriter } from './writer';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const patient = (i: number): Patient => ({
  resourceType: 'Patient',
  id: `p${i}`,
  name: [{ text: `line\nbreak ${i}` }],
});
const observation = (i: number): Observation => ({
  resourceType: 'Observation',
  id: `o${i}`,
  status: 'final',
  code: { text: 'x' },
});

describe('NdjsonWriter', () => {
  it('writes one JSON resource per line, splitting each type at maxLines', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ndjson-'));
    const writer = new NdjsonWriter(dir, { maxLines: 3 });
    for (let i = 0; i < 7; i++) await writer.write(patient(i));
    for (let i = 0; i < 2; i++) await writer.write(observation(i));
    const files = await writer.close();

    expect(files).toEqual([
      { type: 'Patient', name: 'Patient-1.ndjson', count: 3 },
      { type: 'Patient', name: 'Patient-2.ndjson', count: 3 },
      { type: 'Patient', name: 'Patient-3.ndjson', count: 1 },
      { type: 'Observation', name: 'Observation-1.ndjson', count: 2 },
    ]);
    expect(readdirSync(dir).sort()).toEqual(files.map((f) => f.name).sort());
    const patients = files
      .filter((f) => f.type === 'Patient')
      .flatMap((f) => readFileSync(join(dir, f.name), 'utf8').split('\n').filter(Boolean))
      .map((line) => JSON.parse(line) as Patient);
    expect(patients.map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3', 'p4', 'p5', 'p6']);
    expect(patients[4]?.name?.[0]?.text).toBe('line\nbreak 4');
    expect(readFileSync(join(dir, 'Observation-1.ndjson'), 'utf8').endsWith('}\n')).toBe(true);
  });

  it('prefixes names (error files) and reports a disk failure instead of losing lines silently', async () => {
    dir = mkdtempSync(join(tmpdir(), 'ndjson-'));
    const errors = new NdjsonWriter(dir, { prefix: 'error-' });
    await errors.write({ resourceType: 'OperationOutcome', issue: [] });
    expect((await errors.close()).map((f) => f.name)).toEqual(['error-OperationOutcome-1.ndjson']);

    const broken = new NdjsonWriter(join(dir, 'missing-dir'));
    await broken.write(patient(1)).catch(() => undefined);
    await expect(broken.close()).rejects.toThrow(/ENOENT/);
  });
});

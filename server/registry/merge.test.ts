// Checks the resume bookkeeping and the merge: a patient recorded done keeps its output, a resumed run is the same
// run, outputs merge per type in cohort order with each resource once, and failed patients become dead letters.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { afterEach, describe, expect, it } from 'vitest';
import { mergeOutputs } from './merge';
import { openRun, paths, readStatuses, recordPatient } from './run-state';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'registry-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const params = { fhirBase: 'http://ehr/fhir', groupId: 'g1', what: ['workup' as const], write: false };
const obs = (id: string, pid: string) =>
  ({ resourceType: 'Observation', id, subject: { reference: `Patient/${pid}` } }) as Resource;
const done = (patientId: string) => ({
  patientId,
  state: 'done' as const,
  attempts: 1,
  resources: 1,
  ms: 5,
  finishedAt: '2026-01-01T00:00:00Z',
});

describe('run state', () => {
  it('resumes the run recorded in the folder, and refuses a folder of another group', () => {
    const dir = tmp();
    const first = openRun(dir, params);
    expect(first.resumed).toBe(false);
    const again = openRun(dir, params);
    expect(again).toMatchObject({ resumed: true, run: { runId: first.run.runId } });
    expect(() => openRun(dir, { ...params, groupId: 'other' })).toThrow(/holds a run of group g1/);
  });

  it('reads back what was recorded; a failed patient has no output file', () => {
    const dir = tmp();
    openRun(dir, params);
    recordPatient(dir, done('p1'), [obs('o1', 'p1')]);
    recordPatient(dir, { ...done('p2'), state: 'failed', attempts: 3, error: 'boom', resources: 0 });
    writeFileSync(join(paths(dir).status, 'p3.json'), '{"patientId":"someone-else"}');
    const statuses = readStatuses(dir);
    expect([...statuses.keys()].sort()).toEqual(['p1', 'p2']);
    expect(readFileSync(join(paths(dir).out, 'p1.ndjson'), 'utf8')).toContain('"id":"o1"');
    expect(() => readFileSync(join(paths(dir).out, 'p2.ndjson'))).toThrow();
  });
});

describe('mergeOutputs', () => {
  it('writes one file per type in cohort order, each resource once, and lists dead letters', () => {
    const dir = tmp();
    const { run } = openRun(dir, params);
    recordPatient(dir, done('p2'), [obs('o2', 'p2'), { resourceType: 'Device', id: 'd' } as Resource]);
    recordPatient(dir, done('p1'), [obs('o1', 'p1'), obs('o1', 'p1')]);
    recordPatient(dir, { ...done('p3'), state: 'failed', attempts: 3, error: 'no record' });
    // A stale type file from an earlier merge disappears when nothing produces that type any more.
    writeFileSync(join(dir, 'Provenance.ndjson'), '{}\n');
    const m = mergeOutputs({
      dir,
      run,
      patients: ['p1', 'p2', 'p3'],
      statuses: readStatuses(dir),
      startedAt: '2026-01-01T00:00:00Z',
      jobsMs: 1000,
      processed: 3,
    });
    const lines = readFileSync(join(dir, 'Observation.ndjson'), 'utf8').trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).id)).toEqual(['o1', 'o2']);
    expect(m.output).toEqual([
      { type: 'Device', file: 'Device.ndjson', count: 1 },
      { type: 'Observation', file: 'Observation.ndjson', count: 2 },
    ]);
    expect(m.patients).toEqual({ total: 3, done: 2, failed: 1 });
    expect(m.deadLetters).toEqual([{ patientId: 'p3', attempts: 3, error: 'no record' }]);
    expect(() => readFileSync(join(dir, 'Provenance.ndjson'))).toThrow();
    expect(JSON.parse(readFileSync(paths(dir).manifest, 'utf8')).runId).toBe(run.runId);
  });
});

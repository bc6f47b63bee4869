// The registry bench's job-code loop: real jobs (offline workup, synoptic forms, plan, packing) over spooled record
// files, with no server behind them; and the arguments of the process the bench starts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Bundle } from '@medplum/fhirtypes';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { syntheticCohort } from '../sandbox/synthetic/cohort';
import { loopArgs, offlineJobDeps, recordFiles, runJobLoop } from './bench-job-loop';

const dir = mkdtempSync(join(tmpdir(), 'job-loop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Spools the synthetic patients as the coordinator does: one collection Bundle per patient, named by its id. */
function spool(count: number): string[] {
  const cohort = syntheticCohort({ count });
  cohort.patientIds.forEach((id, i) => {
    const record: Bundle = {
      resourceType: 'Bundle',
      type: 'collection',
      entry: (cohort.bundles[i]!.entry ?? []).map((e) => ({ resource: e.resource })),
    };
    writeFileSync(join(dir, `${id}.json`), JSON.stringify(record));
  });
  writeFileSync(join(dir, '_shared.ndjson'), '');
  return cohort.patientIds;
}

describe('bench job loop', () => {
  it('runs every spooled patient through the job code and counts what it produced', async () => {
    const ids = spool(3);
    const files = recordFiles(dir);
    expect(files.map((f) => f.replace(/^.*\//, ''))).toEqual(ids.map((id) => `${id}.json`).sort());
    const figures = await runJobLoop(files, offlineJobDeps(loadConfig({})));
    expect(figures.patients).toBe(3);
    // Each patient gives at least its workup's DiagnosticReport, Provenance and synoptic QuestionnaireResponse.
    expect(figures.resources).toBeGreaterThanOrEqual(9);
    expect(figures.wallMs).toBeGreaterThan(0);
    expect(figures.cpuMs).toBeGreaterThan(0);
  }, 120_000);

  it('fails on a record it cannot read rather than counting it', async () => {
    const bad = join(dir, 'not-a-record.json');
    writeFileSync(bad, '{"resourceType":"Bundle","type":"collection","entry":[]}');
    await expect(runJobLoop([bad], offlineJobDeps(loadConfig({})))).rejects.toThrow(/no Patient/);
    rmSync(bad);
  }, 60_000);

  it('takes a folder and a range of its records', () => {
    expect(loopArgs(['/r', '0', '10'])).toEqual({ dir: '/r', from: 0, to: 10 });
    for (const bad of [[], ['/r'], ['/r', '5', '5'], ['/r', '-1', '3'], ['/r', '0', 'x'], ['/r', '1.5', '3']])
      expect(() => loopArgs(bad)).toThrow(/usage: bench-job-loop RECORDS FROM TO/);
  });
});

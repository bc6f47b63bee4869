// The job store: jobs are private to their client, limited per client, and their files go on cancel and on expiry.
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStatus, OperationOutcomeError } from '@medplum/core';
import { afterEach, describe, expect, it } from 'vitest';
import { BulkJobStore } from './job-store';

let dir = '';
let store: BulkJobStore | undefined;
afterEach(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

function makeStore(now: { t: number }, maxActivePerOwner = 2): BulkJobStore {
  dir = mkdtempSync(join(tmpdir(), 'bulk-store-'));
  store = new BulkJobStore({ dir, maxActivePerOwner, expirySeconds: 60, now: () => now.t });
  return store;
}

describe('BulkJobStore', () => {
  it('shows a job to its owner only, exactly as an unknown id', () => {
    const jobs = makeStore({ t: 0 });
    const job = jobs.create('client:a', 'http://x/$export');
    expect(jobs.get(job.id, 'client:a')).toBe(job);
    expect(jobs.get(job.id, 'client:b')).toBeUndefined();
    expect(jobs.get('no-such-id', 'client:a')).toBeUndefined();
    expect(job.transactionTime).toBe('1970-01-01T00:00:00.000Z');
  });

  it('refuses a client more running jobs than allowed (429) while others may still start', () => {
    const jobs = makeStore({ t: 0 }, 1);
    const first = jobs.create('client:a', 'http://x/$export');
    let refused: unknown;
    try {
      jobs.create('client:a', 'http://x/$export');
    } catch (err) {
      refused = err;
    }
    expect(refused).toBeInstanceOf(OperationOutcomeError);
    expect(getStatus((refused as OperationOutcomeError).outcome)).toBe(429);
    expect(jobs.create('client:b', 'http://x/$export').owner).toBe('client:b');
    jobs.finish(first, { output: [], error: [] });
    expect(jobs.create('client:a', 'http://x/$export').state).toBe('queued');
  });

  it('deletes a cancelled job and its files, and stops it', () => {
    const jobs = makeStore({ t: 0 });
    const job = jobs.create('client:a', 'http://x/$export');
    writeFileSync(join(job.dir, 'Patient-1.ndjson'), '{}\n');
    jobs.remove(job.id);
    expect(job.controller.signal.aborted).toBe(true);
    expect(existsSync(job.dir)).toBe(false);
    expect(jobs.get(job.id, 'client:a')).toBeUndefined();
  });

  it('keeps a finished job until its expiry, then deletes it and its files', () => {
    const now = { t: 1_000 };
    const jobs = makeStore(now);
    const job = jobs.create('client:a', 'http://x/$export');
    writeFileSync(join(job.dir, 'Patient-1.ndjson'), '{}\n');
    jobs.finish(job, { output: [{ type: 'Patient', name: 'Patient-1.ndjson', count: 1 }], error: [] });
    expect(job.expiresAt).toBe(61_000);
    now.t = 60_999;
    expect(jobs.get(job.id, 'client:a')?.state).toBe('complete');
    now.t = 61_000;
    expect(jobs.get(job.id, 'client:a')).toBeUndefined();
    expect(existsSync(job.dir)).toBe(false);
  });
});

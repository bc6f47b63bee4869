// The BullMQ engine end to end: Redis (Debian's redis-server on a free port), the coordinator in this process and two
// real `oncoagent worker` child processes; the outputs equal those of the in-process engine (content identities), a
// second enqueue of the same run is a no-op, and the workers stop cleanly on SIGTERM.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createWorkupDeps } from '../agent/deps';
import { createAnswerer, createRetrieve } from '../answer';
import { type SandboxSession, startSandboxSession } from '../commands/sandbox-session';
import { loadConfig } from '../config';
import { freePort } from '../http/serve';
import { DEMO_PATIENT_IDS, demoId } from '../sandbox/demo';
import { BullMqEngine } from './bullmq-engine';
import { startWorker as startBullWorker } from './bullmq-worker';
import { runRegistry } from './coordinator';
import { bullJobId } from './engine';
import { InProcessEngine } from './in-process-engine';
import { type JobData, type JobResult, runJob } from './job';
import { connectRedis } from './redis';
import { cachedToken } from './token-source';

const REDIS = '/usr/bin/redis-server';
const ROOT = resolve(import.meta.dirname, '../..');
const haveRedis = existsSync(REDIS);
if (!haveRedis) console.warn(`Skipping the BullMQ tests: ${REDIS} is absent (apt-get install -y redis-server)`);

let redis: ChildProcess;
let redisUrl: string;
let session: SandboxSession;
const workers: { proc: ChildProcess; log: string[] }[] = [];
const dirs: string[] = [];
const GROUP = demoId('demo-group-all');

function startWorker(token: string): { proc: ChildProcess; log: string[] } {
  const proc = spawn(
    process.execPath,
    [join(ROOT, 'bin/oncoagent.js'), 'worker', '--fhir', session.fhirBase, '--token', token],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, REDIS_URL: redisUrl, ONCOAGENT_OFFLINE: '1' },
      stdio: ['ignore', 'ignore', 'pipe'],
    }
  );
  const log: string[] = [];
  proc.stderr?.on('data', (b: Buffer) => log.push(b.toString()));
  return { proc, log };
}

const exited = (p: ChildProcess) =>
  new Promise<number | null>((done) => (p.exitCode !== null ? done(p.exitCode) : p.once('exit', (code) => done(code))));

/** What each output resource says, independent of the run that made it: type + content identifiers (the workup-item
 * identifier names the run, so it is left out). */
function identities(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'))
    .map((l) => JSON.parse(l) as { resourceType: string; identifier?: { system?: string } | { system?: string }[] })
    .filter((r) => r.resourceType !== 'Provenance')
    .map((r) => {
      const ids = [r.identifier ?? []].flat().filter((i) => !i.system?.endsWith('/workup-item'));
      return `${r.resourceType} ${JSON.stringify(ids)}`;
    })
    .sort();
}

describe.skipIf(!haveRedis)('registry run on BullMQ workers', () => {
  beforeAll(async () => {
    const port = await freePort();
    redisUrl = `redis://127.0.0.1:${port}`;
    redis = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: 'ignore',
    });
    session = await startSandboxSession({ demo: true });
    for (let i = 0; i < 50; i++) {
      const ok = await connectRedis(redisUrl, 200).then(
        (c) => c.quit().then(() => true),
        () => new Promise<boolean>((r) => setTimeout(() => r(false), 100))
      );
      if (ok) break;
    }
  });
  afterAll(async () => {
    for (const w of workers) if (w.proc.exitCode === null) w.proc.kill('SIGKILL');
    await session?.close();
    redis?.kill('SIGKILL');
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('two worker processes give the same outputs as the in-process engine', async () => {
    const token = await session.token('system/*.rs');
    const tokens = cachedToken(async () => token);
    const base = {
      fhirBase: session.fhirBase,
      groupId: GROUP,
      what: ['workup' as const, 'synoptic' as const],
      write: false,
      tokens,
    };
    const local = mkdtempSync(join(tmpdir(), 'registry-local-'));
    const queued = mkdtempSync(join(tmpdir(), 'registry-bull-'));
    dirs.push(local, queued);
    // The same dependencies as the worker processes build from their environment (retrieval included).
    const config = loadConfig({ ONCOAGENT_OFFLINE: '1' });
    const deps = createWorkupDeps({
      answerer: createAnswerer(),
      retrieve: createRetrieve({ config: config.rag }),
      config,
      traceDir: false,
    });
    await runRegistry({
      ...base,
      dir: local,
      engine: new InProcessEngine((d, s) => runJob(d, { workup: deps, tokens }, s)),
    });

    workers.push(startWorker(token), startWorker(token));
    const engine = new BullMqEngine({ connection: await connectRedis(redisUrl) });
    try {
      const manifest = await runRegistry({ ...base, dir: queued, engine });
      expect(manifest.patients).toEqual({ total: DEMO_PATIENT_IDS.length, done: DEMO_PATIENT_IDS.length, failed: 0 });
      // Enqueueing a patient of the same run again adds nothing: its job id is already known.
      const again = DEMO_PATIENT_IDS[0]!;
      const data = { runId: manifest.runId, patientId: again, fhirBase: session.fhirBase, what: [], write: false };
      await engine.queue.add('patient', data, { jobId: bullJobId(manifest.runId, again) });
      const counts = await engine.queue.getJobCounts('completed', 'waiting', 'active', 'delayed');
      expect(counts).toMatchObject({ completed: DEMO_PATIENT_IDS.length, waiting: 0, active: 0, delayed: 0 });
    } finally {
      await engine.close();
    }
    expect(identities(queued)).toEqual(identities(local));
    expect(identities(queued).length).toBeGreaterThan(20);
    // Both workers took jobs.
    for (const w of workers) expect(w.log.join('')).toMatch(/job done/);

    for (const w of workers) w.proc.kill('SIGTERM');
    const codes = await Promise.all(workers.map((w) => exited(w.proc)));
    expect(codes).toEqual([0, 0]);
    for (const w of workers) expect(w.log.join('')).toMatch(/stopping after the jobs in hand/);
  });

  it('reports a patient failing every attempt once, takes results finished while no coordinator listened', async () => {
    const queueName = `engine-test-${Date.now()}`;
    const calls = new Map<string, number>();
    const job = async (data: JobData): Promise<JobResult> => {
      calls.set(data.patientId, (calls.get(data.patientId) ?? 0) + 1);
      if (data.patientId === 'bad') throw new Error('record unreadable');
      const note = {
        resourceType: 'Observation',
        id: `obs-${data.patientId}`,
        status: 'preliminary',
        code: { text: 'ü' },
      };
      return { patientId: data.patientId, resources: [note as Resource], notWritten: 0, ms: 1 };
    };
    const connection = await connectRedis(redisUrl);
    const worker = startBullWorker({ connection, job, fhirBase: 'http://ehr.test/fhir', queueName, concurrency: 2 });
    const engine = new BullMqEngine({
      connection: await connectRedis(redisUrl),
      queueName,
      attempts: 2,
      backoffMs: 10,
    });
    const data = (patientId: string): JobData => ({
      runId: 'r1',
      patientId,
      fhirBase: 'http://ehr.test/fhir',
      what: ['workup'],
      write: false,
    });
    try {
      // A patient done while no coordinator listened (the coordinator was killed after enqueueing it).
      await engine.queue.add('patient', data('early'), { jobId: bullJobId('r1', 'early') });
      for (let i = 0; i < 100 && (await engine.queue.getJobCounts('completed')).completed < 1; i++)
        await new Promise((r) => setTimeout(r, 50));
      const outcomes: { patientId: string; ok: boolean; attempts: number; resources?: Resource[] }[] = [];
      await engine.run([data('early'), data('good'), data('bad')], (o) =>
        outcomes.push({
          patientId: o.patientId,
          ok: o.ok,
          attempts: o.attempts,
          resources: o.ok ? o.result.resources : undefined,
        })
      );
      // The resources come back whole (packed in Redis) from the event and from the stored job alike.
      const obs = (pid: string) => [
        { resourceType: 'Observation', id: `obs-${pid}`, status: 'preliminary', code: { text: 'ü' } },
      ];
      expect(outcomes.sort((a, b) => a.patientId.localeCompare(b.patientId))).toEqual([
        { patientId: 'bad', ok: false, attempts: 2, resources: undefined },
        { patientId: 'early', ok: true, attempts: 1, resources: obs('early') },
        { patientId: 'good', ok: true, attempts: 1, resources: obs('good') },
      ]);
      expect(calls.get('early')).toBe(1);
      expect(calls.get('bad')).toBe(2);
    } finally {
      await worker.close();
      await engine.queue.obliterate({ force: true });
      await engine.close();
      await connection.quit().catch(() => undefined);
    }
  });

  it('keeps only the newest results in Redis; a resumed run takes those and runs the others again', async () => {
    const queueName = `keep-test-${Date.now()}`;
    const calls = new Map<string, number>();
    const job = async (data: JobData): Promise<JobResult> => {
      calls.set(data.patientId, (calls.get(data.patientId) ?? 0) + 1);
      return { patientId: data.patientId, resources: [], notWritten: 0, ms: 1 };
    };
    const connection = await connectRedis(redisUrl);
    const worker = startBullWorker({ connection, job, fhirBase: 'http://ehr.test/fhir', queueName });
    const engine = new BullMqEngine({ connection: await connectRedis(redisUrl), queueName, keepResults: 2 });
    const jobs = ['p1', 'p2', 'p3', 'p4', 'p5'].map(
      (patientId): JobData => ({ runId: 'r2', patientId, fhirBase: 'http://ehr.test/fhir', what: [], write: false })
    );
    try {
      // A fresh run (new run id) reads none of its jobs back; a resumed one reads each.
      const reads = vi.spyOn(Job.prototype, 'getState');
      const first: string[] = [];
      await engine.run(jobs, (o) => first.push(`${o.patientId} ${o.ok}`), undefined, true);
      expect(first.sort()).toEqual(['p1 true', 'p2 true', 'p3 true', 'p4 true', 'p5 true']);
      expect(reads).not.toHaveBeenCalled();
      expect((await engine.queue.getJobCounts('completed')).completed).toBe(2);
      // The same run again (a coordinator that died before recording them): every patient once more, from Redis or,
      // when its result is no longer kept, run again — including a kept one that newer results push out while the
      // run is being enqueued (that run used to wait for it for ever).
      const again: string[] = [];
      await engine.run(jobs, (o) => again.push(`${o.patientId} ${o.ok}`));
      expect(again.sort()).toEqual(first.sort());
      expect(reads).toHaveBeenCalledTimes(5);
      reads.mockRestore();
      const total = [...calls.values()].reduce((a, b) => a + b, 0);
      expect(total).toBeGreaterThanOrEqual(8);
      expect(total).toBeLessThanOrEqual(10);
    } finally {
      await worker.close();
      await engine.queue.obliterate({ force: true });
      await engine.close();
      await connection.quit().catch(() => undefined);
    }
  });
});

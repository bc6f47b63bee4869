// A registry run on the sandbox's demo Group with the in-process engine: per-type NDJSON that `oncoagent validate`
// accepts and one status per patient; a run killed after two patients and restarted gives every patient exactly once;
// a patient whose job keeps throwing is retried, then dead-lettered, while the others finish.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorkupDeps } from '../agent/deps';
import { createAnswerer } from '../answer';
import { type SandboxSession, startSandboxSession } from '../commands/sandbox-session';
import { validateCommand } from '../commands/validate';
import { loadConfig } from '../config';
import { DEMO_PATIENT_IDS, demoId } from '../sandbox/demo';
import { runRegistry } from './coordinator';
import { InProcessEngine } from './in-process-engine';
import { type JobData, runJob } from './job';
import { cachedToken, type TokenSource } from './token-source';

let session: SandboxSession;
let tokens: TokenSource;
const dirs: string[] = [];
const GROUP = demoId('demo-group-all');
const deps = createWorkupDeps({ answerer: createAnswerer(), config: loadConfig({}), traceDir: false });
const job = (data: JobData, signal?: AbortSignal) => runJob(data, { workup: deps, tokens }, signal);
const tmp = () => {
  const d = mkdtempSync(join(tmpdir(), 'registry-run-'));
  dirs.push(d);
  return d;
};
const lines = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.ndjson'))
    .flatMap((f) => readFileSync(join(dir, f), 'utf8').trim().split('\n'));

beforeAll(async () => {
  session = await startSandboxSession({ demo: true });
  tokens = cachedToken(() => session.token('system/*.rs'));
});
afterAll(async () => {
  await session.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const run = (dir: string, engine: InProcessEngine, signal?: AbortSignal) =>
  runRegistry({
    dir,
    fhirBase: session.fhirBase,
    groupId: GROUP,
    what: ['workup', 'synoptic'],
    write: false,
    tokens,
    engine,
    signal,
  });

describe('registry run (in-process)', () => {
  it('writes valid per-type NDJSON and one status per patient; killed and restarted, each patient is there once', async () => {
    const dir = tmp();
    const stop = new AbortController();
    let finished = 0;
    const killing = new InProcessEngine(async (data, signal) => {
      const r = await job(data, signal);
      if (++finished === 2) stop.abort(new Error('killed'));
      return r;
    });
    await expect(run(dir, killing, stop.signal)).rejects.toThrow('killed');
    expect(readdirSync(join(dir, 'status'))).toHaveLength(2);

    const jobsRun: string[] = [];
    const manifest = await run(
      dir,
      new InProcessEngine(
        (data, signal) => {
          jobsRun.push(data.patientId);
          return job(data, signal);
        },
        { concurrency: 2 }
      )
    );
    // Only the four patients not done before the kill ran again.
    expect(jobsRun).toHaveLength(4);
    expect(manifest.patients).toEqual({ total: DEMO_PATIENT_IDS.length, done: DEMO_PATIENT_IDS.length, failed: 0 });
    expect(readdirSync(join(dir, 'status')).sort()).toEqual([...DEMO_PATIENT_IDS].map((id) => `${id}.json`).sort());
    const all = lines(dir);
    const ids = all.map((l) => `${JSON.parse(l).resourceType}/${JSON.parse(l).id}`);
    expect(new Set(ids).size).toBe(ids.length);
    const subjects = new Set(
      all.map((l) => JSON.parse(l).subject?.reference).filter((s): s is string => typeof s === 'string')
    );
    expect([...subjects].sort()).toEqual([...DEMO_PATIENT_IDS].map((id) => `Patient/${id}`).sort());
    expect(manifest.output.map((o) => o.type)).toEqual(expect.arrayContaining(['Observation', 'Provenance', 'Device']));
    for (const o of manifest.output) await expect(validateCommand(join(dir, o.file))).resolves.toBeUndefined();
  });

  it('retries a failing patient, then lists it as a dead letter while the others are done', async () => {
    const dir = tmp();
    const bad = DEMO_PATIENT_IDS[3]!;
    const attempts = new Map<string, number>();
    const engine = new InProcessEngine(
      async (data) => {
        attempts.set(data.patientId, (attempts.get(data.patientId) ?? 0) + 1);
        if (data.patientId === bad) throw new Error('the record could not be read');
        return { patientId: data.patientId, resources: [], notWritten: 0, ms: 1 };
      },
      { backoffMs: 5, concurrency: 3 }
    );
    const manifest = await run(dir, engine);
    expect(attempts.get(bad)).toBe(3);
    expect(manifest.patients).toMatchObject({ done: DEMO_PATIENT_IDS.length - 1, failed: 1 });
    expect(manifest.deadLetters).toEqual([{ patientId: bad, attempts: 3, error: 'the record could not be read' }]);
    const status = JSON.parse(readFileSync(join(dir, 'status', `${bad}.json`), 'utf8'));
    expect(status).toMatchObject({ state: 'failed', attempts: 3 });
  });
});

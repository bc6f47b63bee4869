// The registry figures of `oncoagent bench --only registry`: the sandbox with the synthetic cohort (1,000 patients),
// real `oncoagent registry run` and `oncoagent worker` child processes on Redis, and from their manifests and logs:
// patients/hour with 1 and 2 workers on the cohort, beside the host's references (its two halves at once on two stacks
// that share nothing, and the job code alone in one process and in two), peak RSS of the coordinator and of a worker at
// two sizes, and the time a killed run takes to resume.
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Group } from '@medplum/fhirtypes';
import { type OncoConfig, offlineConfig } from '../config';
import { childEnv } from '../config/child-env';
import { createApp, DEFAULT_APP_DIR } from '../http/app';
import { freePort, listen } from '../http/serve';
import type { RunManifest } from '../registry/merge';
import { connectRedis } from '../registry/redis';
import { loadBundle } from '../sandbox/seed';
import { syntheticCohort } from '../sandbox/synthetic';
import { CpuSampler, cpuFigures, ownCpuSeconds, rateCeiling } from './bench-cpu';
import { type JobLoopFigures, recordFiles } from './bench-job-loop';
import { residentMemoryOf } from './bench-memory';
import { mountSandbox } from './sandbox-mount';

const ROOT = resolve(import.meta.dirname, '../..');
const CLI = join(ROOT, 'bin/oncoagent.js');
const JOB_LOOP = join(ROOT, 'server/commands/bench-job-loop.ts');
const REDIS = '/usr/bin/redis-server';

export interface RegistryBenchOptions {
  /** Patients in the cohort loaded into the sandbox (default 1000). */
  cohort?: number;
  /** Patients per measured run (default 200); RSS is also measured on the whole cohort, to show it does not grow. */
  slice?: number;
  /**
   * Pairs of runs (one worker, then two) on the whole cohort (default 1): rates vary from run to run on a shared
   * machine by more than most effects, so the figures are medians of the pairs and each run is listed.
   */
  repeat?: number;
  /** Also run the pair with the retrieval query cache off (default true). */
  uncached?: boolean;
  /** Runs of the whole cohort by one long-lived worker, its resident memory read after each (default 2). */
  longLifeRuns?: number;
}

interface Child {
  proc: ChildProcess;
  out: string;
  err: string;
}

/** A node child of the bench, offline, its output collected; stdin open only for the job loops' start signal. */
function spawnNode(argv: string[], env: Record<string, string | undefined>, stdin: 'ignore' | 'pipe'): Child {
  const proc = spawn(process.execPath, argv, {
    cwd: ROOT,
    env: childEnv({ ONCOAGENT_OFFLINE: '1', ONCOAGENT_LLM: 'none', ...env }),
    stdio: [stdin, 'pipe', 'pipe'],
  });
  const child: Child = { proc, out: '', err: '' };
  proc.stdout?.on('data', (b: Buffer) => (child.out += b.toString()));
  proc.stderr?.on('data', (b: Buffer) => (child.err += b.toString()));
  return child;
}

/** An `oncoagent` command. */
const start = (args: string[], env: Record<string, string | undefined>): Child =>
  spawnNode([CLI, ...args], env, 'ignore');

/** The job code alone over records FROM..TO of a spooled folder (server/commands/bench-job-loop.ts). */
const startJobLoop = (records: string, from: number, to: number): Child =>
  spawnNode(['--import', 'tsx', JOB_LOOP, records, String(from), String(to)], {}, 'pipe');

const exit = (c: Child) =>
  new Promise<number | null>((done) => (c.proc.exitCode !== null ? done(c.proc.exitCode) : c.proc.once('exit', done)));

async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const t0 = Date.now();
  while (!check()) {
    if (Date.now() - t0 > timeoutMs) throw new Error(`bench registry: ${what} did not happen within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The run manifest a `registry run --json` printed; its last error lines when it printed none. */
function manifestOf(c: Child): RunManifest {
  try {
    return JSON.parse(c.out) as RunManifest;
  } catch {
    const tail = c.err.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`bench registry: the registry run printed no manifest (exit ${c.proc.exitCode}): ${tail}`);
  }
}

/** The figures a job loop printed on its last line; its last error lines when it printed none. */
function jobLoopFigures(c: Child): JobLoopFigures {
  try {
    return JSON.parse(c.out.trim().split('\n').at(-1) ?? '') as JobLoopFigures;
  } catch {
    const tail = c.err.trim().split('\n').slice(-3).join(' | ');
    throw new Error(`bench registry: a job loop printed no figures (exit ${c.proc.exitCode}): ${tail}`);
  }
}

/** The coordinator's line when the jobs start ("3000 patients, 3000 to run (bullmq)"). */
const JOBS_PHASE = /\d+ patients, \d+ to run/;

/** Worker environment with the retrieval query cache off. */
const NO_CACHE = { ONCOAGENT_RETRIEVAL_CACHE: '0' };

/** Median of a list (the lower middle one for an even count, so it is a measured value). */
export const median = (values: number[]): number =>
  [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** Index of the median value of a list. */
function medianIndex(values: number[]): number {
  const m = median(values);
  return values.indexOf(m);
}

/** "hits/lookups" of the workers' retrieval or validation caches, from their stop lines (warm-up included). */
function cacheHits(ws: Child[], which: 'retrieval' | 'validation'): string | undefined {
  let hits = 0;
  let queries = 0;
  for (const w of ws) {
    const m = new RegExp(`${which} cache (\\d+)/(\\d+)`).exec(w.err);
    if (!m) return undefined;
    hits += Number(m[1]);
    queries += Number(m[2]);
  }
  return `${hits}/${queries}`;
}

/** A redis-server of the bench's own on a free port (no persistence), once it answers. */
async function startRedis(): Promise<{ proc: ChildProcess; url: string }> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  const proc = spawn(REDIS, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    const up = await connectRedis(url, 300).then(
      (c) => c.quit().then(() => true),
      () => new Promise<boolean>((r) => setTimeout(() => r(false), 100))
    );
    if (up) return { proc, url };
  }
  proc.kill('SIGKILL');
  throw new Error('bench registry: redis-server did not start');
}

const statusCount = (dir: string) => (existsSync(join(dir, 'status')) ? readdirSync(join(dir, 'status')).length : 0);

/**
 * Runs the registry benchmark.
 * @param options - Cohort and slice sizes.
 * @param config - The configuration; its offline copy is used.
 * @returns The figures; `unavailable` when redis-server is not installed.
 */
export async function benchRegistry(
  options: RegistryBenchOptions,
  config: OncoConfig
): Promise<Record<string, unknown>> {
  if (!existsSync(REDIS)) return { unavailable: `${REDIS} is absent (apt-get install -y redis-server)` };
  const cohortSize = options.cohort ?? 1000;
  const slice = options.slice ?? 200;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t0 = performance.now();
  const { sandbox, mount } = await mountSandbox({
    publicUrl: url,
    secret: 'bench-registry',
    tokenTtlSeconds: 7200,
    open: false,
    redirectOrigins: [],
    seedDirs: [],
    demo: false,
    synthetic: { count: cohortSize },
  });
  const loadMs = Math.round(performance.now() - t0);
  const cohort = syntheticCohort({ count: cohortSize });
  const fhirBase = `${url}/sandbox/fhir/R4`;
  const groups: Record<string, string> = {};
  const slices: [string, string[]][] = [
    ['bench-cohort', cohort.patientIds],
    [`bench-slice-${slice}`, cohort.patientIds.slice(0, slice)],
    [
      `bench-slice-${Math.max(1, Math.floor(slice / 2))}`,
      cohort.patientIds.slice(0, Math.max(1, Math.floor(slice / 2))),
    ],
    // The cohort in two halves, for the two stacks that share nothing (the host's reference below).
    ['bench-half-1', cohort.patientIds.slice(0, Math.ceil(cohortSize / 2))],
    ['bench-half-2', cohort.patientIds.slice(Math.ceil(cohortSize / 2))],
    // Patients from the end of the cohort that warm each worker up (module loading, first workup) before a measurement.
    ['bench-warm-up', cohort.patientIds.slice(-6)],
  ];
  for (const [id, members] of slices) {
    const group: Group & { id: string } = {
      resourceType: 'Group',
      id,
      type: 'person',
      actual: true,
      member: members.map((p) => ({ entity: { reference: `Patient/${p}` } })),
    };
    await loadBundle(
      sandbox.service,
      {
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [{ resource: group, request: { method: 'PUT', url: `Group/${group.id}` } }],
      },
      fhirBase,
      'bench slice'
    );
    groups[id === 'bench-warm-up' ? 'warm' : id.startsWith('bench-half-') ? id.slice(6) : String(members.length)] =
      group.id;
  }
  const { app } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: 'oncoagent',
    scope: 'patient/*.rs',
    cspConnect: "'self'",
    mount,
    config: offlineConfig(config),
  });
  const server = await listen(app, port, '127.0.0.1');
  const token = sandbox.signer.sign({
    aud: fhirBase,
    scope: 'system/*.rs',
    client_id: 'bench-registry',
    sub: 'bench-registry',
    exp: Math.floor(Date.now() / 1000) + 7200,
  });
  const work = mkdtempSync(join(tmpdir(), 'bench-registry-'));
  const children: Child[] = [];
  const redises: ChildProcess[] = [];
  try {
    const { proc: redis, url: redisUrl } = await startRedis();
    redises.push(redis);
    let runs = 0;
    const run = async (size: number, workers: number, env: Record<string, string> = {}) => {
      // Each run its own output folder: one that reused a finished run's folder would resume it and do nothing.
      const tag = `${size}-${workers}-${++runs}`;
      const ws = Array.from({ length: workers }, () =>
        start(['worker', '--fhir', fhirBase], { REDIS_URL: redisUrl, ONCOAGENT_FHIR_TOKEN: token, ...env })
      );
      children.push(...ws);
      await until(() => ws.every((w) => w.err.includes('waiting for registry jobs')), 120_000, 'worker start');
      const warm = start(
        ['registry', 'run', '--fhir', fhirBase, '--group', groups.warm!, '--out', join(work, `warm-${tag}`)],
        { REDIS_URL: redisUrl, ONCOAGENT_FHIR_TOKEN: token }
      );
      children.push(warm);
      await exit(warm);
      const out = join(work, `run-${tag}`);
      const cpu = new CpuSampler();
      for (const [i, w] of ws.entries()) cpu.track(`worker${i}`, w.proc.pid, true);
      cpu.track('redis', redis.pid);
      const coordinator = start(
        ['registry', 'run', '--fhir', fhirBase, '--group', groups[String(size)]!, '--out', out, '--json'],
        { REDIS_URL: redisUrl, ONCOAGENT_FHIR_TOKEN: token }
      );
      children.push(coordinator);
      cpu.track('coordinator', coordinator.proc.pid);
      // CPU is counted over the jobs phase, as the rate is: from the coordinator's "N to run" line (its start, the
      // export and the spooling are done) to its exit.
      await until(() => JOBS_PHASE.test(coordinator.err) || coordinator.proc.exitCode !== null, 600_000, 'jobs phase');
      cpu.sample();
      const before = {
        own: ownCpuSeconds(),
        workers: ws.map((_, i) => cpu.seconds(`worker${i}`) ?? 0),
        threads: ws.map((_, i) => cpu.threadSeconds(`worker${i}`)),
        redis: cpu.seconds('redis') ?? 0,
        coordinator: cpu.seconds('coordinator') ?? 0,
      };
      const startedAt = performance.now();
      await exit(coordinator);
      cpu.sample();
      cpu.stop();
      const wallMs = performance.now() - startedAt;
      const used = {
        workers: ws.reduce((sum, _, i) => sum + (cpu.seconds(`worker${i}`) ?? 0) - before.workers[i]!, 0),
        fhirServer: ownCpuSeconds() - before.own,
        coordinator: (cpu.seconds('coordinator') ?? before.coordinator) - before.coordinator,
        redis: (cpu.seconds('redis') ?? before.redis) - before.redis,
      };
      for (const w of ws) w.proc.kill('SIGTERM');
      await Promise.all(ws.map(exit));
      const manifest = manifestOf(coordinator);
      const workerRss = Math.max(...ws.map((w) => Number(/peak RSS (\d+) MB/.exec(w.err)?.[1] ?? Number.NaN)));
      const threads: Record<string, number> = {};
      for (const [i] of ws.entries())
        for (const [group, sec] of Object.entries(cpu.threadSeconds(`worker${i}`)))
          threads[group] = (threads[group] ?? 0) + sec - (before.threads[i]?.[group] ?? 0);
      const patients = manifest.patients.total;
      return {
        manifest,
        records: join(out, 'work', 'records'),
        workerRss,
        cpu: {
          ...cpuFigures(used, patients, wallMs),
          workerThreadsMsPerPatient: cpuFigures(threads, patients, wallMs).cpuMsPerPatient,
        },
        retrievalCache: cacheHits(ws, 'retrieval'),
        validationCache: cacheHits(ws, 'validation'),
      };
    };
    // The host's reference: the cohort's two halves run at the same time by two stacks (coordinator, one worker, Redis)
    // that share nothing, as sharding the cohort by hand would. What they reach together is what this host gives two
    // single-worker pipelines: two workers on one queue are measured against it as well as against one worker.
    let otherRedis: Awaited<ReturnType<typeof startRedis>> | undefined;
    const halves = async () => {
      if (!otherRedis) {
        otherRedis = await startRedis();
        redises.push(otherRedis.proc);
      }
      const tag = `halves-${++runs}`;
      const urls = [redisUrl, otherRedis.url];
      const ws = urls.map((u) => start(['worker', '--fhir', fhirBase], { REDIS_URL: u, ONCOAGENT_FHIR_TOKEN: token }));
      children.push(...ws);
      await until(() => ws.every((w) => w.err.includes('waiting for registry jobs')), 120_000, 'worker start');
      const warm = urls.map((u, i) =>
        start(
          ['registry', 'run', '--fhir', fhirBase, '--group', groups.warm!, '--out', join(work, `warm-${tag}-${i}`)],
          {
            REDIS_URL: u,
            ONCOAGENT_FHIR_TOKEN: token,
          }
        )
      );
      children.push(...warm);
      await Promise.all(warm.map(exit));
      const coordinators = urls.map((u, i) =>
        start(
          [
            'registry',
            'run',
            '--fhir',
            fhirBase,
            '--group',
            groups[`half-${i + 1}`]!,
            '--out',
            join(work, `run-${tag}-${i}`),
            '--json',
          ],
          { REDIS_URL: u, ONCOAGENT_FHIR_TOKEN: token }
        )
      );
      children.push(...coordinators);
      const cpu = new CpuSampler();
      const stacks = [0, 1].map((i) => ({ worker: `worker${i}`, coordinator: `coordinator${i}`, redis: `redis${i}` }));
      for (const [i, s] of stacks.entries()) {
        cpu.track(s.worker, ws[i]!.proc.pid);
        cpu.track(s.coordinator, coordinators[i]!.proc.pid);
        cpu.track(s.redis, (i === 0 ? redis : otherRedis!.proc).pid);
      }
      // From the first jobs phase to the last exit: a half that ends first leaves the other alone for its tail, and a
      // later export is counted in the window; both count against the pair, never for it.
      await until(
        () => coordinators.some((c) => JOBS_PHASE.test(c.err) || c.proc.exitCode !== null),
        600_000,
        'jobs phase'
      );
      cpu.sample(false);
      const own = ownCpuSeconds();
      const seconds = (kind: 'worker' | 'coordinator' | 'redis') =>
        stacks.reduce((sum, s) => sum + (cpu.seconds(s[kind]) ?? 0), 0);
      const before = { workers: seconds('worker'), coordinators: seconds('coordinator'), redis: seconds('redis') };
      const startedAt = performance.now();
      await Promise.all(coordinators.map(exit));
      cpu.sample(false);
      cpu.stop();
      const wallMs = performance.now() - startedAt;
      const used = {
        workers: seconds('worker') - before.workers,
        fhirServer: ownCpuSeconds() - own,
        coordinator: seconds('coordinator') - before.coordinators,
        redis: seconds('redis') - before.redis,
      };
      for (const w of ws) w.proc.kill('SIGTERM');
      await Promise.all(ws.map(exit));
      const manifests = coordinators.map(manifestOf);
      const processed = manifests.reduce((sum, m) => sum + m.patients.done + m.patients.failed, 0);
      return {
        patientsPerHour: Math.round((processed / wallMs) * 3_600_000),
        failed: manifests.reduce((sum, m) => sum + m.patients.failed, 0),
        cpu: cpuFigures(used, processed, wallMs),
      };
    };
    // The job code's own reference: the jobs of a run's spooled records in a plain loop, in one process and then in two
    // at once on the halves (each warmed up, both started by one signal). No queue around the job code can scale
    // better than the job code itself does on this host.
    const jobCode = async (records: string) => {
      const count = recordFiles(records).length;
      const loop = async (ranges: [number, number][]) => {
        const loops = ranges.map(([from, to]) => startJobLoop(records, from, to));
        children.push(...loops);
        await until(
          () => loops.every((l) => l.out.startsWith('ready\n')) || loops.some((l) => l.proc.exitCode !== null),
          180_000,
          'job loop warm-up'
        );
        // A loop that ended during its warm-up failed: its error lines, and no start signal written into a closed pipe.
        const failed = loops.find((l) => l.proc.exitCode !== null);
        if (failed) {
          for (const l of loops) l.proc.kill('SIGKILL');
          jobLoopFigures(failed);
          throw new Error(`bench registry: a job loop ended during its warm-up (exit ${failed.proc.exitCode})`);
        }
        const t = performance.now();
        for (const l of loops) l.proc.stdin?.end('go\n');
        await Promise.all(loops.map(exit));
        const wallMs = performance.now() - t;
        const figures = loops.map(jobLoopFigures);
        const patients = figures.reduce((sum, f) => sum + f.patients, 0);
        return {
          patientsPerHour: Math.round((patients / wallMs) * 3_600_000),
          cpuMsPerPatient: Math.round((figures.reduce((sum, f) => sum + f.cpuMs, 0) / patients) * 10) / 10,
        };
      };
      const half = Math.ceil(count / 2);
      return {
        one: await loop([[0, count]]),
        two: await loop([
          [0, half],
          [half, count],
        ]),
      };
    };
    // Rates on the whole cohort (a 200-patient run lasts ~10 s: its start and last job weigh on the rate); peak RSS
    // of two-worker runs on the slice and on the whole cohort, to show it does not grow with the cohort.
    const pairs: {
      one: Awaited<ReturnType<typeof run>>;
      two: Awaited<ReturnType<typeof run>>;
      halves: Awaited<ReturnType<typeof halves>>;
      jobCode: Awaited<ReturnType<typeof jobCode>>;
    }[] = [];
    for (let i = 0; i < Math.max(1, options.repeat ?? 1); i++) {
      const one = await run(cohortSize, 1);
      pairs.push({ one, two: await run(cohortSize, 2), halves: await halves(), jobCode: await jobCode(one.records) });
    }
    // The same pair with the query cache off: what a cohort whose every retrieval query is new would get.
    const uncached =
      options.uncached === false
        ? undefined
        : { one: await run(cohortSize, 1, NO_CACHE), two: await run(cohortSize, 2, NO_CACHE) };
    const part = await run(slice, 2);

    // Worker memory over a long life: one worker runs the whole cohort again and again (a new run each time, so every
    // job is new work); what it holds after each run shows whether memory grows with the jobs done or levels off.
    const longLife = async (count: number) => {
      const w = start(['worker', '--fhir', fhirBase], { REDIS_URL: redisUrl, ONCOAGENT_FHIR_TOKEN: token });
      children.push(w);
      await until(() => w.err.includes('waiting for registry jobs'), 120_000, 'worker start');
      const started = residentMemoryOf(w.proc.pid);
      const afterRuns: { jobs: number; rssMb?: number; peakMb?: number }[] = [];
      let jobs = 0;
      for (let i = 0; i < count; i++) {
        const c = start(
          [
            'registry',
            'run',
            '--fhir',
            fhirBase,
            '--group',
            groups[String(cohortSize)]!,
            '--out',
            join(work, `long-${i}`),
            '--json',
          ],
          { REDIS_URL: redisUrl, ONCOAGENT_FHIR_TOKEN: token }
        );
        children.push(c);
        await exit(c);
        jobs += manifestOf(c).patients.done;
        afterRuns.push({ jobs, ...residentMemoryOf(w.proc.pid) });
      }
      w.proc.kill('SIGTERM');
      await exit(w);
      return { startedMb: started?.rssMb, afterRuns };
    };
    const life = await longLife(Math.max(1, options.longLifeRuns ?? 2));

    // Resume: an in-process run killed (SIGKILL) after a few patients, then started again on the same folder.
    const resumeDir = join(work, 'resume');
    const args = [
      'registry',
      'run',
      '--fhir',
      fhirBase,
      '--group',
      groups[String(Math.max(1, Math.floor(slice / 2)))]!,
      '--out',
      resumeDir,
      '--json',
    ];
    const first = start(args, { REDIS_URL: undefined, ONCOAGENT_FHIR_TOKEN: token });
    children.push(first);
    await until(() => statusCount(resumeDir) >= 5, 300_000, 'five patients before the kill');
    first.proc.kill('SIGKILL');
    await exit(first);
    const before = statusCount(resumeDir);
    const restartedAt = performance.now();
    const second = start(args, { REDIS_URL: undefined, ONCOAGENT_FHIR_TOKEN: token });
    children.push(second);
    await until(() => statusCount(resumeDir) > before, 300_000, 'the first patient after the restart');
    const firstNewMs = Math.round(performance.now() - restartedAt);
    await exit(second);
    const resumed = manifestOf(second);

    const rates1 = pairs.map((p) => p.one.manifest.timings.patientsPerHour);
    const rates2 = pairs.map((p) => p.two.manifest.timings.patientsPerHour);
    const rate1 = median(rates1);
    const rate2 = median(rates2);
    const { one, two } =
      pairs[
        medianIndex(pairs.map((p) => p.two.manifest.timings.patientsPerHour / p.one.manifest.timings.patientsPerHour))
      ]!;
    const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
    const { halves: halvesOfMedian } =
      pairs[medianIndex(pairs.map((p) => p.halves.patientsPerHour / p.one.manifest.timings.patientsPerHour))]!;
    return {
      cohortPatients: cohortSize,
      cohortLoadMs: loadMs,
      slicePatients: slice,
      note: `patients/hour on the whole ${cohortSize}-patient synthetic cohort (export excluded); peak RSS of two-worker runs on its first ${slice} patients and on all of them`,
      patientsPerHour: {
        workers1: rate1,
        workers2: rate2,
        speedup: ratio(rate2, rate1),
        ...(pairs.length > 1
          ? {
              runs: { workers1: rates1, workers2: rates2 },
              speedupPerPair: pairs.map((p) =>
                ratio(p.two.manifest.timings.patientsPerHour, p.one.manifest.timings.patientsPerHour)
              ),
              // The two runs of a pair follow each other, so a slower or faster spell of a shared host weighs on both:
              // the median of the pairs' own ratios is steadier than the ratio of the medians.
              medianPairSpeedup: median(
                pairs.map((p) => ratio(p.two.manifest.timings.patientsPerHour, p.one.manifest.timings.patientsPerHour))
              ),
            }
          : {}),
        workers2Slice: part.manifest.timings.patientsPerHour,
        independentHalves: {
          note: 'the two halves of the cohort at once on two stacks sharing nothing (coordinator, one worker, Redis each), right after each pair: what this host gives two single-worker pipelines',
          runs: pairs.map((p) => p.halves.patientsPerHour),
          speedupPerRun: pairs.map((p) => ratio(p.halves.patientsPerHour, p.one.manifest.timings.patientsPerHour)),
          medianSpeedup: median(
            pairs.map((p) => ratio(p.halves.patientsPerHour, p.one.manifest.timings.patientsPerHour))
          ),
          // Above 1: two workers on one queue do better than the cohort split by hand.
          workers2PerHalves: median(
            pairs.map((p) => ratio(p.two.manifest.timings.patientsPerHour, p.halves.patientsPerHour))
          ),
        },
        jobCodeAlone: {
          note: "the job code alone (the one-worker run's spooled records; no Redis, coordinator or FHIR request) in one process, then in two at once on the halves, right after each pair: the most any queue around it can give on this host",
          runs: pairs.map((p) => ({
            process1: p.jobCode.one.patientsPerHour,
            processes2: p.jobCode.two.patientsPerHour,
          })),
          speedupPerRun: pairs.map((p) => ratio(p.jobCode.two.patientsPerHour, p.jobCode.one.patientsPerHour)),
          medianSpeedup: median(pairs.map((p) => ratio(p.jobCode.two.patientsPerHour, p.jobCode.one.patientsPerHour))),
          cpuMsPerPatient: {
            process1: median(pairs.map((p) => p.jobCode.one.cpuMsPerPatient)),
            processes2: median(pairs.map((p) => p.jobCode.two.cpuMsPerPatient)),
          },
          // The part of the job code's own speedup that two workers on the queue keep (1: all of it).
          workersSpeedupPerJobCodeSpeedup: median(
            pairs.map((p) =>
              ratio(
                p.two.manifest.timings.patientsPerHour / p.one.manifest.timings.patientsPerHour,
                p.jobCode.two.patientsPerHour / p.jobCode.one.patientsPerHour
              )
            )
          ),
        },
        // What this host could give at the two-worker run's CPU per patient (every process counted) with every core
        // busy: the ceiling of the speedup here, however the work is spread.
        ceiling: {
          cores: availableParallelism(),
          ...rateCeiling(two.cpu.cpuMsPerPatient, availableParallelism(), rate1),
        },
        ...(uncached
          ? {
              withoutQueryCache: {
                workers1: uncached.one.manifest.timings.patientsPerHour,
                workers2: uncached.two.manifest.timings.patientsPerHour,
                speedup: ratio(
                  uncached.two.manifest.timings.patientsPerHour,
                  uncached.one.manifest.timings.patientsPerHour
                ),
              },
            }
          : {}),
      },
      cacheHits: {
        note: 'hits/lookups in the workers over the measured run and its warm-up',
        retrieval: { workers1: one.retrievalCache, workers2: two.retrievalCache },
        validation: { workers1: one.validationCache, workers2: two.validationCache },
      },
      cpu: {
        note: "CPU milliseconds per patient by process over the jobs phase (from the coordinator's first job to its exit, merge included; the FHIR server is the sandbox in the bench process) and the cores the run kept busy, from /proc",
        workers1: one.cpu,
        workers2: two.cpu,
        independentHalves: halvesOfMedian.cpu,
        ...(uncached ? { withoutQueryCache: { workers1: uncached.one.cpu, workers2: uncached.two.cpu } } : {}),
      },
      failed:
        [...pairs.flatMap((p) => [p.one, p.two]), ...(uncached ? [uncached.one, uncached.two] : []), part].reduce(
          (sum, r) => sum + r.manifest.patients.failed,
          0
        ) + pairs.reduce((sum, p) => sum + p.halves.failed, 0),
      peakRssMb: {
        [`coordinator${part.manifest.patients.total}`]: part.manifest.peakRssMb,
        [`coordinator${two.manifest.patients.total}`]: two.manifest.peakRssMb,
        [`worker${part.manifest.patients.total}`]: part.workerRss,
        [`worker${two.manifest.patients.total}`]: two.workerRss,
      },
      workerMemory: {
        note: `one worker over ${life.afterRuns.length} runs of the whole cohort: resident MB after each run and the peak so far (VmRSS / VmHWM)`,
        startedMb: life.startedMb,
        afterRuns: life.afterRuns,
      },
      resume: {
        killedAfter: before,
        restartToFirstNewPatientMs: firstNewMs,
        patientsDone: resumed.patients.done,
        patientsTotal: resumed.patients.total,
      },
    };
  } finally {
    for (const c of children) if (c.proc.exitCode === null) c.proc.kill('SIGKILL');
    for (const r of redises) r.kill('SIGKILL');
    await server.close();
    rmSync(work, { recursive: true, force: true });
  }
}

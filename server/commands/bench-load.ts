// The load figure of `oncoagent bench`: many concurrent offline workups through the real HTTP API (start, follow,
// result) on loopback against the in-process sandbox, from several callers, with errors and process RSS reported.
import { randomUUID } from 'node:crypto';
import { loadConfig, type OncoConfig, offlineConfig } from '../config';
import { createApp, DEFAULT_APP_DIR } from '../http/app';
import { freePort, listen } from '../http/serve';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { type LoadCaller, type LoadRun, loadRun } from './bench-load-client';
import { mountSandbox } from './sandbox-mount';

export interface LoadBenchOptions {
  /** Workups started at once (default 50). */
  workups?: number;
  /** Distinct callers (token + patient), round-robin over the demo patients (default 10). */
  callers?: number;
  /** Give up throttled starts after this long (default 10 minutes). */
  deadlineMs?: number;
}

export interface LoadBench {
  workups: number;
  callers: number;
  completed: number;
  /** Runs that did not end in a result: failed, refused or given up. */
  failedRuns: number;
  /** Non-2xx answers other than 429, by kind. */
  errors: Record<string, number>;
  /** 429 answers (each followed by waiting its Retry-After). */
  throttled: number;
  toolTimeouts: number;
  /** Result reads answered 202 after the event stream had ended with `done` (each polled again). */
  resultNotReady: number;
  wallMs: number;
  p50Ms: number;
  p95Ms: number;
  rssMb: { before: number; after: number; peak: number };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * Runs the load benchmark, offline and without a model whatever the configuration says.
 * @param options - Workups, callers and deadline.
 * @param config - The configuration (default: loaded from the environment now); its offline copy is used.
 * @returns Counts, latency percentiles (start to result, waits included) and RSS before, after and at peak.
 */
export async function benchLoad(options: LoadBenchOptions = {}, config: OncoConfig = loadConfig()): Promise<LoadBench> {
  const n = options.workups ?? 50;
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { sandbox, mount } = await mountSandbox({
    publicUrl: url,
    secret: randomUUID(),
    tokenTtlSeconds: 3600,
    open: false,
    redirectOrigins: [],
    seedDirs: [],
  });
  const { app, close } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: 'oncoagent',
    scope: 'launch openid fhirUser patient/*.rs',
    cspConnect: "'self'",
    config: offlineConfig(config),
    mount,
  });
  const running = await listen(app, port, '127.0.0.1');
  const fhirBase = `${url}/sandbox/fhir/R4`;
  try {
    // Tokens as the sandbox's token endpoint issues them after an EHR launch, one user per caller.
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const callers: LoadCaller[] = Array.from({ length: options.callers ?? 10 }, (_, i) => {
      const patientId = DEMO_PATIENT_IDS[i % DEMO_PATIENT_IDS.length] ?? '';
      const token = sandbox.signer.sign({
        iss: `${url}/sandbox/auth`,
        sub: `Practitioner/bench-user-${i + 1}`,
        aud: fhirBase,
        client_id: 'oncoagent',
        scope: 'launch openid fhirUser patient/*.rs',
        patient: patientId,
        jti: randomUUID(),
        exp,
      });
      return { url, fhirBase, patientId, token };
    });
    // One warm-up run opens the knowledge index and loads the definitions; it is not counted.
    const deadline = performance.now() + (options.deadlineMs ?? 600_000);
    await loadRun(callers[0]!, deadline);
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t0 = performance.now();
    let runs: LoadRun[];
    try {
      runs = await Promise.all(Array.from({ length: n }, (_, i) => loadRun(callers[i % callers.length]!, deadline)));
    } finally {
      clearInterval(sampler);
    }
    const wallMs = Math.round(performance.now() - t0);
    const after = process.memoryUsage().rss;
    const errors: Record<string, number> = {};
    for (const e of runs.flatMap((r) => r.errors)) errors[e] = (errors[e] ?? 0) + 1;
    const times = runs.filter((r) => r.ok).map((r) => r.totalMs);
    return {
      workups: n,
      callers: callers.length,
      completed: runs.filter((r) => r.ok).length,
      failedRuns: runs.filter((r) => !r.ok).length,
      errors,
      throttled: runs.reduce((s, r) => s + r.throttled, 0),
      toolTimeouts: runs.reduce((s, r) => s + r.toolTimeouts, 0),
      resultNotReady: runs.reduce((s, r) => s + r.notReady, 0),
      wallMs,
      p50Ms: Math.round(percentile(times, 50)),
      p95Ms: Math.round(percentile(times, 95)),
      rssMb: { before: mb(before), after: mb(after), peak: mb(Math.max(peak, after)) },
    };
  } finally {
    await running.close();
    await close?.();
  }
}

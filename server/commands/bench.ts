// `oncoagent bench`: measures the DESIGN §6 figures on this machine and prints them (JSON with --json).
import { cpus } from 'node:os';
import { createAnswerer, createRetrieve } from '../answer';
import { loadConfig, type OncoConfig } from '../config';
import { createFhirClient } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import { createApp, DEFAULT_APP_DIR } from '../http/app';
import { freePort, listen } from '../http/serve';
import { benchRetrieval } from '../rag/bench';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { benchSegmentation } from '../tools/segment_lesion/bench';
import { benchLoad } from './bench-load';
import { benchRegistry } from './bench-registry';
import { CliError } from './cli-error';
import { benchWorkup } from './eval-agent';
import { mountSandbox } from './sandbox-mount';
import { benchSynoptic } from './synoptic';

export interface BenchFlags {
  json?: boolean;
  /** Comma-separated benchmark names; default all. */
  only?: string;
  /** Registry: pairs of one- and two-worker runs whose medians are reported (default 1). */
  repeat?: string | number;
  /** Registry: synthetic patients in the cohort (default 1000). */
  cohort?: string | number;
  /** Registry: patients of the smaller run whose peak RSS is compared with the whole cohort's (default 200). */
  slice?: string | number;
  /** Registry: leave out the pair of runs with the retrieval query cache off. */
  cacheOnly?: boolean;
}

/** p-th percentile (0–100) of a list of numbers, nearest-rank. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(0, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[rank] ?? Number.NaN;
}

const round = (n: number): number => Math.round(n * 10) / 10;

async function benchRecord(config: OncoConfig): Promise<Record<string, unknown>> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const t0 = performance.now();
  const { sandbox, mount } = await mountSandbox({
    publicUrl: url,
    secret: 'bench',
    tokenTtlSeconds: 600,
    open: false,
    redirectOrigins: [],
    seedDirs: [],
  });
  const { app } = await createApp({
    appDir: DEFAULT_APP_DIR,
    clientId: 'oncoagent',
    scope: 'patient/*.rs',
    cspConnect: "'self'",
    mount,
    config,
  });
  const startMs = performance.now() - t0;
  let requests = 0;
  const fetchApp = app.fetch;
  app.fetch = (req, ...rest) => {
    if (new URL(req.url).pathname.startsWith('/sandbox/fhir/R4')) requests++;
    return fetchApp(req, ...rest);
  };
  const running = await listen(app, port, '127.0.0.1');
  try {
    const token = sandbox.signer.sign({
      aud: `${url}/sandbox/fhir/R4`,
      scope: 'system/*.rs',
      exp: Math.floor(Date.now() / 1000) + 600,
    });
    const fhir = createFhirClient({ baseUrl: `${url}/sandbox/fhir/R4`, token });
    const times: number[] = [];
    const trips: number[] = [];
    for (let round = 0; round < 5; round++) {
      for (const id of DEMO_PATIENT_IDS) {
        requests = 0;
        const t = performance.now();
        await loadPatientRecord(fhir, id);
        times.push(performance.now() - t);
        trips.push(requests);
      }
    }
    return {
      sandboxStartMs: round(startMs),
      patients: DEMO_PATIENT_IDS.length,
      loads: times.length,
      roundTripsMax: Math.max(...trips),
      loadP50Ms: round(percentile(times, 50)),
      loadP95Ms: round(percentile(times, 95)),
    };
  } finally {
    await running.close();
  }
}

/** Every benchmark by name, in the order they run. */
const BENCHMARKS: Record<string, (config: OncoConfig, flags: BenchFlags) => Promise<unknown>> = {
  record: benchRecord,
  segmentation: () => benchSegmentation(),
  retrieval: (config) => benchRetrieval({ knowledgeDir: config.rag.knowledgeDir, evalDir: config.rag.evalDir }),
  synoptic: () => benchSynoptic(),
  workup: (config) =>
    benchWorkup({
      answerer: createAnswerer(),
      retrieve: createRetrieve({ config: config.rag }),
      tools: config.tools,
      runs: 5,
    }),
  load: (config) => benchLoad({ workups: 50 }, config),
  registry: (config, flags) =>
    benchRegistry(
      {
        repeat: repeatOf(flags.repeat),
        cohort: countOf(flags.cohort, '--cohort', 10, 100_000),
        slice: countOf(flags.slice, '--slice', 1, 100_000),
        uncached: !flags.cacheOnly,
      },
      config
    ),
};

/** A whole-number option within bounds; undefined when not given. */
function countOf(value: string | number | undefined, name: string, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new CliError(`${name} must be a whole number from ${min} to ${max}`);
  return n;
}

/** --repeat as a count from 1 to 20 (default 1). */
const repeatOf = (value: BenchFlags['repeat']): number => countOf(value, '--repeat', 1, 20) ?? 1;

/**
 * Runs the benchmarks and prints the figures.
 * @param flags - --json for machine-readable output; --only to run some of them.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function benchCommand(flags: BenchFlags, config: OncoConfig = loadConfig()): Promise<void> {
  const names = flags.only ? flags.only.split(',').map((s) => s.trim()) : Object.keys(BENCHMARKS);
  const unknown = names.filter((name) => !BENCHMARKS[name]);
  if (unknown.length)
    throw new CliError(`Unknown benchmark ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
  const figures: Record<string, unknown> = { machine: { cpus: cpus().length, node: process.version } };
  repeatOf(flags.repeat);
  countOf(flags.cohort, '--cohort', 10, 100_000);
  countOf(flags.slice, '--slice', 1, 100_000);
  for (const name of names) figures[name] = await BENCHMARKS[name]!(config, flags);
  process.stdout.write(flags.json ? `${JSON.stringify(figures, null, 2)}\n` : `${formatFigures(figures)}\n`);
}

function formatFigures(figures: Record<string, unknown>, indent = ''): string {
  return Object.entries(figures)
    .map(([k, v]) =>
      v && typeof v === 'object'
        ? `${indent}${k}:\n${formatFigures(v as Record<string, unknown>, `${indent}  `)}`
        : `${indent}${k}: ${v}`
    )
    .join('\n');
}

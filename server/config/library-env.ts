// Settings that third-party libraries read from the process environment themselves (LanceDB's thread pool, the
// `debug` package), written here before those libraries load: the only writes to the environment.
import { availableParallelism } from 'node:os';
import type { EnvSource } from './schema';

type WritableEnv = Record<string, string | undefined>;

/** Debug namespaces that would print tokens or patient data. */
const LEAKY = ['fhir-kit-client:*'];

/**
 * Adds skip patterns for the leaky namespaces to DEBUG (skips win over any enabling pattern, `*` included).
 * @param env - The environment to change (default `process.env`).
 */
export function silenceLeakyLoggers(env: WritableEnv = process.env): void {
  const current = env.DEBUG?.trim();
  if (!current) return;
  const skips = LEAKY.map((ns) => `-${ns}`).filter((s) => !current.split(/[\s,]+/).includes(s));
  if (skips.length) env.DEBUG = [current, ...skips].join(',');
}

/**
 * Lance's thread settings for this machine; explicit LANCE_CPU_THREADS / LANCE_FTS_NUM_SHARDS win. One compute thread
 * per CPU, at least two: the full-text index build needs a pool larger than its build workers (half the pool), and a
 * larger pool only oversubscribes the CPUs — with two registry workers on two cores, four threads each made both
 * slower (patients/hour 67–74 k → 87 k on the synthetic cohort with two threads; a 100,000-chunk index still builds).
 * @param env - The current environment.
 * @param cpus - Logical CPUs.
 * @returns The values to set.
 */
export function lanceThreads(
  env: EnvSource,
  cpus: number
): { LANCE_CPU_THREADS: string; LANCE_FTS_NUM_SHARDS: string } {
  const threads = Number(env.LANCE_CPU_THREADS) || Math.max(2, cpus);
  return {
    LANCE_CPU_THREADS: env.LANCE_CPU_THREADS ?? String(threads),
    LANCE_FTS_NUM_SHARDS: env.LANCE_FTS_NUM_SHARDS ?? String(Math.max(1, Math.floor(threads / 2))),
  };
}

/**
 * Writes Lance's thread settings into the environment (Lance reads them when its native runtime starts).
 * @param env - The environment to change (default `process.env`).
 */
export function applyLanceThreads(env: WritableEnv = process.env): void {
  Object.assign(env, lanceThreads(env, availableParallelism()));
}

// `oncoagent worker`: executes registry jobs from Redis (REDIS_URL) until SIGTERM/SIGINT, then lets the jobs in hand
// finish and exits 0. Its FHIR server and credentials come from its own flags and environment, never from Redis.
import { CLI_WRITE_SCOPE } from '../../common/smart/scopes';
import type { WorkupDeps } from '../agent/deps';
import type { Retrieve } from '../answer/retrieve';
import type { OncoConfig } from '../config';
import { startWorker } from '../registry/bullmq-worker';
import { errorText, isUnavailable } from '../registry/errors';
import { runJob } from '../registry/job';
import { connectRedis } from '../registry/redis';
import { tokenSourceOf } from '../registry/token-source';
import { validationCacheStats } from '../writeback/validate';
import { CliError, UnavailableError } from './cli-error';
import { countOf } from './registry';
import { checkBackendFlags } from './workup-auth';

export interface WorkerFlags {
  fhir?: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  keyId?: string;
  alg?: string;
  scope?: string;
  /** Jobs at once in this process (default 1). */
  concurrency?: string | number;
}

export interface WorkerIo {
  stderr?: { write(text: string): unknown };
  /** Aborts on SIGTERM/SIGINT: the worker stops taking jobs and finishes those in hand. */
  signal: AbortSignal;
}

/** ", retrieval cache H/Q queries" when the retrieval keeps a cache (the production one does). */
function retrievalCacheText(retrieve: WorkupDeps['retrieve']): string {
  const stats = (retrieve as Partial<Retrieve>).cacheStats?.();
  return stats ? `, retrieval cache ${stats.hits}/${stats.hits + stats.misses} queries` : '';
}

/**
 * Runs a worker until the signal aborts.
 * @param flags - FHIR base and credentials, concurrency.
 * @param config - The configuration (REDIS_URL, ONCOAGENT_FHIR_TOKEN / ONCOAGENT_CLIENT_SECRET, the model).
 * @param workupDeps - Builds the workup dependencies.
 * @param io - Log sink and the stop signal.
 * @returns Counts of the jobs this worker ran.
 */
export async function workerCommand(
  flags: WorkerFlags,
  config: OncoConfig,
  workupDeps: () => WorkupDeps,
  io: WorkerIo
): Promise<{ done: number; failed: number }> {
  const redisUrl = config.registry.redisUrl;
  if (!redisUrl) throw new CliError('REDIS_URL is required: the worker takes its jobs from Redis');
  if (!flags.fhir || !/^https?:\/\/\S+$/i.test(flags.fhir))
    throw new CliError('--fhir URL is required (the server the jobs read)');
  const secret = flags.clientSecret ?? config.fhir.clientSecret;
  checkBackendFlags(flags, secret);
  if (flags.clientSecret && !flags.clientId) throw new CliError('--client-secret needs --client-id');
  const concurrency = countOf(flags.concurrency, 'concurrency');
  // Write scopes too: a run with --write commits each patient's plan from the worker.
  const scope = flags.scope ?? `${CLI_WRITE_SCOPE} system/Group.rs`;
  const tokens = tokenSourceOf({
    fhirBase: flags.fhir,
    token: flags.token ?? config.fhir.token,
    clientId: flags.clientId,
    clientSecret: secret,
    privateKey: flags.privateKey,
    keyId: flags.keyId,
    alg: flags.alg,
    scope,
  });
  const deps = workupDeps();
  let connection: Awaited<ReturnType<typeof connectRedis>>;
  try {
    connection = await connectRedis(redisUrl);
  } catch (err) {
    throw isUnavailable(err) ? new UnavailableError(errorText(err)) : err;
  }
  const counts = { done: 0, failed: 0 };
  const worker = startWorker({
    connection,
    fhirBase: flags.fhir,
    concurrency,
    job: (data, signal) => runJob(data, { workup: deps, tokens }, signal),
    onJob: (e) => {
      if (e.ok) counts.done++;
      else counts.failed++;
      io.stderr?.write(
        `worker: job ${e.ok ? 'done' : 'failed'} in ${Math.round(e.ms)} ms (${counts.done} done, ${counts.failed} failed)\n`
      );
    },
  });
  io.stderr?.write(`worker: waiting for registry jobs (concurrency ${concurrency})\n`);
  await new Promise<void>((resolve) => {
    if (io.signal.aborted) resolve();
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  io.stderr?.write('worker: stopping after the jobs in hand\n');
  await worker.close();
  await connection.quit().catch(() => undefined);
  const v = validationCacheStats();
  const cache = `${retrievalCacheText(deps.retrieve)}, validation cache ${v.hits}/${v.hits + v.misses} resources`;
  io.stderr?.write(`worker: stopped (peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB${cache})\n`);
  return counts;
}

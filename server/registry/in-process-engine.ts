// The embedded engine (no REDIS_URL): jobs run in this process, at most N at once, each retried with exponential
// backoff and jitter before it is given up; one patient's failure never stops the others.
import { backoffDelay, sleep } from '../net/backoff';
import { ATTEMPTS, type Engine, type JobFunction, type JobOutcome } from './engine';
import { errorText } from './errors';
import type { JobData } from './job';

export interface InProcessOptions {
  /** Jobs at once (default 1). */
  concurrency?: number;
  /** Attempts per patient (default 3). */
  attempts?: number;
  /** Wait before the first retry, before jitter (default 1 s); doubles up to 30 s. */
  backoffMs?: number;
  random?: () => number;
}

/** Runs registry jobs in this process. */
export class InProcessEngine implements Engine {
  readonly name = 'in-process' as const;

  constructor(
    private readonly job: JobFunction,
    private readonly options: InProcessOptions = {}
  ) {}

  private async attempt(data: JobData, signal?: AbortSignal): Promise<JobOutcome> {
    const attempts = this.options.attempts ?? ATTEMPTS;
    let error = '';
    for (let n = 1; n <= attempts; n++) {
      try {
        return { patientId: data.patientId, ok: true, attempts: n, result: await this.job(data, signal) };
      } catch (err) {
        if (signal?.aborted) throw signal.reason;
        error = errorText(err);
        if (n < attempts)
          await sleep(backoffDelay(n, this.options.backoffMs ?? 1000, 30_000, this.options.random), signal);
      }
    }
    return { patientId: data.patientId, ok: false, attempts, error };
  }

  async run(jobs: JobData[], onOutcome: (o: JobOutcome) => void, signal?: AbortSignal): Promise<void> {
    let next = 0;
    const lane = async () => {
      while (next < jobs.length && !signal?.aborted) {
        const data = jobs[next++]!;
        onOutcome(await this.attempt(data, signal));
      }
    };
    const lanes = Math.max(1, Math.min(this.options.concurrency ?? 1, jobs.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    if (signal?.aborted) throw signal.reason;
  }

  async close(): Promise<void> {}
}

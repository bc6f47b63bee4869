// The BullMQ engine (REDIS_URL set): `registry run` enqueues one job per patient with a deterministic id (enqueueing
// again is a no-op; a job that failed in an earlier attempt of the run is retried, one that finished is taken as is),
// and follows them through the queue's event stream. Any number of `oncoagent worker` processes execute them; retries
// with exponential backoff and jitter are BullMQ's. Job data carries no credentials.
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { ATTEMPTS, bullJobId, type Engine, type JobOutcome, QUEUE_NAME } from './engine';
import { errorText } from './errors';
import type { JobData } from './job';
import { type PackedResult, unpackResult } from './packed-result';

export interface BullMqOptions {
  connection: Redis;
  /** Queue name (default oncoagent-registry; tests use their own). */
  queueName?: string;
  attempts?: number;
  /** Wait before the first retry (default 1 s), doubling, with 50% jitter. */
  backoffMs?: number;
  /** Finished jobs whose results Redis keeps, newest first (default `KEEP_RESULTS`). */
  keepResults?: number;
}

const WEEK_S = 7 * 24 * 3600;
/**
 * Finished jobs kept in Redis with their results (each a patient's resources, ~24 KB offline, ~10 KB packed). A result is
 * only read again when it finished while no coordinator listened (a resumed run); one no longer kept is simply run again
 * (its outputs are the same, its write-back idempotent). Without a count, a 100,000-patient cohort would hold ~1 GB of
 * packed results in Redis for a week.
 */
export const KEEP_RESULTS = 10_000;
/** Jobs enqueued per Redis call. */
const ENQUEUE_CHUNK = 500;

/** Enqueues registry jobs and waits for BullMQ workers to finish them. */
export class BullMqEngine implements Engine {
  readonly name = 'bullmq' as const;
  readonly queue: Queue<JobData, PackedResult>;
  private readonly events: QueueEvents;
  private readonly eventsConnection: Redis;

  constructor(private readonly options: BullMqOptions) {
    const name = options.queueName ?? QUEUE_NAME;
    this.queue = new Queue<JobData, PackedResult>(name, { connection: options.connection });
    // QueueEvents blocks on its connection: it needs one of its own.
    this.eventsConnection = options.connection.duplicate();
    this.eventsConnection.on('error', () => undefined);
    this.events = new QueueEvents(name, { connection: this.eventsConnection });
  }

  /**
   * The outcome of a job that already finished (a resumed run whose coordinator stopped before recording it); `gone`
   * when Redis no longer holds it (its result was dropped as older than the newest `keepResults`, possibly just now).
   */
  private async finished(job: Job<JobData, PackedResult>): Promise<JobOutcome | 'failed' | 'gone' | undefined> {
    const state = await job.getState();
    if (state === 'failed') return 'failed';
    if (state === 'unknown') return 'gone';
    if (state !== 'completed') return undefined;
    // addBulk returns the job as asked for, not as stored: read the stored result.
    const stored = await this.queue.getJob(job.id!);
    if (!stored) return 'gone';
    // Stored without a readable result (added again, it would be a no-op and never finish): a failure to report.
    try {
      const result = unpackResult(stored.returnvalue);
      return { patientId: job.data.patientId, ok: true, attempts: Math.max(1, result.attempts ?? 1), result };
    } catch (err) {
      return { patientId: job.data.patientId, ok: false, attempts: 1, error: errorText(err) };
    }
  }

  private jobOptions(data: JobData) {
    return {
      jobId: bullJobId(data.runId, data.patientId),
      attempts: this.options.attempts ?? ATTEMPTS,
      backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000, jitter: 0.5 },
      removeOnComplete: { age: WEEK_S, count: this.options.keepResults ?? KEEP_RESULTS },
      removeOnFail: { age: WEEK_S },
    };
  }

  async run(jobs: JobData[], onOutcome: (o: JobOutcome) => void, signal?: AbortSignal, fresh = false): Promise<void> {
    await this.events.waitUntilReady();
    // The run's jobs are followed through the queue's event stream by id: memory per waiting patient is one map entry,
    // not a Job object and its listeners, so the coordinator's RSS does not grow with the cohort.
    const waiting = new Map<string, string>();
    let settle: (() => void) | undefined;
    let fail: ((err: unknown) => void) | undefined;
    const allDone = new Promise<void>((resolve, reject) => {
      settle = resolve;
      fail = reject;
    });
    allDone.catch(() => undefined);
    let enqueued = false;
    const report = (jobId: string, outcome: JobOutcome) => {
      if (!waiting.delete(jobId)) return;
      try {
        onOutcome(outcome);
      } catch (err) {
        fail?.(err);
      }
      if (enqueued && waiting.size === 0) settle?.();
    };
    const onCompleted = ({ jobId, returnvalue }: { jobId: string; returnvalue: unknown }) => {
      const patientId = waiting.get(jobId);
      if (patientId === undefined) return;
      try {
        const result = unpackResult(returnvalue);
        report(jobId, { patientId, ok: true, attempts: Math.max(1, result.attempts ?? 1), result });
      } catch (err) {
        report(jobId, { patientId, ok: false, attempts: 1, error: errorText(err) });
      }
    };
    const onFailed = ({ jobId, failedReason }: { jobId: string; failedReason: string }) => {
      const patientId = waiting.get(jobId);
      if (patientId === undefined) return;
      // BullMQ emits `failed` once the job has used its attempts (earlier attempts go back to the queue).
      void this.queue.getJob(jobId).then(
        (job) =>
          report(jobId, {
            patientId,
            ok: false,
            attempts: job?.attemptsMade ?? this.options.attempts ?? ATTEMPTS,
            error: errorText(failedReason || job?.failedReason || 'failed'),
          }),
        (err: unknown) => fail?.(err)
      );
    };
    const onAbort = () => fail?.(signal?.reason);
    this.events.on('completed', onCompleted);
    this.events.on('failed', onFailed);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      if (signal?.aborted) throw signal.reason;
      for (let i = 0; i < jobs.length; i += ENQUEUE_CHUNK) {
        const chunk = jobs.slice(i, i + ENQUEUE_CHUNK);
        for (const data of chunk) waiting.set(bullJobId(data.runId, data.patientId), data.patientId);
        const added = await this.queue.addBulk(
          chunk.map((data) => ({ name: 'patient', data, opts: this.jobOptions(data) }))
        );
        // A job of this run from an earlier attempt may have finished while no coordinator listened (take its result),
        // failed for good (it gets its attempts again), or finished so long ago that its result is gone (it runs again).
        // A fresh run has none: its jobs are not read back (a Redis call per patient while the workers start).
        for (const job of fresh ? [] : added) {
          const before = await this.finished(job);
          if (before === 'failed') await job.retry('failed');
          // Gone and not reported by now: added again (its completion then comes through the events like any other).
          else if (before === 'gone' && waiting.has(job.id!))
            await this.queue.add('patient', job.data, this.jobOptions(job.data));
          else if (before && before !== 'gone') report(job.id!, before);
        }
      }
      enqueued = true;
      if (waiting.size === 0) return;
      await allDone;
    } finally {
      this.events.off('completed', onCompleted);
      this.events.off('failed', onFailed);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /** Closes the queue, its events and both connections. */
  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    this.eventsConnection.disconnect();
    await this.options.connection.quit().catch(() => undefined);
  }
}

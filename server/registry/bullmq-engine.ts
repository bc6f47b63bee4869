// The BullMQ engine (REDIS_URL set): `registry run` enqueues one job per patient with a deterministic id (enqueueing
// again is a no-op; a job that failed in an earlier attempt of the run is retried), and waits for each through
// QueueEvents. Any number of `oncoagent worker` processes execute them; retries with exponential backoff and jitter
// are BullMQ's. Job data carries no credentials.
import { type Job, Queue, QueueEvents } from 'bullmq';
import type { Redis } from 'ioredis';
import { ATTEMPTS, bullJobId, type Engine, type JobOutcome, QUEUE_NAME } from './engine';
import { errorText } from './errors';
import type { JobData, JobResult } from './job';

export interface BullMqOptions {
  connection: Redis;
  /** Queue name (default oncoagent-registry; tests use their own). */
  queueName?: string;
  attempts?: number;
  /** Wait before the first retry (default 1 s), doubling, with 50% jitter. */
  backoffMs?: number;
}

const WEEK_S = 7 * 24 * 3600;

/** Enqueues registry jobs and waits for BullMQ workers to finish them. */
export class BullMqEngine implements Engine {
  readonly name = 'bullmq' as const;
  readonly queue: Queue<JobData, JobResult>;
  private readonly events: QueueEvents;
  private readonly eventsConnection: Redis;

  constructor(private readonly options: BullMqOptions) {
    const name = options.queueName ?? QUEUE_NAME;
    this.queue = new Queue<JobData, JobResult>(name, { connection: options.connection });
    // QueueEvents blocks on its connection: it needs one of its own.
    this.eventsConnection = options.connection.duplicate();
    this.eventsConnection.on('error', () => undefined);
    this.events = new QueueEvents(name, { connection: this.eventsConnection });
    // One waiter per job in flight: many listeners are expected here.
    this.events.setMaxListeners(0);
    this.queue.setMaxListeners(0);
  }

  private async outcome(
    job: Job<JobData, JobResult>,
    aborted: Promise<never>,
    signal?: AbortSignal
  ): Promise<JobOutcome> {
    const patientId = job.data.patientId;
    try {
      const result = (await Promise.race([job.waitUntilFinished(this.events), aborted])) as JobResult;
      // The worker says which attempt it was; reading the job back (its whole result again) only for older workers.
      const attempts = result.attempts ?? (await this.queue.getJob(job.id!))?.attemptsMade ?? 1;
      return { patientId, ok: true, attempts: Math.max(1, attempts), result };
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const after = await this.queue.getJob(job.id!);
      return { patientId, ok: false, attempts: after?.attemptsMade ?? ATTEMPTS, error: errorText(err) };
    }
  }

  async run(jobs: JobData[], onOutcome: (o: JobOutcome) => void, signal?: AbortSignal): Promise<void> {
    await this.events.waitUntilReady();
    const added = await this.queue.addBulk(
      jobs.map((data) => ({
        name: 'patient',
        data,
        opts: {
          jobId: bullJobId(data.runId, data.patientId),
          attempts: this.options.attempts ?? ATTEMPTS,
          backoff: { type: 'exponential', delay: this.options.backoffMs ?? 1000, jitter: 0.5 },
          removeOnComplete: { age: WEEK_S },
          removeOnFail: { age: WEEK_S },
        },
      }))
    );
    // A patient that failed in an earlier attempt of this run gets its attempts again.
    for (const job of added) if ((await job.getState()) === 'failed') await job.retry('failed');
    // One listener on the caller's signal for all the jobs waited on.
    const aborted = new Promise<never>((_, reject) => {
      if (signal?.aborted) reject(signal.reason);
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    aborted.catch(() => undefined);
    await Promise.all(added.map(async (job) => onOutcome(await this.outcome(job, aborted, signal))));
  }

  /** Closes the queue, its events and both connections. */
  async close(): Promise<void> {
    await this.events.close();
    await this.queue.close();
    this.eventsConnection.disconnect();
    await this.options.connection.quit().catch(() => undefined);
  }
}

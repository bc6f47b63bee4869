// The worker side of the BullMQ engine: runs registry jobs from Redis with the runner's own credentials (never any
// from the job), refuses a job for another FHIR server than its own, and shuts down gracefully: `close()` lets the
// jobs in hand finish before the process goes.
import { Worker } from 'bullmq';
import type { Redis } from 'ioredis';
import { QUEUE_NAME } from './engine';
import { registryError } from './errors';
import type { JobData, JobResult } from './job';
import { type PackedResult, packResult } from './packed-result';

export interface WorkerOptions {
  connection: Redis;
  /** Runs one job (runJob bound to this worker's dependencies). */
  job: (data: JobData, signal?: AbortSignal) => Promise<JobResult>;
  /** The FHIR base this worker holds credentials for: jobs for any other server fail without a request. */
  fhirBase: string;
  concurrency?: number;
  queueName?: string;
  /** Called after each job (done or failed attempt), for the worker's log line. */
  onJob?: (e: { patientId: string; ok: boolean; ms: number }) => void;
}

const normal = (url: string) => url.replace(/\/+$/, '');

/**
 * Starts a worker.
 * @param o - Connection, job function, FHIR base, concurrency.
 * @returns The BullMQ Worker (call `close()` to stop after the current jobs); results go back packed.
 */
export function startWorker(o: WorkerOptions): Worker<JobData, PackedResult> {
  const worker = new Worker<JobData, PackedResult>(
    o.queueName ?? QUEUE_NAME,
    async (job, _token, signal) => {
      const t0 = performance.now();
      try {
        if (normal(job.data.fhirBase) !== normal(o.fhirBase)) {
          throw registryError('security', 'The job is for another FHIR server than this worker serves');
        }
        const result = await o.job(job.data, signal);
        o.onJob?.({ patientId: job.data.patientId, ok: true, ms: performance.now() - t0 });
        return packResult({ ...result, attempts: job.attemptsMade + 1 });
      } catch (err) {
        o.onJob?.({ patientId: job.data.patientId, ok: false, ms: performance.now() - t0 });
        throw err;
      }
    },
    { connection: o.connection, concurrency: o.concurrency ?? 1, autorun: true }
  );
  // Errors of the connection are retried by ioredis; a listener keeps them from crashing the process.
  worker.on('error', () => undefined);
  return worker;
}

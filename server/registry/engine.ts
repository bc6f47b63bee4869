// The seam between a registry run and where its jobs execute: in this process (bounded concurrency) or on BullMQ
// workers. Both run the same job function and report one outcome per patient: its result, or the last error after
// the retries.
import type { JobData, JobResult } from './job';

export type JobOutcome =
  | { patientId: string; ok: true; attempts: number; result: JobResult }
  | { patientId: string; ok: false; attempts: number; error: string };

/** Runs the jobs of one run. */
export interface Engine {
  /** Short name for the manifest and the progress line. */
  readonly name: 'in-process' | 'bullmq';
  /**
   * Runs every job (in the given order as far as concurrency allows) and reports each outcome once.
   * @param jobs - One per pending patient.
   * @param onOutcome - Called as each patient finishes (done, or failed after its attempts).
   * @param signal - Stops waiting; in-process jobs are cancelled, queued ones stay in Redis for a resumed run.
   * @param fresh - The run was just created (a new run id): no job of it can exist from an earlier attempt.
   */
  run(jobs: JobData[], onOutcome: (o: JobOutcome) => void, signal?: AbortSignal, fresh?: boolean): Promise<void>;
  close(): Promise<void>;
}

/** Attempts per patient (the first and two retries). */
export const ATTEMPTS = 3;

/** The function an engine runs for a job (the real `runJob` bound to the runner's dependencies, or a test double). */
export type JobFunction = (data: JobData, signal?: AbortSignal) => Promise<JobResult>;

/** The BullMQ queue of registry jobs. */
export const QUEUE_NAME = 'oncoagent-registry';

/** A BullMQ job id (no ':' allowed): deterministic, so enqueueing a patient twice is a no-op. */
export const bullJobId = (runId: string, patientId: string): string => `${runId}-${patientId}`;

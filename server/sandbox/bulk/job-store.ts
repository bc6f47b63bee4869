// The sandbox's Bulk Data jobs: who owns each, how far it got, where its files are, and when they are deleted (on
// cancel, or an hour after the job ends); also the per-client limit on jobs running at once.
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperationOutcomeError, tooManyRequests } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { NdjsonFile } from './writer';

/** queued: waiting to start; running; complete: manifest ready; failed: an OperationOutcome instead. */
export type JobState = 'queued' | 'running' | 'complete' | 'failed';

/** One export. */
export interface BulkJob {
  id: string;
  owner: string;
  /** The full kick-off URL (the manifest's `request`). */
  request: string;
  transactionTime: string;
  state: JobState;
  /** Short text for `X-Progress` (under 100 characters). */
  progress: string;
  /** Directory holding the job's files. */
  dir: string;
  output: NdjsonFile[];
  error: NdjsonFile[];
  failure?: OperationOutcome;
  /** When the files go (ms since epoch), set when the job ends. */
  expiresAt?: number;
  /** Aborted when the job is cancelled or expires. */
  controller: AbortController;
}

export interface JobStoreOptions {
  /** Parent directory for job directories; default a fresh one under the system temp dir. */
  dir?: string;
  /** Queued or running jobs one client may have (default 2); the next kick-off gets 429. */
  maxActivePerOwner?: number;
  /** Seconds a finished job's files stay available (default 3600). */
  expirySeconds?: number;
  /** Clock (tests). */
  now?: () => number;
}

/** Seconds a client is told to wait before polling again or retrying a refused kick-off. */
export const RETRY_AFTER_SECONDS = 1;

/** The jobs of one sandbox. */
export class BulkJobStore {
  private readonly jobs = new Map<string, BulkJob>();
  private baseDir: string | undefined;
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly options: JobStoreOptions = {}) {
    const everyMs = Math.min(this.ttlMs, 60_000);
    this.sweeper = setInterval(() => this.sweep(), everyMs);
    this.sweeper.unref();
  }

  private get ttlMs(): number {
    return (this.options.expirySeconds ?? 3600) * 1000;
  }

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  /**
   * Files a new job and makes its directory; 429 when the owner already has the maximum running.
   * @param owner - The client.
   * @param request - The kick-off URL.
   * @returns The queued job.
   */
  create(owner: string, request: string): BulkJob {
    this.sweep();
    const active = [...this.jobs.values()].filter((j) => j.owner === owner && !isFinished(j)).length;
    const max = this.options.maxActivePerOwner ?? 2;
    if (active >= max) {
      throw new OperationOutcomeError({
        ...tooManyRequests,
        issue: [
          {
            severity: 'error',
            code: 'throttled',
            details: { text: `This client already has ${active} export(s) running (at most ${max}); retry later` },
          },
        ],
      });
    }
    const id = randomUUID();
    if (!this.baseDir) this.baseDir = this.options.dir ?? mkdtempSync(join(tmpdir(), 'oncoagent-bulk-'));
    const dir = join(this.baseDir, id);
    mkdirSync(dir, { recursive: true });
    const job: BulkJob = {
      id,
      owner,
      request,
      transactionTime: new Date(this.now()).toISOString(),
      state: 'queued',
      progress: 'queued',
      dir,
      output: [],
      error: [],
      controller: new AbortController(),
    };
    this.jobs.set(id, job);
    return job;
  }

  /**
   * A job as its owner sees it; anyone else gets undefined, exactly as for an unknown or expired id.
   * @param id - The job id.
   * @param owner - The asking client.
   * @returns The job, if it exists and belongs to `owner`.
   */
  get(id: string, owner: string): BulkJob | undefined {
    this.sweep();
    const job = this.jobs.get(id);
    return job && job.owner === owner ? job : undefined;
  }

  /**
   * Marks a job finished (complete or failed) and starts its expiry clock.
   * @param job - The job.
   * @param result - Its files, or the failure.
   */
  finish(job: BulkJob, result: { output: NdjsonFile[]; error: NdjsonFile[] } | { failure: OperationOutcome }): void {
    if (!this.jobs.has(job.id)) return;
    if ('failure' in result) {
      job.state = 'failed';
      job.failure = result.failure;
    } else {
      job.state = 'complete';
      job.output = result.output;
      job.error = result.error;
    }
    job.progress = job.state;
    job.expiresAt = this.now() + this.ttlMs;
  }

  /**
   * Forgets a job: stops it if it runs and deletes its files.
   * @param id - The job id.
   */
  remove(id: string): void {
    const job = this.jobs.get(id);
    if (!job) return;
    this.jobs.delete(id);
    job.controller.abort();
    rmSync(job.dir, { recursive: true, force: true });
  }

  /** Removes every job whose files have expired. */
  sweep(): void {
    const now = this.now();
    for (const job of [...this.jobs.values()])
      if (job.expiresAt !== undefined && job.expiresAt <= now) this.remove(job.id);
  }

  /** Stops every job, deletes every file and the sweeper. */
  close(): void {
    clearInterval(this.sweeper);
    for (const id of [...this.jobs.keys()]) this.remove(id);
    if (this.baseDir && !this.options.dir) rmSync(this.baseDir, { recursive: true, force: true });
  }
}

const isFinished = (job: BulkJob): boolean => job.state === 'complete' || job.state === 'failed';

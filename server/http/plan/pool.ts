// Builds write-back plans off the event loop: one worker thread takes the jobs in turn, so a large plan (hundreds of
// milliseconds of validation) never holds up other requests. A job that runs too long or a worker that dies ends its
// jobs with a 503 and the next job starts a fresh worker.
import { Worker } from 'node:worker_threads';
import { unavailable as unavailableOutcome } from '../../agent/outcome';
import { HttpProblem } from '../problem';
import type { PlanJobInput, PlanJobOutput } from './job';

export interface PlanPoolOptions {
  /** Time one job may take, waiting in line included (default 30 s). */
  timeoutMs?: number;
  /** Jobs waiting or running at once; more are refused with 503 (default 8). */
  maxPending?: number;
  /** The worker module (default: ./worker.mjs, the real plan job). */
  entry?: URL;
  /** Passed to the worker as `workerData` (tests). */
  workerData?: unknown;
}

interface Pending {
  resolve: (output: PlanJobOutput) => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

const unavailable = (text: string) => new HttpProblem(unavailableOutcome(text), { 'Retry-After': '10' });

/** A one-thread pool for plan jobs. */
export class PlanPool {
  private worker?: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor(private readonly options: PlanPoolOptions = {}) {}

  /** Starts the worker now (it loads the FHIR definitions, a few seconds) instead of on the first job. */
  warm(): void {
    this.ensureWorker();
  }

  /**
   * Runs one job.
   * @param input - The request body and the caller.
   * @returns The job's status and JSON text; rejects with a 503 HttpProblem when busy, too slow or crashed.
   */
  run(input: PlanJobInput): Promise<PlanJobOutput> {
    if (this.pending.size >= (this.options.maxPending ?? 8)) {
      return Promise.reject(unavailable('Too many write-back plans are being prepared; try again shortly'));
    }
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.fail(unavailable('Preparing the write-back plan took too long; try again'));
      }, this.options.timeoutMs ?? 30_000);
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({ id, input });
    });
  }

  /** Stops the worker; pending jobs fail. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fail(unavailable('The server is shutting down'));
    await worker?.terminate();
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.options.entry ?? new URL('./worker.mjs', import.meta.url), {
      workerData: this.options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    worker.unref();
    worker.on('message', ({ id, output }: { id: number; output: PlanJobOutput }) => {
      const job = this.pending.get(id);
      if (!job) return;
      clearTimeout(job.timer);
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      job.resolve(output);
    });
    worker.on('error', (err) => {
      process.stderr.write(`writeback: the plan worker failed: ${err.message}\n`);
      if (this.worker === worker) this.fail(unavailable('Preparing the write-back plan failed; try again'));
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(unavailable('Preparing the write-back plan failed; try again'));
    });
    this.worker = worker;
    return worker;
  }

  /** Ends every pending job with the error and drops the worker (the next job starts a new one). */
  private fail(err: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    for (const job of this.pending.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.pending.clear();
    void worker?.terminate();
  }
}

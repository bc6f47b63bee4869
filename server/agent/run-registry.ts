// Keeps running and recent workups in memory for the HTTP API: their events (replayed to late listeners), result or
// failure, and a way to cancel; finished runs expire after a TTL and the number kept is capped.
import { randomUUID } from 'node:crypto';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { AgentEvent, EventSink } from './events';
import { toOutcome } from './outcome';
import type { WorkupResult } from './workup-result';

export type RunStatus = 'running' | 'done' | 'failed' | 'cancelled';

export interface RunEntry {
  id: string;
  status: RunStatus;
  createdAt: number;
  finishedAt?: number;
  /** Every event so far, in order; the stream ends with `done` or `error`. */
  events: AgentEvent[];
  result?: WorkupResult;
  outcome?: OperationOutcome;
  controller: AbortController;
}

export interface RunRegistryOptions {
  /** How long a finished run stays readable (default 1 hour). */
  ttlMs?: number;
  /** Most runs kept at once, running ones included (default 100). */
  maxRuns?: number;
}

export type RunFn = (run: { id: string; signal: AbortSignal; emit: EventSink }) => Promise<WorkupResult>;

/** In-memory store of workup runs. */
export class RunRegistry {
  private readonly runs = new Map<string, RunEntry>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly ttlMs: number;
  private readonly maxRuns: number;

  constructor(options: RunRegistryOptions = {}) {
    this.ttlMs = options.ttlMs ?? 3_600_000;
    this.maxRuns = options.maxRuns ?? 100;
  }

  /**
   * Starts a run.
   * @param fn - Runs the workup with the run's id, abort signal and event sink.
   * @returns The entry, or undefined when the store is full of running workups.
   */
  start(fn: RunFn): RunEntry | undefined {
    this.sweep();
    if (this.runs.size >= this.maxRuns) {
      const oldest = [...this.runs.values()]
        .filter((r) => r.status !== 'running')
        .sort((a, b) => a.createdAt - b.createdAt)[0];
      if (!oldest) return undefined;
      this.runs.delete(oldest.id);
    }
    const entry: RunEntry = {
      id: randomUUID(),
      status: 'running',
      createdAt: Date.now(),
      events: [],
      controller: new AbortController(),
    };
    this.runs.set(entry.id, entry);
    const push = (event: AgentEvent) => {
      if (entry.status !== 'running' && event.type !== 'error') return;
      entry.events.push(event);
      this.notify(entry.id);
    };
    void fn({ id: entry.id, signal: entry.controller.signal, emit: push }).then(
      (result) => this.finish(entry, 'done', { result }),
      (err: unknown) => {
        const outcome = toOutcome(err, entry.controller.signal);
        if (!entry.events.some((e) => e.type === 'error')) entry.events.push({ type: 'error', outcome });
        this.finish(entry, entry.controller.signal.aborted ? 'cancelled' : 'failed', { outcome });
      }
    );
    return entry;
  }

  /** The run, if known and not expired. */
  get(id: string): RunEntry | undefined {
    this.sweep();
    return this.runs.get(id);
  }

  /**
   * Cancels a running workup.
   * @param id - The run id.
   * @returns What happened: `cancelling`, `finished` (too late) or `unknown`.
   */
  cancel(id: string): 'cancelling' | 'finished' | 'unknown' {
    const entry = this.get(id);
    if (!entry) return 'unknown';
    if (entry.status !== 'running') return 'finished';
    entry.controller.abort(new DOMException('The workup was cancelled', 'AbortError'));
    return 'cancelling';
  }

  /**
   * Calls `wake` whenever the run gets an event or ends.
   * @param id - The run id.
   * @param wake - The callback.
   * @returns Unsubscribe.
   */
  subscribe(id: string, wake: () => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    set.add(wake);
    this.listeners.set(id, set);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  private finish(entry: RunEntry, status: RunStatus, fields: Partial<RunEntry>): void {
    Object.assign(entry, fields, { status, finishedAt: Date.now() });
    this.notify(entry.id);
  }

  private notify(id: string): void {
    for (const wake of this.listeners.get(id) ?? []) wake();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, r] of this.runs) {
      if (r.finishedAt !== undefined && now - r.finishedAt > this.ttlMs) this.runs.delete(id);
    }
  }
}

// Keeps running and recent workups in memory for the HTTP API: their events (replayed to late listeners), result or
// failure, and a way to cancel. Each run belongs to an owner and only that owner finds it. The registry bounds the
// work: runs per owner, runs at once (then a queue, then a refusal), and a time limit per run; finished runs expire.
import { randomUUID } from 'node:crypto';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { AgentEvent, EventSink, WorkupResult } from '../../common/contracts';
import { CANCELLED_TEXT, cancelled, serverTimeout, toOutcome } from './outcome';

export type RunStatus = 'queued' | 'running' | 'done' | 'failed' | 'cancelled';

export interface RunEntry {
  id: string;
  /** Who started it (opaque); only the same owner can read or cancel it. */
  owner: string;
  status: RunStatus;
  createdAt: number;
  startedAt?: number;
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
  /** Most runs kept at once, finished ones included (default 100; at least maxRunning + maxQueued). */
  maxRuns?: number;
  /** Runs working at the same time (default 4); more wait in the queue. */
  maxRunning?: number;
  /** Runs waiting for a free slot (default 16); more are refused. */
  maxQueued?: number;
  /** Queued and running runs one owner may have (default 3). */
  maxPerOwner?: number;
  /** Time a run may work before it is stopped (default 10 minutes). */
  timeoutMs?: number;
  /** What a refusal tells the caller to wait, in seconds (default 30). */
  retryAfterSeconds?: number;
}

export type RunFn = (run: { id: string; signal: AbortSignal; emit: EventSink }) => Promise<WorkupResult>;

/** A new run, or why none was started (the caller answers 429 with Retry-After). */
export type StartResult =
  | { started: true; entry: RunEntry }
  | { started: false; reason: 'owner-limit' | 'busy'; retryAfterSeconds: number };

const ACTIVE: readonly RunStatus[] = ['queued', 'running'];

/** In-memory store of workup runs. */
export class RunRegistry {
  private readonly runs = new Map<string, RunEntry>();
  private readonly queue: { entry: RunEntry; fn: RunFn }[] = [];
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly timers = new Map<string, NodeJS.Timeout>();
  private readonly limits: Required<RunRegistryOptions>;

  constructor(options: RunRegistryOptions = {}) {
    const maxRunning = options.maxRunning ?? 4;
    const maxQueued = options.maxQueued ?? 16;
    this.limits = {
      ttlMs: options.ttlMs ?? 3_600_000,
      maxRuns: Math.max(options.maxRuns ?? 100, maxRunning + maxQueued),
      maxRunning,
      maxQueued,
      maxPerOwner: options.maxPerOwner ?? 3,
      timeoutMs: options.timeoutMs ?? 600_000,
      retryAfterSeconds: options.retryAfterSeconds ?? 30,
    };
  }

  /**
   * Starts a run now, or queues it when all slots are taken.
   * @param owner - Who starts it.
   * @param fn - Runs the workup with the run's id, abort signal and event sink.
   * @returns The entry, or the refusal: the owner has too many runs, or the slots and the queue are full.
   */
  start(owner: string, fn: RunFn): StartResult {
    this.sweep();
    const active = [...this.runs.values()].filter((r) => ACTIVE.includes(r.status));
    const refuse = (reason: 'owner-limit' | 'busy'): StartResult => ({
      started: false,
      reason,
      retryAfterSeconds: this.limits.retryAfterSeconds,
    });
    if (active.filter((r) => r.owner === owner).length >= this.limits.maxPerOwner) return refuse('owner-limit');
    const running = active.filter((r) => r.status === 'running').length;
    if (running >= this.limits.maxRunning && this.queue.length >= this.limits.maxQueued) return refuse('busy');
    if (this.runs.size >= this.limits.maxRuns) {
      const oldest = [...this.runs.values()]
        .filter((r) => !ACTIVE.includes(r.status))
        .sort((a, b) => a.createdAt - b.createdAt)[0];
      if (!oldest) return refuse('busy');
      this.runs.delete(oldest.id);
    }
    const entry: RunEntry = {
      id: randomUUID(),
      owner,
      status: 'queued',
      createdAt: Date.now(),
      events: [],
      controller: new AbortController(),
    };
    this.runs.set(entry.id, entry);
    if (running < this.limits.maxRunning) {
      this.run(entry, fn);
    } else {
      this.queue.push({ entry, fn });
      const ahead = this.queue.length - 1;
      this.push(entry, {
        type: 'status',
        text: `Waiting for a free slot: the server runs ${this.limits.maxRunning} workups at once${ahead ? ` and ${ahead} are waiting ahead of this one` : ''}`,
      });
    }
    return { started: true, entry };
  }

  /**
   * The run, if known, not expired, and the caller's own.
   * @param id - The run id.
   * @param owner - Who asks; another owner's run is reported as unknown.
   * @returns The entry or undefined.
   */
  get(id: string, owner: string): RunEntry | undefined {
    this.sweep();
    const entry = this.runs.get(id);
    return entry?.owner === owner ? entry : undefined;
  }

  /**
   * Cancels a queued or running workup; it ends at once with a cancellation.
   * @param id - The run id.
   * @param owner - Who asks.
   * @returns What happened: `cancelling`, `finished` (too late) or `unknown` (also another owner's run).
   */
  cancel(id: string, owner: string): 'cancelling' | 'finished' | 'unknown' {
    const entry = this.get(id, owner);
    if (!entry) return 'unknown';
    if (!ACTIVE.includes(entry.status)) return 'finished';
    entry.controller.abort(new DOMException(CANCELLED_TEXT, 'AbortError'));
    this.finish(entry, 'cancelled', { outcome: cancelled() });
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

  private run(entry: RunEntry, fn: RunFn): void {
    entry.status = 'running';
    entry.startedAt = Date.now();
    const minutes = Math.round((this.limits.timeoutMs / 60_000) * 10) / 10;
    const timer = setTimeout(() => {
      entry.controller.abort(new DOMException('The workup took too long', 'TimeoutError'));
      const text = `The workup did not finish within ${minutes} minutes and was stopped; try again, or ask a narrower question`;
      this.finish(entry, 'failed', { outcome: serverTimeout(text) });
    }, this.limits.timeoutMs);
    timer.unref();
    this.timers.set(entry.id, timer);
    const emit = (event: AgentEvent) => {
      this.push(entry, event);
      // The result is readable the moment a listener sees `done` (the run's promise settles a tick later).
      if (event.type === 'done') this.finish(entry, 'done', { result: event.result });
    };
    let settled: Promise<WorkupResult>;
    try {
      settled = fn({ id: entry.id, signal: entry.controller.signal, emit });
    } catch (err) {
      settled = Promise.reject(err);
    }
    settled.then(
      (result) => this.finish(entry, 'done', { result }),
      (err: unknown) => {
        const status = entry.controller.signal.aborted ? 'cancelled' : 'failed';
        this.finish(entry, status, { outcome: toOutcome(err, entry.controller.signal) });
      }
    );
  }

  private push(entry: RunEntry, event: AgentEvent): void {
    if (!ACTIVE.includes(entry.status)) return;
    entry.events.push(event);
    this.notify(entry.id);
  }

  /** Ends a run once: later results, failures and events of the same run are ignored. */
  private finish(entry: RunEntry, status: RunStatus, fields: Pick<RunEntry, 'result' | 'outcome'>): void {
    if (!ACTIVE.includes(entry.status)) return;
    if (fields.outcome && !entry.events.some((e) => e.type === 'error')) {
      entry.events.push({ type: 'error', outcome: fields.outcome });
    }
    Object.assign(entry, fields, { status, finishedAt: Date.now() });
    clearTimeout(this.timers.get(entry.id));
    this.timers.delete(entry.id);
    const queued = this.queue.findIndex((q) => q.entry === entry);
    if (queued >= 0) this.queue.splice(queued, 1);
    this.notify(entry.id);
    this.next();
  }

  private next(): void {
    const running = [...this.runs.values()].filter((r) => r.status === 'running').length;
    if (running >= this.limits.maxRunning) return;
    const waiting = this.queue.shift();
    if (waiting) this.run(waiting.entry, waiting.fn);
  }

  private notify(id: string): void {
    for (const wake of this.listeners.get(id) ?? []) wake();
  }

  private sweep(): void {
    const now = Date.now();
    for (const [id, r] of this.runs) {
      if (r.finishedAt !== undefined && now - r.finishedAt > this.limits.ttlMs) this.runs.delete(id);
    }
  }
}

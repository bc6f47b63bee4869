// One workup's running state — id, cancellation, events, problems, timings, trace and token usage — in one object
// the loop's phases share, so no phase keeps its own copy of a counter or a list.
import { randomUUID } from 'node:crypto';
import type { AgentEvent, EventSink, UsageTotals, WorkupProblem, WorkupToolCall } from '../../common/contracts';
import type { Model } from '../llm/types';
import { metered, UsageMeter } from '../llm/usage';
import { pathFreeEvent } from './path-free';
import { createTracer, type SpanHandle, type Tracer } from './trace';

export interface WorkupRunOptions {
  /** The run id (default a random UUID). */
  id?: string;
  /** The patient's id: replaced in the trace from the start. */
  patientId: string;
  signal?: AbortSignal;
  /** Listener for the run's events. */
  emit?: EventSink;
  /** Folder for the JSONL trace; none = no file. */
  traceDir?: string;
}

/** The state of one workup while it runs. */
export class WorkupRun {
  readonly id: string;
  readonly signal?: AbortSignal;
  readonly tracer: Tracer;
  /** Every token the run spends: planning model, answer pipeline and the tools' own models. */
  readonly usage = new UsageMeter();
  /** What kept the workup from being complete, in the order it happened. */
  readonly problems: WorkupProblem[] = [];
  private readonly times: Record<string, number> = { planMs: 0, toolsMs: 0 };
  private readonly started = performance.now();
  private readonly sink?: EventSink;
  private identifiers: string[];
  private modelSpan?: SpanHandle;

  constructor(options: WorkupRunOptions) {
    this.id = options.id ?? randomUUID();
    this.signal = options.signal;
    this.sink = options.emit;
    this.identifiers = [options.patientId];
    this.tracer = createTracer(this.id, { dir: options.traceDir, identifiers: () => this.identifiers });
  }

  /**
   * Sends an event to the listener, with server paths removed; a listener's failure (e.g. a closed stream) never
   * stops the workup.
   * @param event - The event.
   */
  emit(event: AgentEvent): void {
    try {
      this.sink?.(pathFreeEvent(event));
    } catch {
      // The clinician's workup goes on without that listener.
    }
  }

  /**
   * Records what kept the workup from being complete.
   * @param code - e.g. `max-rounds`, `answer-failed`.
   * @param message - In words a clinician or integrator can act on.
   */
  addProblem(code: string, message: string): void {
    this.problems.push({ code, message });
  }

  /**
   * Runs a step and adds its duration (whole ms) to a timing, whether the step succeeds or fails.
   * @param key - e.g. `recordMs`; repeated steps (`planMs`, `toolsMs`) add up.
   * @param step - The step.
   * @returns The step's result.
   */
  async time<T>(key: string, step: () => Promise<T>): Promise<T> {
    const t = performance.now();
    try {
      return await step();
    } finally {
      this.times[key] = (this.times[key] ?? 0) + Math.round(performance.now() - t);
    }
  }

  /**
   * Sets a figure reported with the timings (e.g. `rounds`).
   * @param key - Its name.
   * @param value - Its value.
   */
  setTiming(key: string, value: number): void {
    this.times[key] = value;
  }

  /**
   * Names the patient's identifiers once the record is read, so the trace replaces them all.
   * @param identifiers - Ids, names and identifier values.
   */
  identify(identifiers: string[]): void {
    this.identifiers = identifiers;
  }

  /**
   * The model with its usage counted: on the run, and on the span opened by {@link withModelSpan}.
   * @param model - The model.
   * @returns A model with the same id and capabilities.
   */
  meter(model: Model): Model {
    const counted = metered(model, this.usage);
    return {
      id: counted.id,
      supportsVision: counted.supportsVision,
      generate: async (req) => {
        const res = await counted.generate(req);
        this.modelSpan?.addUsage(res.usage);
        return res;
      },
    };
  }

  /**
   * Runs a step in a trace span that also records the usage of every metered model call made meanwhile.
   * @param name - The span's name.
   * @param step - The step, given the span.
   * @returns The step's result.
   */
  withModelSpan<T>(name: string, step: (span: SpanHandle) => Promise<T>): Promise<T> {
    return this.tracer.withSpan(name, async (span) => {
      this.modelSpan = span;
      try {
        return await step(span);
      } finally {
        this.modelSpan = undefined;
      }
    });
  }

  /**
   * Counts the tokens tools spent on their own models (e.g. radiology_report's vision model).
   * @param calls - Finished tool calls; those whose output reports `usage` are counted.
   */
  addToolUsage(calls: readonly WorkupToolCall[]): void {
    for (const call of calls) {
      const u = (call.output as { usage?: Partial<UsageTotals> } | undefined)?.usage;
      if (typeof u?.llmCalls !== 'number') continue;
      this.usage.add({
        llmCalls: u.llmCalls,
        promptTokens: u.promptTokens ?? 0,
        completionTokens: u.completionTokens ?? 0,
      });
    }
  }

  /**
   * The timings so far, with the run's total.
   * @returns A copy: step durations, counts and `totalMs`.
   */
  timings(): Record<string, number> {
    return { ...this.times, totalMs: Math.round(performance.now() - this.started) };
  }
}

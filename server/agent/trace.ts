// Trace spans for one workup: `withSpan(name, fn)` records inputs, outputs, timings and token usage, and the run is
// written as JSONL (one span a line) under the trace folder, named by the run id. Credentials are never written and
// the patient's id and name are replaced, so a trace can be shared for debugging.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Usage } from '../llm/types';
import { UsageMeter } from '../llm/usage';

// The span an async context runs in, for every tracer of the process. One instance on purpose: Node keeps each
// AsyncLocalStorage that ever ran in its promise hook until it is disabled, so one per workup made every later promise
// of the process slower, run after run (a registry worker's jobs grew slower with each patient).
const currentSpan = new AsyncLocalStorage<{ tracer: object; span: number }>();

export interface Span {
  run: string;
  span: number;
  parent?: number;
  name: string;
  start: string;
  ms: number;
  input?: unknown;
  output?: unknown;
  error?: string;
  usage?: { llmCalls: number; promptTokens: number; completionTokens: number };
}

export interface SpanHandle {
  /** Adds token usage of model calls made inside the span (one call unless `calls` says otherwise). */
  addUsage(usage: Usage, calls?: number): void;
  /** Replaces the recorded output (e.g. a summary instead of the raw value). */
  setOutput(output: unknown): void;
}

export interface Tracer {
  readonly runId: string;
  readonly spans: Span[];
  withSpan<T>(name: string, fn: (span: SpanHandle) => Promise<T>, options?: { input?: unknown }): Promise<T>;
  /** Writes the spans to `<dir>/<runId>.jsonl` (no-op without a folder); never throws. */
  flush(): Promise<string | undefined>;
}

const SECRET_KEYS = /token|authorization|api[-_]?key|secret|password|bearer|cookie/i;
const MAX_STRING = 400;

/**
 * The trace folder of a data folder (server/config passes ONCOAGENT_DATA_DIR, default `<repo>/.data`).
 * @param dataDir - The data folder.
 * @returns `<dataDir>/traces`.
 */
export function defaultTraceDir(dataDir: string): string {
  return join(dataDir, 'traces');
}

function redactor(identifiers: string[]): (key: string, value: unknown) => unknown {
  const ids = identifiers.filter((s) => s.length >= 3);
  return (key, value) => {
    if (typeof value !== 'string') return value;
    // Counts such as promptTokens are numbers and stay; any string under a credential-like key goes.
    if (key && SECRET_KEYS.test(key)) return '[redacted]';
    let text = value.length > MAX_STRING ? `${value.slice(0, MAX_STRING)}… [${value.length} chars]` : value;
    for (const id of ids) text = text.split(id).join('<patient>');
    return text;
  };
}

/**
 * Creates the tracer of one run.
 * @param runId - The workup id (the only identifier in the file name and lines).
 * @param options - Folder to write to (none: keep in memory) and patient identifiers to replace.
 * @returns The tracer.
 */
export function createTracer(runId: string, options: { dir?: string; identifiers?: () => string[] } = {}): Tracer {
  const spans: Span[] = [];
  let counter = 0;
  // Parallel tool calls run as sibling spans; the async context (not a stack) knows each one's parent.
  const self = {};
  return {
    runId,
    spans,
    async withSpan(name, fn, { input } = {}) {
      const id = ++counter;
      const store = currentSpan.getStore();
      const parent = store?.tracer === self ? store.span : undefined;
      const started = performance.now();
      const span: Span = {
        run: runId,
        span: id,
        ...(parent ? { parent } : {}),
        name,
        start: new Date().toISOString(),
        ms: 0,
      };
      if (input !== undefined) span.input = input;
      let explicit = false;
      let usage: UsageMeter | undefined;
      const handle: SpanHandle = {
        addUsage(u, calls = 1) {
          usage ??= new UsageMeter();
          usage.add({ llmCalls: calls, promptTokens: u.promptTokens, completionTokens: u.completionTokens });
          span.usage = usage.total();
        },
        setOutput(output) {
          explicit = true;
          span.output = output;
        },
      };
      try {
        const result = await currentSpan.run({ tracer: self, span: id }, () => fn(handle));
        if (!explicit && result !== undefined) span.output = result;
        return result;
      } catch (err) {
        span.error = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
        throw err;
      } finally {
        span.ms = Math.round(performance.now() - started);
        spans.push(span);
      }
    },
    async flush() {
      if (!options.dir) return undefined;
      const replace = redactor(options.identifiers?.() ?? []);
      const file = join(options.dir, `${runId.replace(/[^A-Za-z0-9_-]/g, '_')}.jsonl`);
      try {
        await mkdir(options.dir, { recursive: true });
        const sorted = [...spans].sort((a, b) => a.span - b.span);
        await writeFile(file, sorted.map((s) => JSON.stringify(s, replace)).join('\n') + '\n', 'utf8');
        return file;
      } catch {
        // A trace that cannot be written must not fail the clinician's workup.
        return undefined;
      }
    },
  };
}

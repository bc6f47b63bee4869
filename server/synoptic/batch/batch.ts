// NDJSON batch: DiagnosticReports in, one QuestionnaireResponse per line out, resumable after a kill: reports already
// in the output (by their report key) are skipped and a torn last line is cut, so nothing is written twice.
import { closeSync, createReadStream, existsSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs';
import { createInterface } from 'node:readline';
import type { DiagnosticReport, QuestionnaireResponse } from '@medplum/fhirtypes';
import { extractOffline, extractSynoptic, type SynopticOptions } from '../extract';
import { reportFromDiagnosticReport } from '../input';
import { toQuestionnaireResponse } from '../response';
import type { Template } from '../template';
import { createProgress } from './progress';

export interface BatchOptions extends SynopticOptions {
  template: Template;
  input: string;
  output: string;
  /** stderr for the progress bar and bad-line messages; false for silence. */
  log?: NodeJS.WriteStream | false;
  /** Lines buffered before a write (a kill loses at most these, and they are redone on resume). */
  flushEvery?: number;
}

export interface BatchSummary {
  input: string;
  output: string;
  template: string;
  /** Lines read (blank lines excluded). */
  lines: number;
  written: number;
  /** Reports found in the output already (a previous run), not redone. */
  resumed: number;
  /** Reports whose key appeared earlier in the same input. */
  duplicates: number;
  badLines: { line: number; reason: string }[];
  /** Output bytes cut because the previous run stopped in the middle of a line. */
  truncatedBytes: number;
  ms: number;
  reportsPerSecond: number;
}

/** The report keys an existing output holds; cuts a torn last line. */
function resumeState(path: string): { done: Set<string>; truncated: number } {
  const done = new Set<string>();
  if (!existsSync(path)) return { done, truncated: 0 };
  const buf = readFileSync(path);
  const end = buf.lastIndexOf(0x0a) + 1;
  let truncated = 0;
  if (end < buf.length) {
    const fd = openSync(path, 'r+');
    ftruncateSync(fd, end);
    closeSync(fd);
    truncated = buf.length - end;
  }
  for (const line of buf.subarray(0, end).toString('utf8').split('\n')) {
    if (!line.trim()) continue;
    try {
      const key = (JSON.parse(line) as QuestionnaireResponse).identifier?.value;
      if (key) done.add(key);
    } catch {
      // A complete but unreadable line cannot be matched to a report; it stays, and that report is redone.
    }
  }
  return { done, truncated };
}

async function countLines(path: string): Promise<number> {
  let n = 0;
  let last = 0x0a;
  for await (const chunk of createReadStream(path)) {
    for (const b of chunk as Buffer) if (b === 0x0a) n++;
    if ((chunk as Buffer).length) last = (chunk as Buffer)[(chunk as Buffer).length - 1]!;
  }
  return last === 0x0a ? n : n + 1;
}

/**
 * Runs a batch.
 * @param opts - Template, input and output paths, model settings, log stream.
 * @returns What was done; throws ModelUnavailableError (after flushing) when the model cannot be reached.
 */
export async function runBatch(opts: BatchOptions): Promise<BatchSummary> {
  const started = performance.now();
  const log = opts.log ?? process.stderr;
  const { done, truncated } = resumeState(opts.output);
  const total = await countLines(opts.input);
  const progress = createProgress(`synoptic ${opts.template.id}`, total, log);
  const fd = openSync(opts.output, 'a');
  const flushEvery = opts.flushEvery ?? (opts.model ? 1 : 200);
  let buffer: string[] = [];
  const flush = () => {
    if (buffer.length) writeSync(fd, buffer.join(''));
    buffer = [];
  };
  const summary: BatchSummary = {
    input: opts.input,
    output: opts.output,
    template: opts.template.id,
    lines: 0,
    written: 0,
    resumed: 0,
    duplicates: 0,
    badLines: [],
    truncatedBytes: truncated,
    ms: 0,
    reportsPerSecond: 0,
  };
  const seen = new Set<string>();
  const bad = (line: number, reason: string) => {
    summary.badLines.push({ line, reason });
    if (log && summary.badLines.length <= 20) log.write(`\nline ${line}: ${reason} (skipped)\n`);
  };
  let lineNo = 0;
  try {
    const rl = createInterface({
      input: createReadStream(opts.input, { encoding: 'utf8' }),
      crlfDelay: Number.POSITIVE_INFINITY,
    });
    for await (const line of rl) {
      lineNo++;
      progress.tick(lineNo);
      if (!line.trim()) continue;
      summary.lines++;
      let report: DiagnosticReport;
      try {
        report = JSON.parse(line) as DiagnosticReport;
      } catch (err) {
        bad(lineNo, `not JSON (${err instanceof Error ? err.message : String(err)})`);
        continue;
      }
      if (!report || typeof report !== 'object' || report.resourceType !== 'DiagnosticReport') {
        bad(
          lineNo,
          `not a DiagnosticReport (resourceType ${JSON.stringify((report as { resourceType?: unknown })?.resourceType ?? null)})`
        );
        continue;
      }
      const input = reportFromDiagnosticReport(report);
      if (!report.id) input.key = `line-${lineNo}`;
      const key = `${opts.template.id}/${input.key}`;
      if (done.has(key)) {
        summary.resumed++;
        continue;
      }
      if (seen.has(key)) {
        summary.duplicates++;
        bad(lineNo, `report ${input.key} appeared earlier in the input`);
        continue;
      }
      seen.add(key);
      const result = opts.model
        ? await extractSynoptic(opts.template, input, opts)
        : extractOffline(opts.template, input);
      buffer.push(`${JSON.stringify(toQuestionnaireResponse(opts.template, result))}\n`);
      summary.written++;
      if (buffer.length >= flushEvery) flush();
    }
  } finally {
    flush();
    closeSync(fd);
    progress.finish(lineNo);
  }
  summary.ms = Math.round(performance.now() - started);
  summary.reportsPerSecond = Math.round((summary.written / Math.max(1, summary.ms)) * 1000);
  return summary;
}

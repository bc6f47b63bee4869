// Derives what the report shows from the view: the final WorkupResult when done, else what has streamed in so far.
import type { AnswerStatement, EvidenceItem, Finding, WorkupResult, WorkupToolCall } from '../../common/contracts';
import type { WorkupView } from './reducer';

export interface ReportData {
  /** False while the workup still runs (a partial report) or after it stopped early. */
  complete: boolean;
  findings: Finding[];
  evidence: EvidenceItem[];
  answer?: WorkupResult['answer'];
  /** Finished tool calls, in the order they appeared. */
  toolCalls: WorkupToolCall[];
  suggestions: string[];
  /** Statements the citation check could not match to a supporting passage. */
  unsupported: AnswerStatement[];
  /** Tool calls that could not run or failed, with why: what this report is missing. */
  missing: { id: string; tool: string; status: 'error' | 'unavailable'; message: string }[];
  usage?: { mode: WorkupResult['mode']; llmCalls: number; promptTokens: number; completionTokens: number; ms?: number };
}

/** Timing keys the server may use for the whole run, most specific first. */
const TOTAL_KEYS = ['total', 'totalMs', 'workup', 'workupMs', 'ms'];

function totalMs(result: WorkupResult, view: WorkupView): number | undefined {
  for (const key of TOTAL_KEYS) {
    const value = result.timings?.[key];
    if (typeof value === 'number' && Number.isFinite(value)) {
      return value;
    }
  }
  // Fall back to the time the app saw, which includes the network: still what the clinician waited.
  return view.startedAt !== undefined && view.endedAt !== undefined ? view.endedAt - view.startedAt : undefined;
}

/**
 * The report's content for the current view.
 * @param view - The workup view.
 * @returns The report data, or null when nothing reportable has arrived yet.
 */
export function reportOf(view: WorkupView): ReportData | null {
  const result = view.result;
  const toolCalls: WorkupToolCall[] =
    result?.toolCalls ??
    view.items.flatMap((item) =>
      item.state === 'ok' || item.state === 'error' || item.state === 'unavailable'
        ? [{ ...item, status: item.state, ms: item.ms ?? 0 }]
        : []
    );
  const answer = result?.answer ?? view.answer;
  const findings = result?.findings ?? view.findings;
  if (!result && !answer && findings.length === 0) {
    return null;
  }
  return {
    complete: view.phase === 'done',
    findings,
    evidence: result?.evidence ?? view.evidence,
    answer,
    toolCalls,
    suggestions: result?.suggestions ?? [],
    unsupported: answer?.statements.filter((s) => !s.supported) ?? [],
    missing: toolCalls.flatMap((c) =>
      c.status === 'ok' ? [] : [{ id: c.id, tool: c.tool, status: c.status, message: c.message ?? 'no reason given' }]
    ),
    usage: result && { mode: result.mode, ...result.usage, ms: totalMs(result, view) },
  };
}

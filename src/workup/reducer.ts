// Folds the workup's actions (start, stream events, failure, cancel) into the one view state the UI renders.
import type {
  AgentEvent,
  EvidenceItem,
  Finding,
  PlannedCall,
  WorkupResult,
  WorkupToolCall,
} from '../../common/contracts';
import { errorFromOutcome, type WorkupError } from './errors';

/** A progress row's state: the tool statuses plus before (planned, running) and never (stopped: cancelled/not run). */
export type ItemState = 'planned' | 'running' | 'ok' | 'error' | 'unavailable' | 'stopped';

/** One planned, running or finished tool call. */
export interface ProgressItem {
  id: string;
  tool: string;
  args: unknown;
  reason?: string;
  state: ItemState;
  ms?: number;
  message?: string;
  output?: unknown;
  warnings?: string[];
}

export interface WorkupView {
  phase: 'idle' | 'starting' | 'running' | 'done' | 'failed' | 'cancelled';
  question: string;
  id?: string;
  startedAt?: number;
  endedAt?: number;
  patient?: { id: string; name: string };
  counts?: Record<string, number>;
  statusLines: string[];
  items: ProgressItem[];
  findings: Finding[];
  evidence: EvidenceItem[];
  answer?: WorkupResult['answer'];
  result?: WorkupResult;
  error?: WorkupError;
  /** Stream messages that were not readable events (shown, never guessed at). */
  unreadable: number;
}

export type WorkupAction =
  | { type: 'start'; question: string; at: number }
  | { type: 'started'; id: string }
  | { type: 'event'; event: AgentEvent; at: number }
  | { type: 'unreadable' }
  | { type: 'failed'; error: WorkupError; at: number }
  | { type: 'cancelled'; at: number };

export const INITIAL_VIEW: WorkupView = {
  phase: 'idle',
  question: '',
  statusLines: [],
  items: [],
  findings: [],
  evidence: [],
  unreadable: 0,
};

const MAX_STATUS_LINES = 50;
const isRunning = (v: WorkupView): boolean => v.phase === 'starting' || v.phase === 'running';

function upsert(items: ProgressItem[], id: string, patch: (old?: ProgressItem) => ProgressItem): ProgressItem[] {
  const i = items.findIndex((item) => item.id === id);
  return i < 0 ? [...items, patch()] : items.map((item, j) => (j === i ? patch(item) : item));
}

const fromPlan = (call: PlannedCall, state: ItemState) => (old?: ProgressItem) => ({
  ...old,
  id: call.id,
  tool: call.tool,
  args: call.args,
  reason: call.reason || old?.reason,
  state: old && old.state !== 'planned' && state === 'planned' ? old.state : state,
});

const fromCall = (call: WorkupToolCall) => (old?: ProgressItem) => ({
  ...old,
  id: call.id,
  tool: call.tool,
  args: call.args,
  state: call.status,
  ms: call.ms,
  message: call.message,
  output: call.output,
  warnings: call.warnings,
});

/** Items that will never run once the workup has ended. */
const stopOpen = (items: ProgressItem[]): ProgressItem[] =>
  items.map((item) => (item.state === 'planned' || item.state === 'running' ? { ...item, state: 'stopped' } : item));

function onEvent(view: WorkupView, event: AgentEvent, at: number): WorkupView {
  switch (event.type) {
    case 'status':
      return { ...view, statusLines: [...view.statusLines, event.text].slice(-MAX_STATUS_LINES) };
    case 'record':
      return { ...view, patient: event.patient, counts: event.counts };
    case 'plan':
      return {
        ...view,
        items: event.calls.reduce((items, c) => upsert(items, c.id, fromPlan(c, 'planned')), view.items),
      };
    case 'tool-start':
      return { ...view, items: upsert(view.items, event.call.id, fromPlan(event.call, 'running')) };
    case 'tool-end':
      return { ...view, items: upsert(view.items, event.call.id, fromCall(event.call)) };
    case 'finding':
      return { ...view, findings: [...view.findings, event.finding] };
    case 'evidence': {
      const fresh = new Set(event.evidence.map((e) => e.n));
      return { ...view, evidence: [...view.evidence.filter((e) => !fresh.has(e.n)), ...event.evidence] };
    }
    case 'answer':
      return { ...view, answer: { markdown: event.markdown, statements: event.statements } };
    case 'done': {
      const r = event.result;
      const items = stopOpen(r.toolCalls.reduce((acc, c) => upsert(acc, c.id, fromCall(c)), view.items));
      return { ...view, phase: 'done', endedAt: at, result: r, items, findings: r.findings, evidence: r.evidence };
    }
    case 'error':
      return {
        ...view,
        phase: 'failed',
        endedAt: at,
        error: errorFromOutcome(event.outcome),
        items: stopOpen(view.items),
      };
    default:
      // An event type this app does not know yet (newer server): ignored rather than misread.
      return view;
  }
}

/**
 * The workup view's reducer; events after the workup ended (done, failed, cancelled) are ignored.
 * @param view - The current view.
 * @param action - What happened.
 * @returns The next view.
 */
export function reduceWorkup(view: WorkupView, action: WorkupAction): WorkupView {
  switch (action.type) {
    case 'start':
      return { ...INITIAL_VIEW, phase: 'starting', question: action.question, startedAt: action.at };
    case 'started':
      return view.phase === 'starting' ? { ...view, phase: 'running', id: action.id } : view;
    case 'event':
      return isRunning(view) ? onEvent(view, action.event, action.at) : view;
    case 'unreadable':
      return isRunning(view) ? { ...view, unreadable: view.unreadable + 1 } : view;
    case 'failed':
      return isRunning(view)
        ? { ...view, phase: 'failed', endedAt: action.at, error: action.error, items: stopOpen(view.items) }
        : view;
    case 'cancelled':
      return isRunning(view) ? { ...view, phase: 'cancelled', endedAt: action.at, items: stopOpen(view.items) } : view;
  }
}

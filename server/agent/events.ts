// Events a workup emits while it runs (streamed to the app over SSE and written to the trace).
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { AnswerStatement, EvidenceItem, Finding, WorkupResult, WorkupToolCall } from './workup-result';

export interface PlannedCall {
  id: string;
  tool: string;
  args: unknown;
  /** Why the planner chose it, in a clinician's words (e.g. "two CT time points with marked lesions"). */
  reason: string;
  /** Set when the call cannot run as asked (e.g. the model's arguments were not JSON); it becomes an error result. */
  invalid?: string;
  /** Set when the call is indicated but cannot run here (e.g. a slide without extracted features); it becomes an `unavailable` result. */
  unavailable?: string;
}

export type AgentEvent =
  | { type: 'status'; text: string }
  | { type: 'record'; patient: { id: string; name: string }; counts: Record<string, number> }
  | { type: 'plan'; round: number; calls: PlannedCall[] }
  | { type: 'tool-start'; call: PlannedCall }
  | { type: 'tool-end'; call: WorkupToolCall }
  | { type: 'finding'; finding: Finding }
  | { type: 'evidence'; evidence: EvidenceItem[] }
  | { type: 'answer'; markdown: string; statements: AnswerStatement[] }
  | { type: 'done'; result: WorkupResult }
  | { type: 'error'; outcome: OperationOutcome };

export type EventSink = (event: AgentEvent) => void;

// Events a workup emits while it runs (streamed to the app over SSE and written to the trace).
import type { OperationOutcome } from '@medplum/fhirtypes';
import { z } from 'zod';
import { fhirResource } from './fhir';
import { AnswerStatement, EvidenceItem, Finding, WorkupPatient, WorkupResult, WorkupToolCall } from './workup';

export const PlannedCall = z.object({
  id: z.string(),
  tool: z.string(),
  args: z.unknown(),
  /** Why the planner chose it, in a clinician's words (e.g. "two CT time points with marked lesions"). */
  reason: z.string(),
  /** Set when the call cannot run as asked (e.g. the model's arguments were not JSON); it becomes an error result. */
  invalid: z.string().optional(),
  /** Set when the call is indicated but cannot run here (e.g. a slide without extracted features); it becomes an `unavailable` result. */
  unavailable: z.string().optional(),
});
export type PlannedCall = z.infer<typeof PlannedCall>;

export const AgentEvent = z.discriminatedUnion('type', [
  z.object({ type: z.literal('status'), text: z.string() }),
  z.object({ type: z.literal('record'), patient: WorkupPatient, counts: z.record(z.string(), z.number()) }),
  z.object({ type: z.literal('plan'), round: z.number(), calls: z.array(PlannedCall) }),
  z.object({ type: z.literal('tool-start'), call: PlannedCall }),
  z.object({ type: z.literal('tool-end'), call: WorkupToolCall }),
  z.object({ type: z.literal('finding'), finding: Finding }),
  z.object({ type: z.literal('evidence'), evidence: z.array(EvidenceItem) }),
  z.object({ type: z.literal('answer'), markdown: z.string(), statements: z.array(AnswerStatement) }),
  z.object({ type: z.literal('done'), result: WorkupResult }),
  z.object({ type: z.literal('error'), outcome: fhirResource<OperationOutcome>('OperationOutcome') }),
]);
export type AgentEvent = z.infer<typeof AgentEvent>;

export type EventSink = (event: AgentEvent) => void;

// The loop's vocabulary: what a planner decides after each round (an explicit NextStep union) and what it sees.

import type { PlannedCall, WorkupToolCall } from '../../common/contracts';
import type { PatientRecord } from '../../common/record/patient-record';
import type { Tool } from '../tools/types';
import type { RecordFacts } from './record/facts';

/** What happens after a planning step: stop, run these calls, or stop and ask the clinician. */
export type NextStep =
  | { kind: 'final'; note?: string }
  | { kind: 'runAgain'; calls: PlannedCall[] }
  | { kind: 'needsApproval'; reason: string };

/** Everything a planner may read; `calls` grows as rounds finish. */
export interface PlannerContext {
  record: PatientRecord;
  facts: RecordFacts;
  question: string;
  tools: readonly Tool[];
  /** Every call so far, finished, in order (policy rejections included, as errors). */
  calls: WorkupToolCall[];
  round: number;
  maxCallsPerRound: number;
  signal?: AbortSignal;
  /** Issues fresh call ids (`c1`, `c2`…), unique within the workup. */
  nextId: () => string;
}

export interface Planner {
  /** `rules` or the model id, for traces and the result. */
  readonly name: string;
  /** The first step, from the record and the question. */
  start(ctx: PlannerContext): Promise<NextStep>;
  /** The step after a round; `finished` are the calls of that round. */
  next(ctx: PlannerContext, finished: WorkupToolCall[]): Promise<NextStep>;
}

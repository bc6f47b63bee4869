// The data every synoptic stage passes on: answers with their evidence, rule violations, rounds and the final result.
import type { UsageTotals } from '../llm/usage';

/** A choice answer is the option's display (CAP wording); a decimal answer is a number in the item's unit (cm). */
export type AnswerValue = string | number;

/** Who produced an answer. */
export type AnswerMethod = 'rules' | 'llm';

export interface ItemAnswer {
  /** null: the text does not allow an answer (the explanation says why). */
  value: AnswerValue | null;
  /** Verbatim sentences (or parts) of the report that support the answer. */
  evidence: string[];
  explanation: string;
  method: AnswerMethod;
}

/** Answers by linkId. */
export type Answers = Record<string, ItemAnswer>;

/** A constraint the answers break, with the items it relates. */
export interface Violation {
  rule: string;
  items: string[];
  message: string;
}

/** An item whose answer kept switching between rounds: both values are reported. */
export interface UncertainItem {
  linkId: string;
  values: (AnswerValue | null)[];
  reason: string;
}

/** One round of the reflective loop (round 1 is the first extraction). */
export interface RoundRecord {
  round: number;
  /** Items asked this round. */
  asked: string[];
  /** Items whose value differs from the previous round. */
  changed: string[];
  /** The values after this round (all items). */
  values: Record<string, AnswerValue | null>;
  violations: Violation[];
  usage: UsageTotals;
  ms: number;
}

export type Strategy = 'full' | 'targeted';
export type StopReason = 'converged' | 'oscillation' | 'max-rounds' | 'offline';

export interface SynopticResult {
  template: string;
  /** Key of the source report (DiagnosticReport id, or a hash of the text). */
  reportKey: string;
  /** Reference of the source DiagnosticReport, when there was one. */
  reportRef?: string;
  subject?: string;
  answers: Answers;
  violations: Violation[];
  uncertain: UncertainItem[];
  /** Problems with the input (empty text, bad bytes, no gross section) or the model, in words. */
  issues: string[];
  mode: 'offline' | 'llm';
  strategy?: Strategy;
  model?: string;
  stop: StopReason;
  rounds: RoundRecord[];
  usage: UsageTotals;
}

export const NO_USAGE: UsageTotals = { llmCalls: 0, promptTokens: 0, completionTokens: 0 };

// The synoptic extraction contract: answers with their evidence, rule violations, rounds and the final result that
// every synoptic stage passes on, and the view of it the form in the browser renders (POST /api/synoptic/extract).
import type { Observation, QuestionnaireResponse } from '@medplum/fhirtypes';
import { z } from 'zod';
import { fhirResource } from './fhir';
import { UsageTotals } from './usage';

/** A choice answer is the option's display (CAP wording); a decimal answer is a number in the item's unit (cm). */
export const AnswerValue = z.union([z.string(), z.number()]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** Who produced an answer. */
export const AnswerMethod = z.enum(['rules', 'llm']);
export type AnswerMethod = z.infer<typeof AnswerMethod>;

export const ItemAnswer = z.object({
  /** null: the text does not allow an answer (the explanation says why). */
  value: AnswerValue.nullable(),
  /** Verbatim sentences (or parts) of the report that support the answer. */
  evidence: z.array(z.string()),
  explanation: z.string(),
  method: AnswerMethod,
});
export type ItemAnswer = z.infer<typeof ItemAnswer>;

/** Answers by linkId. */
export const Answers = z.record(z.string(), ItemAnswer);
export type Answers = z.infer<typeof Answers>;

/** A constraint the answers break, with the items it relates. */
export const Violation = z.object({
  rule: z.string(),
  items: z.array(z.string()),
  message: z.string(),
});
export type Violation = z.infer<typeof Violation>;

/** An item whose answer kept switching between rounds: both values are reported. */
export const UncertainItem = z.object({
  linkId: z.string(),
  values: z.array(AnswerValue.nullable()),
  reason: z.string(),
});
export type UncertainItem = z.infer<typeof UncertainItem>;

/** One round of the reflective loop (round 1 is the first extraction). */
export const RoundRecord = z.object({
  round: z.number().int(),
  /** Items asked this round. */
  asked: z.array(z.string()),
  /** Items whose value differs from the previous round. */
  changed: z.array(z.string()),
  /** The values after this round (all items). */
  values: z.record(z.string(), AnswerValue.nullable()),
  violations: z.array(Violation),
  usage: UsageTotals,
  ms: z.number(),
});
export type RoundRecord = z.infer<typeof RoundRecord>;

export const Strategy = z.enum(['full', 'targeted']);
export type Strategy = z.infer<typeof Strategy>;

export const StopReason = z.enum(['converged', 'oscillation', 'max-rounds', 'offline']);
export type StopReason = z.infer<typeof StopReason>;

export const SynopticResult = z.object({
  template: z.string(),
  /** Key of the source report (DiagnosticReport id, or a hash of the text). */
  reportKey: z.string(),
  /** Reference of the source DiagnosticReport, when there was one. */
  reportRef: z.string().optional(),
  subject: z.string().optional(),
  answers: Answers,
  violations: z.array(Violation),
  uncertain: z.array(UncertainItem),
  /** Problems with the input (empty text, bad bytes, no gross section) or the model, in words. */
  issues: z.array(z.string()),
  mode: z.enum(['offline', 'llm']),
  strategy: Strategy.optional(),
  model: z.string().optional(),
  stop: StopReason,
  rounds: z.array(RoundRecord),
  usage: UsageTotals,
});
export type SynopticResult = z.infer<typeof SynopticResult>;

/** One item of the form as the browser renders it: the answer, its code, evidence and the rules that flag it. */
export const ItemView = z.object({
  linkId: z.string(),
  text: z.string(),
  type: z.enum(['choice', 'decimal']),
  unit: z.string().optional(),
  options: z.array(z.object({ code: z.string(), display: z.string() })).optional(),
  value: AnswerValue.nullable(),
  code: z.string().optional(),
  evidence: z.array(z.string()),
  explanation: z.string(),
  method: AnswerMethod,
  /** Violated rules that involve this item. */
  flaggedBy: z.array(z.string()),
  uncertain: z.array(AnswerValue.nullable()).optional(),
});
export type ItemView = z.infer<typeof ItemView>;

/** The pre-filled form: per item the answer, evidence and flags, plus violations, uncertain items and issues. */
export const SynopticView = z.object({
  template: z.object({ id: z.string(), url: z.string(), version: z.string(), title: z.string() }),
  reportKey: z.string(),
  reportRef: z.string().optional(),
  items: z.array(ItemView),
  violations: z.array(Violation),
  uncertain: z.array(UncertainItem),
  issues: z.array(z.string()),
  /** Set, with the reason, when the template does not apply to the report: such a form cannot be approved. */
  notApplicable: z.string().optional(),
  /** How the answers were reached: offline rules or the reflective loop, round by round. */
  reasoning: z.object({
    mode: SynopticResult.shape.mode,
    strategy: Strategy.optional(),
    model: z.string().optional(),
    stop: StopReason,
    rounds: z.array(
      RoundRecord.pick({ round: true, asked: true, changed: true, usage: true, ms: true }).extend({
        /** How many rules the answers of this round broke. */
        violations: z.number().int(),
      })
    ),
    usage: UsageTotals,
  }),
});
export type SynopticView = z.infer<typeof SynopticView>;

/** A pathologist's approval (POST /api/synoptic/approve): the edited response, its Observations and what still conflicts. */
export const SynopticApproval = z.object({
  response: fhirResource<QuestionnaireResponse>('QuestionnaireResponse'),
  observations: z.array(fhirResource<Observation>('Observation')),
  violations: z.array(Violation),
  /** Items whose answer the pathologist changed. */
  edited: z.array(z.string()),
});
export type SynopticApproval = z.infer<typeof SynopticApproval>;

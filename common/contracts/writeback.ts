// The write-back contract: what POST /api/writeback/plan accepts (a finished workup, approved synoptic forms, the
// ticked items and the signer) and the plan it returns for the review screen. Lists are capped well above any real
// workup, so a hostile body cannot make the plan builder work for minutes.
import type { Bundle, Observation, OperationOutcome, QuestionnaireResponse } from '@medplum/fhirtypes';
import { z } from 'zod';
import { fhirResource } from './fhir';
import { AnswerStatement, EvidenceItem, Finding, WorkupToolCall, workupShape } from './workup';

/** How the review screen groups what will be written. */
export const PlanGroup = z.enum([
  'Imaging measurements',
  'Response assessment',
  'AI biomarker predictions',
  'Therapy matches',
  'Staging',
  'Synoptic pathology',
  'Workup report',
  'Software',
  'Provenance',
]);
export type PlanGroup = z.infer<typeof PlanGroup>;

export const PlanSummaryItem = z.object({
  key: z.string(),
  group: PlanGroup,
  text: z.string(),
  fullUrl: z.string(),
  resourceType: z.string(),
  included: z.boolean(),
  /** Written whenever anything is (Devices, Provenance): not a choice on the review screen. */
  required: z.boolean(),
});
export type PlanSummaryItem = z.infer<typeof PlanSummaryItem>;

/** Something the workup found that the plan does not write, and why. */
export const NotWritten = z.object({
  group: PlanGroup,
  text: z.string(),
  reason: z.string(),
});
export type NotWritten = z.infer<typeof NotWritten>;

export const WritebackPlan = z.object({
  bundle: fhirResource<Bundle>('Bundle'),
  summary: z.array(PlanSummaryItem),
  notWritten: z.array(NotWritten),
  /** validatePlan's outcome: errors block the commit. */
  outcome: fhirResource<OperationOutcome>('OperationOutcome'),
  valid: z.boolean(),
  signed: z.boolean(),
});
export type WritebackPlan = z.infer<typeof WritebackPlan>;

const observation = fhirResource<Observation>('Observation');

/** A synoptic form as the synoptic module returns it. */
export const SynopticInput = z.object({
  questionnaireResponse: fhirResource<QuestionnaireResponse>('QuestionnaireResponse'),
  /** Observations extracted from the response; they may refer to each other by `Observation/<id>` or by fullUrl. */
  observations: z
    .array(z.union([observation, z.object({ fullUrl: z.string().optional(), resource: observation })]))
    .optional(),
});
export type SynopticInput = z.infer<typeof SynopticInput>;

/** The clinician's edits on the review screen: their conclusion and a comment. */
export const PlanReview = z.object({
  /** The conclusion as the clinician edited it (replaces the generated one). */
  conclusion: z.string().max(10_000).optional(),
  /** A comment added by the signing clinician. */
  comment: z.string().max(10_000).optional(),
});
export type PlanReview = z.infer<typeof PlanReview>;

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/** A workup as the plan request carries it: the WorkupResult contract with ids checked and lists capped. */
export const PlanWorkup = z.object({
  ...workupShape,
  id: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, 'letters, digits, ".", "_" or "-", at most 100'),
  patient: z.object({ id: z.string().regex(FHIR_ID, 'a FHIR id'), name: z.string() }),
  toolCalls: z.array(WorkupToolCall.extend({ id: z.string().min(1).max(100) })).max(200),
  findings: z.array(Finding).max(1000),
  evidence: z.array(EvidenceItem).max(500),
  answer: z.object({ markdown: z.string(), statements: z.array(AnswerStatement) }),
  suggestions: z.array(z.string()).max(100),
});

/** The body of POST /api/writeback/plan (parsed in the plan worker). */
export const PlanRequest = z.object({
  workup: PlanWorkup,
  synoptic: z.union([SynopticInput, z.array(SynopticInput).max(20)]).optional(),
  include: z
    .array(z.string().min(1).max(200))
    .max(2000)
    .optional()
    .describe('Keys or fullUrls of the items to write; absent: all'),
  signAs: z
    .string()
    .regex(/^(Practitioner|PractitionerRole)\/[A-Za-z0-9\-.]{1,64}$/, 'Practitioner/<id> or PractitionerRole/<id>')
    .optional()
    .describe('The signing clinician: the plan comes back signed (final)'),
  signerName: z.string().max(200).optional().describe("The signer's name, shown in the report and on the signature"),
  review: PlanReview.optional().describe("The clinician's edited conclusion and comment"),
});
export type PlanRequest = z.infer<typeof PlanRequest>;

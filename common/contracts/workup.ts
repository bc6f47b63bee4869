// The WorkupResult contract (DESIGN §4): what a workup returns to the CLI, the API, the UI and the write-back
// builders, declared once as zod schemas so the server, the browser and the API parse the same shape.
import type { Bundle } from '@medplum/fhirtypes';
import { z } from 'zod';
import { fhirResource } from './fhir';
import { UsageTotals } from './usage';

export const WorkupMode = z.enum(['none', 'openai', 'local']);
export type WorkupMode = z.infer<typeof WorkupMode>;

/** `ok`: output is valid; `error`: the call failed (bad input, bad file…); `unavailable`: cannot run here (no model, key, network). */
export const ToolStatus = z.enum(['ok', 'error', 'unavailable']);
export type ToolStatus = z.infer<typeof ToolStatus>;

/** One tool call as run by the agent. `id` is cited as `tool:<id>`. */
export const WorkupToolCall = z.object({
  id: z.string().min(1),
  tool: z.string().min(1),
  args: z.unknown(),
  status: ToolStatus,
  /** The tool's output as sent on the wire; read it through the tool's typed accessors. */
  output: z.unknown().optional(),
  /** For error/unavailable: what went wrong or is missing. */
  message: z.string().optional(),
  warnings: z.array(z.string()).optional(),
  ms: z.number(),
});
export type WorkupToolCall = z.infer<typeof WorkupToolCall>;

export const FindingKind = z.enum(['response', 'biomarker', 'alteration', 'therapy', 'score', 'stage', 'conflict']);
export type FindingKind = z.infer<typeof FindingKind>;

/**
 * A statement the workup makes, with where it comes from. Each source is a citation token:
 * `tool:<callId>` (a tool call), `record:<Type>/<id>` (a resource of the patient's record), `source:<n>` (guideline evidence n).
 */
export const Finding = z.object({
  kind: FindingKind,
  text: z.string(),
  sources: z.array(z.string()),
});
export type Finding = z.infer<typeof Finding>;

/** A numbered guideline passage ("Source [n]"). */
export const EvidenceItem = z.object({
  n: z.number().int(),
  sourceId: z.string(),
  title: z.string(),
  section: z.string(),
  text: z.string(),
  source: z.string().optional(),
  year: z.number().optional(),
  url: z.string().optional(),
});
export type EvidenceItem = z.infer<typeof EvidenceItem>;

export const AnswerStatement = z.object({
  text: z.string(),
  /** Numbers refer to `evidence[].n`; strings are citation tokens as in Finding.sources. */
  citations: z.array(z.union([z.number().int(), z.string().max(300)])),
  /** Whether the citation check found the cited passages support the statement. */
  supported: z.boolean(),
});
export type AnswerStatement = z.infer<typeof AnswerStatement>;

export const WorkupProblem = z.object({
  code: z.string(),
  message: z.string(),
});
export type WorkupProblem = z.infer<typeof WorkupProblem>;

/** The patient a workup is about. */
export const WorkupPatient = z.object({ id: z.string().min(1), name: z.string() });

/** The fields of a workup result; the plan request narrows some of them (see `./writeback`). */
export const workupShape = {
  id: z.string().min(1),
  patient: WorkupPatient,
  /** The FHIR base the record was read from. */
  fhirBase: z.string(),
  question: z.string(),
  mode: WorkupMode,
  createdAt: z.iso.datetime({ offset: true }),
  toolCalls: z.array(WorkupToolCall),
  findings: z.array(Finding),
  evidence: z.array(EvidenceItem),
  answer: z.object({ markdown: z.string(), statements: z.array(AnswerStatement) }),
  suggestions: z.array(z.string()),
  /** The write-back plan (a transaction Bundle), when built. */
  writeBack: fhirResource<Bundle>('Bundle').optional(),
  usage: UsageTotals,
  timings: z.record(z.string(), z.number()),
  /**
   * What kept the workup from being complete, e.g. `max-rounds`, `provider-down`, `planner-failed`, `context-limit`,
   * `needs-approval`, `answer-failed`, `record-incomplete`, `not-run`. Absent when nothing did.
   */
  problems: z.array(WorkupProblem).optional(),
};

export const WorkupResult = z.object(workupShape);
export type WorkupResult = z.infer<typeof WorkupResult>;

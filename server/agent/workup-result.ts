// The WorkupResult contract (DESIGN §4): what a workup returns to the CLI, the API, the UI and the write-back builders.
import type { Bundle } from '@medplum/fhirtypes';
import type { ToolStatus } from '../tools/types';

export type WorkupMode = 'none' | 'openai' | 'local';

/** One tool call as run by the agent. `id` is cited as `tool:<id>`. */
export interface WorkupToolCall {
  id: string;
  tool: string;
  args: unknown;
  status: ToolStatus;
  output?: unknown;
  /** For error/unavailable: what went wrong or is missing. */
  message?: string;
  warnings?: string[];
  ms: number;
}

export type FindingKind = 'response' | 'biomarker' | 'alteration' | 'therapy' | 'score' | 'stage' | 'conflict';

/**
 * A statement the workup makes, with where it comes from. Each source is a citation token:
 * `tool:<callId>` (a tool call), `record:<Type>/<id>` (a resource of the patient's record), `source:<n>` (guideline evidence n).
 */
export interface Finding {
  kind: FindingKind;
  text: string;
  sources: string[];
}

/** A numbered guideline passage ("Source [n]"). */
export interface EvidenceItem {
  n: number;
  sourceId: string;
  title: string;
  section: string;
  text: string;
  source?: string;
  year?: number;
  url?: string;
}

export interface AnswerStatement {
  text: string;
  /** Numbers refer to `evidence[].n`; strings are citation tokens as in Finding.sources. */
  citations: (number | string)[];
  /** Whether the citation check found the cited passages support the statement. */
  supported: boolean;
}

export interface WorkupResult {
  id: string;
  patient: { id: string; name: string };
  /** The FHIR base the record was read from. */
  fhirBase: string;
  question: string;
  mode: WorkupMode;
  createdAt: string;
  toolCalls: WorkupToolCall[];
  findings: Finding[];
  evidence: EvidenceItem[];
  answer: { markdown: string; statements: AnswerStatement[] };
  suggestions: string[];
  /** The write-back plan (a transaction Bundle), when built. */
  writeBack?: Bundle;
  usage: { llmCalls: number; promptTokens: number; completionTokens: number };
  timings: Record<string, number>;
  /**
   * What kept the workup from being complete, e.g. `max-rounds`, `provider-down`, `planner-failed`, `context-limit`,
   * `needs-approval`, `answer-failed`, `record-incomplete`, `not-run`. Absent when nothing did.
   */
  problems?: WorkupProblem[];
}

export interface WorkupProblem {
  code: string;
  message: string;
}

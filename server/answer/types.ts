// The contract of the cited-answer pipeline: what the agent gives it and what it returns.
import type { AnswerStatement, EventSink, EvidenceItem, Finding, WorkupToolCall } from '../../common/contracts';
import type { Model } from '../llm';
import type { Passage } from '../rag/types';

export interface AnswerInput {
  question: string;
  /** A compact, de-identified summary of the record (diagnosis, stage, lines of therapy, biomarkers, key labs). */
  patientSummary: string;
  findings: Finding[];
  toolCalls: WorkupToolCall[];
}

export interface AnswerDeps {
  /** Absent in deterministic mode (ONCOAGENT_LLM=none): the answer is an extractive report. */
  model?: Model;
  /** Retrieval over the knowledge base (retrieve 40 → rerank → keep k). */
  retrieve: (query: string, k: number) => Promise<Passage[]>;
  signal?: AbortSignal;
  emit?: EventSink;
}

export interface AnswerOutput {
  subQueries: string[];
  evidence: EvidenceItem[];
  answer: { markdown: string; statements: AnswerStatement[] };
  suggestions: string[];
  usage: { llmCalls: number; promptTokens: number; completionTokens: number };
}

export type Answerer = (input: AnswerInput, deps: AnswerDeps) => Promise<AnswerOutput>;

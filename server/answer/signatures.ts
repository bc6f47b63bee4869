// The prompt contracts of the cited-answer pipeline (typed inputs, outputs and instructions, apart from the code that
// runs them): sub-queries, answer strategy, cited answer, citation check, revision, follow-up suggestions.
import { z } from 'zod';
import { defineSignature } from '../llm/signature';
import { DATA_RULE, dataBlock } from './prompt-data';

const CITE_RULES = [
  'Citation forms: a guideline passage by its number ("3"), a tool result as "Tool:<id>" (e.g. "Tool:c2"), a record item',
  'as "Record:<Type>/<id>" using a reference written in brackets in the record (e.g. "Record:Observation/o1").',
  'Cite only numbers, tool ids and record references that appear in the data; never invent one.',
].join(' ');

/** How the scoped evidence is to be used (llm-scope.ts): options from the table, passages against never as support. */
const SCOPE_RULE = [
  'Only the passages in guideline-passages apply to this patient. A passage in guideline-passages-against is for a',
  'biomarker group the patient is not in: cite it only to say that its option is not for this patient and why, never',
  'as support for giving it. The tumour-board-options block is the decision table applied to this patient (options',
  'that apply with the passage stating each, options not for this patient with the result that excludes them, facts',
  'the record lacks): answer a question about options from it first.',
].join(' ');

const question = (q: string): string =>
  `Clinician's question: ${q.trim() || '(none: prepare a general tumour-board answer)'}`;

export const subQueriesSignature = defineSignature({
  name: 'answer_sub_queries',
  instructions: [
    'You write search queries for a retrieval system over oncology guidelines (ESMO, NCCN, ASCO, AJCC, RECIST, CAP).',
    'Write 10 to 14 short, distinct queries that together cover what a tumour board needs for this patient: the',
    'question itself, each alteration and conflict, the tumour type and line of therapy, response, scores and stage,',
    'missing tests and supportive care. Each query at most 20 words, no patient identifiers.',
    DATA_RULE,
  ].join(' '),
  render: (i: { question: string; summary: string; findings: string }) =>
    `${question(i.question)}\n\n${dataBlock('patient-record', i.summary)}\n\n${dataBlock('findings', i.findings || '(none)')}`,
  output: z.object({ queries: z.array(z.string()) }),
});

export const strategySignature = defineSignature({
  name: 'answer_strategy',
  instructions: [
    'You plan the answer to an oncologist for a tumour board. From the question, the record, the findings, the tool',
    'results and the numbered guideline passages, list the points the answer must cover, in order (each point one line,',
    'naming the sources that support it), and the information that is missing and would change the decision (tests',
    'not done, results only predicted or unverified, tools that could not run, conflicts to resolve first).',
    SCOPE_RULE,
    DATA_RULE,
  ].join(' '),
  render: (i: { question: string; sources: string }) => `${question(i.question)}\n\n${i.sources}`,
  output: z.object({ points: z.array(z.string()), missing: z.array(z.string()) }),
});

export const citedAnswerSignature = defineSignature({
  name: 'cited_answer',
  instructions: [
    'You write the answer for a tumour board as a list of statements, following the plan. Each statement is at most',
    'two sentences, states one thing, and cites the passages, tool results or record items that support it; a',
    'statement nothing in the data supports is left out. Put no citation markers or brackets inside the text.',
    'Report conflicts and missing information plainly; never present a prediction as a test result.',
    CITE_RULES,
    SCOPE_RULE,
    DATA_RULE,
  ].join(' '),
  render: (i: { question: string; sources: string; plan: { points: string[]; missing: string[] } }) =>
    `${question(i.question)}\n\n${i.sources}\n\nPlan:\n${i.plan.points.map((p) => `- ${p}`).join('\n')}\n` +
    `Missing information:\n${i.plan.missing.map((m) => `- ${m}`).join('\n') || '- (none listed)'}`,
  output: z.object({ statements: z.array(z.object({ text: z.string(), citations: z.array(z.string()) })) }),
});

export interface CheckItem {
  id: number;
  statement: string;
  sources: { label: string; text: string }[];
}

export const citationCheckSignature = defineSignature({
  name: 'citation_check',
  instructions: [
    'You check citations. For each statement decide whether its cited sources, taken together, support every claim',
    'in it (numbers, drugs, levels, dates and directions of effect included). Judge only from the source text shown,',
    'not from your own knowledge. Give one verdict per statement id, with a short reason when it is not supported.',
    DATA_RULE,
  ].join(' '),
  render: (i: { items: CheckItem[] }) =>
    i.items
      .map(
        (s) =>
          `Statement ${s.id}: ${s.statement}\n` +
          s.sources.map((src) => dataBlock(`source ${src.label.replace(/"/g, '')}`, src.text)).join('\n')
      )
      .join('\n\n'),
  output: z.object({ verdicts: z.array(z.object({ id: z.number(), supported: z.boolean(), reason: z.string() })) }),
});

export const reviseSignature = defineSignature({
  name: 'revise_statements',
  instructions: [
    'Some statements of an answer failed the citation check; the reason is given with each. Rewrite each one so that',
    'it says only what its sources support, citing the right sources (another passage, tool result or record item',
    'may be the right one). When nothing in the data supports it, return it with no citations.',
    CITE_RULES,
    SCOPE_RULE,
    DATA_RULE,
  ].join(' '),
  render: (i: {
    question: string;
    sources: string;
    items: { id: number; statement: string; citations: string[]; reason: string }[];
  }) =>
    `${question(i.question)}\n\n${i.sources}\n\nStatements to revise:\n` +
    i.items
      .map((s) => `${s.id}. ${s.statement} (cited: ${s.citations.join(', ') || 'none'}; problem: ${s.reason})`)
      .join('\n'),
  output: z.object({
    revisions: z.array(z.object({ id: z.number(), text: z.string(), citations: z.array(z.string()) })),
  }),
});

export const suggestionsSignature = defineSignature({
  name: 'follow_up_suggestions',
  instructions: [
    'You suggest what the tumour board should ask, test or obtain next for this patient: 3 to 6 short, concrete',
    'suggestions, most decision-relevant first (resolve conflicts, complete missing tests, confirm predictions).',
    DATA_RULE,
  ].join(' '),
  render: (i: { question: string; summary: string; answer: string; missing: string[] }) =>
    `${question(i.question)}\n\n${dataBlock('patient-record', i.summary)}\n\n${dataBlock('answer', i.answer)}\n\n` +
    dataBlock('missing-information', i.missing.map((m) => `- ${m}`).join('\n') || '(none listed)'),
  output: z.object({ suggestions: z.array(z.string()) }),
});

// Retrieval quality on the team's question set: recall@10, hit rate, MRR and nDCG@10 over distinct cited sections.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { type RetrieveOptions, retrieve } from './retrieve';
import { sourceId } from './sources';
import type { KnowledgeIndex } from './store';
import type { KnowledgeDoc } from './types';

const Question = z.object({
  id: z.string().min(1),
  question: z.string().min(1),
  relevant: z.array(z.object({ doc: z.string().min(1), section: z.string().min(1) })).min(1),
});

/** One evaluation question with the sections (doc + section id) that answer it. */
export type EvalQuestion = z.infer<typeof Question>;

/**
 * Reads every `*.jsonl` file of a folder (one question per line).
 * @param dir - The folder (default set: `knowledge/eval`).
 * @returns The questions; throws an Error naming file and line of a malformed one.
 */
export function loadEvalQuestions(dir: string): EvalQuestion[] {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.jsonl'))
    .sort();
  return files.flatMap((file) =>
    readFileSync(join(dir, file), 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        if (!line.trim()) return [];
        let parsed: ReturnType<typeof Question.safeParse>;
        try {
          parsed = Question.safeParse(JSON.parse(line));
        } catch {
          throw new Error(`${file}:${i + 1}: not JSON`);
        }
        if (!parsed.success) throw new Error(`${file}:${i + 1}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
        return [parsed.data];
      })
  );
}

export interface QuestionResult {
  id: string;
  question: string;
  relevant: string[];
  /** Distinct sections retrieved, best first. */
  retrieved: string[];
  recall: number;
  hit: boolean;
  /** 1 / rank of the first relevant section (0 when none in the top k). */
  reciprocalRank: number;
  ndcg: number;
}

export interface RetrievalEvaluation {
  questions: number;
  k: number;
  /** Mean share of each question's relevant sections found in its top k distinct sections. */
  recallAt10: number;
  /** Share of questions with at least one relevant section in the top k. */
  hitRateAt10: number;
  mrr: number;
  ndcgAt10: number;
  /** Relevant sections that are not in the corpus (a stale question set), when `docs` was given. */
  problems: string[];
  ms: number;
  perQuestion: QuestionResult[];
}

function score(q: EvalQuestion, retrieved: string[], k: number): QuestionResult {
  const relevant = q.relevant.map((r) => sourceId({ docId: r.doc, sectionId: r.section }));
  const top = retrieved.slice(0, k);
  const found = relevant.filter((r) => top.includes(r)).length;
  const first = top.findIndex((s) => relevant.includes(s));
  const dcg = top.reduce((sum, s, i) => sum + (relevant.includes(s) ? 1 / Math.log2(i + 2) : 0), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.length, k); i++) ideal += 1 / Math.log2(i + 2);
  return {
    id: q.id,
    question: q.question,
    relevant,
    retrieved: top,
    recall: found / relevant.length,
    hit: found > 0,
    reciprocalRank: first >= 0 ? 1 / (first + 1) : 0,
    ndcg: ideal ? dcg / ideal : 0,
  };
}

/**
 * Runs every question through `retrieve` and scores the distinct sections of the top k passages.
 * @param index - The knowledge index.
 * @param questions - The question set.
 * @param options - k (default 10), retrieval options, and the corpus to check the question set against.
 * @returns Mean metrics and per-question results.
 */
export async function evaluateRetrieval(
  index: KnowledgeIndex,
  questions: EvalQuestion[],
  options: { k?: number; retrieve?: RetrieveOptions; docs?: KnowledgeDoc[] } = {}
): Promise<RetrievalEvaluation> {
  const k = options.k ?? 10;
  const t0 = performance.now();
  const perQuestion: QuestionResult[] = [];
  for (const q of questions) {
    const passages = await retrieve(index, q.question, { ...options.retrieve, k });
    const sections = [...new Set(passages.map((p) => sourceId(p.chunk)))];
    perQuestion.push(score(q, sections, k));
  }
  const known = options.docs
    ? new Set(options.docs.flatMap((d) => d.sections.map((s) => `${d.id}#${s.id}`)))
    : undefined;
  const problems = known
    ? [...new Set(perQuestion.flatMap((r) => r.relevant.filter((s) => !known.has(s)).map((s) => `${r.id}: ${s}`)))]
    : [];
  const mean = (f: (r: QuestionResult) => number) =>
    perQuestion.length ? perQuestion.reduce((sum, r) => sum + f(r), 0) / perQuestion.length : 0;
  return {
    questions: perQuestion.length,
    k,
    recallAt10: mean((r) => r.recall),
    hitRateAt10: mean((r) => (r.hit ? 1 : 0)),
    mrr: mean((r) => r.reciprocalRank),
    ndcgAt10: mean((r) => r.ndcg),
    problems,
    ms: performance.now() - t0,
    perQuestion,
  };
}

// Guideline evidence for the answer: retrieval per sub-query (each retrieves 40, reranks and keeps 10), merged across
// sub-queries, deduplicated, numbered "Source [n]"; and, once the answer is written, renumbered to what it cites.
import type { EvidenceItem } from '../../common/contracts';
import { mergeSources, sourceId } from '../rag/sources';
import type { AnswerDeps } from './types';

/** Passages kept per sub-query (retrieve 40 → rerank → keep this many). */
export const PER_QUERY = 10;
/** Numbered sources at most: rank 1 and 2 of every sub-query fit, the prompt stays bounded. */
export const MAX_SOURCES = 30;

export interface GatheredEvidence {
  /** Numbered from 1, deduplicated across sub-queries. */
  evidence: EvidenceItem[];
  /** For each sub-query, the numbers of its passages that were kept, best first. */
  perQuery: number[][];
  /** Retrieval failures (one message per failed sub-query). */
  failures: string[];
}

/**
 * Retrieves passages for every sub-query (in parallel), then merges them by rank, dedupes and numbers them.
 * @param queries - The sub-queries.
 * @param retrieve - The retrieval function.
 * @param signal - Cancellation: an aborted retrieval rejects instead of counting as a failure.
 * @returns Numbered evidence, each sub-query's numbers and the failures.
 */
export async function gatherEvidence(
  queries: string[],
  retrieve: AnswerDeps['retrieve'],
  signal?: AbortSignal
): Promise<GatheredEvidence> {
  const failures: string[] = [];
  const rankings = await Promise.all(
    queries.map((q) =>
      retrieve(q, PER_QUERY).catch((err: unknown) => {
        if (signal?.aborted) throw err;
        failures.push(err instanceof Error ? err.message : String(err));
        return [];
      })
    )
  );
  const evidence: EvidenceItem[] = mergeSources(rankings, MAX_SOURCES).map((s) => ({
    n: s.n,
    sourceId: s.sourceId,
    title: s.title,
    section: s.section,
    text: s.text,
    ...(s.source ? { source: s.source } : {}),
    ...(s.year !== undefined ? { year: s.year } : {}),
    ...(s.url ? { url: s.url } : {}),
  }));
  const bySource = new Map(evidence.map((e) => [e.sourceId, e.n]));
  const perQuery = rankings.map((ranking) => [
    ...new Set(ranking.map((p) => bySource.get(sourceId(p.chunk))).filter((n): n is number => n !== undefined)),
  ]);
  return { evidence, perQuery, failures };
}

/**
 * Keeps the cited sources only, renumbered 1..n in order of first citation.
 * @param evidence - The numbered sources.
 * @param cited - Source numbers in the order the answer cites them (repeats allowed).
 * @returns The kept sources and the old → new number map.
 */
export function renumber(
  evidence: EvidenceItem[],
  cited: number[]
): { evidence: EvidenceItem[]; map: Map<number, number> } {
  const map = new Map<number, number>();
  for (const n of cited) if (!map.has(n) && evidence.some((e) => e.n === n)) map.set(n, map.size + 1);
  const kept = [...map].map(([old, n]) => ({ ...evidence.find((e) => e.n === old)!, n }));
  return { evidence: kept, map };
}

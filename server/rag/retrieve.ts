// One query's retrieval: BM25 (+ dense, fused by RRF) candidates → rerank → one passage per section → top k.
import { badRequest, OperationOutcomeError } from '@medplum/core';
import type { Embedder } from '../llm/types';
import { expandQuery, isStopword, type Synonyms, tokenize } from './lexical';
import { LexicalReranker, type Reranker } from './rerank';
import { dedupePassages, sourceId } from './sources';
import type { KnowledgeIndex } from './store';
import type { ChunkSize, Passage } from './types';

/** Longest query accepted: sub-queries and questions are short; a pasted document is not a query. */
export const MAX_QUERY_CHARS = 1000;
/** Reciprocal-rank-fusion constant (Cormack et al. 2009). */
export const RRF_K = 60;
/**
 * Chunks kept per section among the candidates: the three sizes of one passage otherwise fill the candidate list (40
 * hits covered ~14 sections), leaving the reranker little to choose from. The first stage fetches 1.5× the
 * candidates to make up for those dropped (2–3× fetched no better on the evaluation set and cost latency).
 */
const PER_SECTION = 3;
const OVERFETCH = 1.5;

export interface RetrieveOptions {
  /** Passages returned (default 10). */
  k?: number;
  /** Candidates taken from each first-stage ranking (default 40). */
  candidates?: number;
  /** Chunk sizes searched (default all). */
  sizes?: ChunkSize[];
  /** Query embedder; the dense side runs only when the index has vectors of the same model. */
  embedder?: Embedder;
  /** Default: the lexical reranker. */
  reranker?: Reranker;
  synonyms?: Synonyms;
  signal?: AbortSignal;
  /** Told when a configured stage failed and was skipped: the query embedding, or a remote reranker (lexical used). */
  onWarning?: (warning: { stage: 'dense' | 'rerank'; message: string }) => void;
}

/**
 * Checks a query: not blank, at most MAX_QUERY_CHARS, some word in it.
 * @param query - The raw query.
 * @returns The trimmed query; throws OperationOutcomeError (400) naming the problem.
 */
export function checkQuery(query: unknown): string {
  if (typeof query !== 'string' || !query.trim())
    throw new OperationOutcomeError(badRequest('The query is empty', 'q'));
  const trimmed = query.trim();
  if (trimmed.length > MAX_QUERY_CHARS)
    throw new OperationOutcomeError(
      badRequest(`The query is too long (${trimmed.length} characters; at most ${MAX_QUERY_CHARS})`, 'q')
    );
  if (tokenize(trimmed).length === 0)
    throw new OperationOutcomeError(badRequest('The query has no words or numbers to search for', 'q'));
  return trimmed;
}

/**
 * Fuses rankings by reciprocal rank: score = Σ 1 / (k + rank). Scores are not comparable across methods; ranks are.
 * @param rankings - Ranked passage lists (best first).
 * @param k - The RRF constant (default 60).
 * @returns One list, best first, `method: 'rrf'`.
 */
export function rrf(rankings: Passage[][], k = RRF_K): Passage[] {
  const fused = new Map<string, Passage>();
  for (const ranking of rankings) {
    ranking.forEach((p, rank) => {
      const prev = fused.get(p.chunk.id);
      fused.set(p.chunk.id, { chunk: p.chunk, score: (prev?.score ?? 0) + 1 / (k + rank + 1), method: 'rrf' });
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score);
}

/**
 * The BM25 side of a query: its words without function words (all words when nothing else is left) plus the
 * synonym alternates.
 * @param query - A checked query.
 * @param synonyms - Compiled synonyms (default: bundled).
 * @returns Text and alternates for `KnowledgeIndex.searchText`.
 */
export function lexicalQuery(query: string, synonyms?: Synonyms): { text: string; alternates: string[] } {
  const tokens = tokenize(query);
  const words = tokens.filter((t) => !isStopword(t));
  return {
    text: (words.length ? words : tokens).join(' '),
    alternates: expandQuery(query, synonyms).map((a) => a.join(' ')),
  };
}

/** The first `limit` passages, at most PER_SECTION from any one section. */
function capPerSection(passages: Passage[], limit: number): Passage[] {
  const count = new Map<string, number>();
  const out: Passage[] = [];
  for (const p of passages) {
    const id = sourceId(p.chunk);
    const n = count.get(id) ?? 0;
    if (n >= PER_SECTION) continue;
    count.set(id, n + 1);
    out.push(p);
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * Retrieves the best passages for one query.
 * @param index - The knowledge index.
 * @param query - The query (checked with checkQuery).
 * @param options - k, candidates, sizes, embedder, reranker.
 * @returns Up to k passages from distinct sections, best first.
 */
export async function retrieve(
  index: KnowledgeIndex,
  query: string,
  options: RetrieveOptions = {}
): Promise<Passage[]> {
  const q = checkQuery(query);
  const k = options.k ?? 10;
  const limit = options.candidates ?? 40;
  const fetched = Math.ceil(limit * OVERFETCH);
  const { embedder } = options;
  // The query embedding (a network call) runs while BM25 does; its failure is handled below, not left unobserved.
  const queryVector =
    embedder && index.embedding?.model === embedder.id
      ? embedder.embed([q], { signal: options.signal }).then(([v]) => v!)
      : undefined;
  queryVector?.catch(() => undefined);
  const lexical = await index.searchText({
    ...lexicalQuery(q, options.synonyms),
    limit: fetched,
    sizes: options.sizes,
  });
  let candidates = capPerSection(lexical, limit);
  if (queryVector) {
    try {
      const dense = await index.searchVector(await queryVector, { limit: fetched, sizes: options.sizes });
      candidates = capPerSection(rrf([candidates, capPerSection(dense, limit)]), limit);
    } catch (err) {
      if (options.signal?.aborted) throw err;
      options.onWarning?.({ stage: 'dense', message: `Dense retrieval skipped: ${(err as Error).message}` });
    }
  }
  const reranker = options.reranker ?? new LexicalReranker();
  let ranked: Passage[];
  try {
    ranked = await reranker.rerank(q, candidates, { signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted || reranker instanceof LexicalReranker) throw err;
    const message = `The ${reranker.name} reranker failed, lexical reranking used: ${(err as Error).message}`;
    options.onWarning?.({ stage: 'rerank', message });
    ranked = await new LexicalReranker().rerank(q, candidates);
  }
  return dedupePassages(ranked).slice(0, k);
}

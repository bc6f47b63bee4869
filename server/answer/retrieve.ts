// The production retrieval for the answer pipeline: the configured knowledge index, opened (and built from the
// corpus when empty) on first use and then kept open; each query retrieves 40 candidates, reranks, keeps k. Results
// are kept per open index (`QueryCache`): a cohort asks the same sub-queries again and again.

import type { EnvSource } from '../config';
import type { Model } from '../llm/types';
import { createEmbedder, createReranker, type RagConfig, readRagConfig } from '../rag/config';
import { openKnowledgeIndex } from '../rag/knowledge';
import { QueryCache, type QueryCacheStats } from '../rag/query-cache';
import type { Reranker } from '../rag/rerank';
import { retrieve } from '../rag/retrieve';
import type { KnowledgeIndex } from '../rag/store';
import type { Passage } from '../rag/types';
import type { AnswerDeps } from './types';

/** First-stage candidates per query before reranking (the reference pipeline's 40). */
export const CANDIDATES = 40;

export type RetrieveOptions = (
  | {
      /** The retrieval configuration (`loadConfig().rag`). */
      config: RagConfig;
      env?: undefined;
    }
  | {
      /** Variables to build the configuration from (tests): ONCOAGENT_DATA_DIR, … */
      env: EnvSource;
      config?: undefined;
    }
) & {
  /**
   * A chat model for LLM reranking when no cross-encoder is configured. Off by default: it costs one call with 40
   * passages per sub-query.
   */
  model?: Model;
  reranker?: Reranker;
};

export type Retrieve = AnswerDeps['retrieve'] & {
  /** Closes the index (a later query opens it again) and forgets cached results. */
  close(): Promise<void>;
  /** Queries answered from the cache and computed since the retrieval was made. */
  cacheStats(): QueryCacheStats;
};

/**
 * Creates the retrieval function. The index is opened on the first query, and an open that failed is tried again on
 * the next one.
 * @param options - Configuration (or variables), optional reranking model or reranker.
 * @returns `retrieve(query, k)` with `close()`.
 */
export function createRetrieve(options: RetrieveOptions): Retrieve {
  const config = options.config ?? readRagConfig(options.env);
  const embedder = createEmbedder(config);
  const reranker = options.reranker ?? createReranker(config, options.model);
  const cache = new QueryCache<Passage>(config.cacheEntries);
  let pending: Promise<KnowledgeIndex> | undefined;
  const index = () => {
    pending ??= openKnowledgeIndex(config, { embedder }).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
  const fn = (query: string, k: number) => {
    const key = `${k}\u0000${query}`;
    return cache.get(key, async () => {
      // A result made with the embedding or a remote reranker skipped is used once, not kept.
      const onWarning = () => queueMicrotask(() => cache.forget(key));
      return retrieve(await index(), query, { k, candidates: CANDIDATES, reranker, embedder, onWarning });
    });
  };
  return Object.assign(fn, {
    async close() {
      const open = pending;
      pending = undefined;
      cache.clear();
      if (open) (await open.catch(() => undefined))?.close();
    },
    cacheStats: () => cache.stats(),
  });
}

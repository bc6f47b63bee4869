// HTTP API of the guideline index (mounted at /api/knowledge): GET /search?q=&k= → ranked passages, as the CLI shows.
import { OperationOutcomeError } from '@medplum/core';
import { Hono } from 'hono';
import { z } from 'zod';
import { unavailable } from '../agent/outcome';
import type { Embedder } from '../llm/types';
import { createEmbedder, createReranker, type RagConfig } from '../rag/config';
import { openKnowledgeIndex, searchKnowledge } from '../rag/knowledge';
import { LexicalReranker, type Reranker } from '../rag/rerank';
import type { KnowledgeIndex } from '../rag/store';
import { stripPaths } from '../tools/path-free';
import { parseQuery } from './parse';

export const SearchParams = z.object({
  q: z.string({ error: 'q (the query) is required' }).describe('The search query, at most 1,000 characters'),
  k: z.coerce
    .number({ error: 'k must be a number' })
    .int('k must be a whole number')
    .min(1, 'k must be at least 1')
    .max(50, 'k must be at most 50')
    .default(10)
    .describe('Passages to return (1–50, default 10)'),
});

export interface KnowledgeRoutesOptions {
  /** The index to search. Default: the configured one, opened (and built from the corpus if empty) on first use. */
  index?: () => Promise<KnowledgeIndex>;
  /** Query embedder for hybrid search. Default: the configured one, unless `index` is given (then none). */
  embedder?: Embedder;
  /** Default: the cross-encoder when ONCOAGENT_RERANK_URL is set, else lexical (an LLM reranker is opt-in here: seconds). */
  reranker?: Reranker;
  /** The retrieval configuration (`loadConfig().rag`): the index, embedder and reranker not given above. */
  rag?: RagConfig;
}

/** Opens the configured index once; a failed open is retried on the next request instead of being cached. */
function lazyIndex(rag: RagConfig | undefined, embedder?: Embedder): () => Promise<KnowledgeIndex> {
  let pending: Promise<KnowledgeIndex> | undefined;
  return () => {
    if (!rag) return Promise.reject(new Error('No knowledge index is configured'));
    pending ??= openKnowledgeIndex(rag, { embedder }).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/**
 * The knowledge sub-app.
 * @param options - Index provider, embedder and reranker (defaults from the retrieval configuration).
 * @returns The Hono app; failures are thrown as OperationOutcomeErrors (400 bad parameters, 503 index unavailable) for
 * the app's one error handler.
 */
export function knowledgeRoutes(options: KnowledgeRoutesOptions = {}): Hono {
  const config = options.index && options.reranker ? undefined : options.rag;
  const embedder = options.embedder ?? (options.index || !config ? undefined : createEmbedder(config));
  const getIndex = options.index ?? lazyIndex(config, embedder);
  const reranker = options.reranker ?? (config ? createReranker(config) : new LexicalReranker());
  const app = new Hono();
  app.get('/search', async (c) => {
    const { q, k } = parseQuery(c, SearchParams);
    const index = await getIndex().catch((err: unknown) => {
      const text = `The knowledge index is unavailable: ${stripPaths((err as Error).message)}`;
      throw new OperationOutcomeError(unavailable(text));
    });
    return c.json(await searchKnowledge(index, q, { k, embedder, reranker, signal: c.req.raw.signal }));
  });
  return app;
}

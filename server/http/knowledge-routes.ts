// HTTP API of the guideline index (mounted at /api/knowledge): GET /search?q=&k= → ranked passages, as the CLI shows.
import { badRequest, getStatus, normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { z } from 'zod';
import type { Embedder } from '../llm/types';
import { createEmbedder, createReranker, readRagConfig } from '../rag/config';
import { openKnowledgeIndex, searchKnowledge } from '../rag/knowledge';
import { LexicalReranker, type Reranker } from '../rag/rerank';
import type { KnowledgeIndex } from '../rag/store';
import { stripPaths } from '../tools/path-free';

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
}

function fail(c: Context, outcome: OperationOutcome): Response {
  return c.json(outcome, getStatus(outcome) as ContentfulStatusCode);
}

function unavailable(text: string): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'transient', details: { text } }] };
}

/** Opens the configured index once; a failed open is retried on the next request instead of being cached. */
function lazyIndex(embedder?: Embedder): () => Promise<KnowledgeIndex> {
  let pending: Promise<KnowledgeIndex> | undefined;
  return () => {
    pending ??= openKnowledgeIndex(readRagConfig(), { embedder }).catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/**
 * The knowledge sub-app.
 * @param options - Index provider, embedder and reranker (defaults from the environment).
 * @returns The Hono app; errors are OperationOutcomes (400 bad parameters, 503 index unavailable).
 */
export function knowledgeRoutes(options: KnowledgeRoutesOptions = {}): Hono {
  const config = options.index && options.reranker ? undefined : readRagConfig();
  const embedder = options.embedder ?? (options.index || !config ? undefined : createEmbedder(config));
  const getIndex = options.index ?? lazyIndex(embedder);
  const reranker = options.reranker ?? (config ? createReranker(config) : new LexicalReranker());
  const app = new Hono();
  app.get('/search', async (c) => {
    const parsed = SearchParams.safeParse({ q: c.req.query('q'), k: c.req.query('k') });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(c, badRequest(issue?.message ?? 'Bad parameters', String(issue?.path[0] ?? '')));
    }
    let index: KnowledgeIndex;
    try {
      index = await getIndex();
    } catch (err) {
      // Medplum maps no issue code to 503, so the status is set here.
      return c.json(unavailable(`The knowledge index is unavailable: ${stripPaths((err as Error).message)}`), 503);
    }
    try {
      const result = await searchKnowledge(index, parsed.data.q, {
        k: parsed.data.k,
        embedder,
        reranker,
        signal: c.req.raw.signal,
      });
      return c.json(result);
    } catch (err) {
      if (err instanceof OperationOutcomeError) return fail(c, err.outcome);
      return fail(c, normalizeOperationOutcome(err));
    }
  });
  return app;
}

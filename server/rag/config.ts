// Retrieval configuration from the environment: where the index lives, and which embedder and reranker are in play.
import { resolve } from 'node:path';
import { z } from 'zod';
import { createOpenAIEmbedder } from '../llm/openai';
import type { Embedder, Model } from '../llm/types';
import { LexicalReranker, type Reranker } from './rerank';
import { CrossEncoderReranker } from './rerank-cross-encoder';
import { LlmReranker } from './rerank-llm';

const REPO = resolve(import.meta.dirname, '../..');

const Env = z.object({
  ONCOAGENT_DATA_DIR: z.string().min(1).optional(),
  ONCOAGENT_KNOWLEDGE_DIR: z.string().min(1).optional(),
  ONCOAGENT_OFFLINE: z.enum(['0', '1', 'true', 'false']).optional(),
  OPENAI_BASE_URL: z.url().optional(),
  OPENAI_API_KEY: z.string().optional(),
  ONCOAGENT_EMBEDDING_MODEL: z.string().min(1).optional(),
  ONCOAGENT_EMBEDDING_BASE_URL: z.url().optional(),
  ONCOAGENT_EMBEDDING_DIMENSIONS: z.coerce.number().int().positive().optional(),
  ONCOAGENT_RERANK_URL: z.url().optional(),
  ONCOAGENT_RERANK_MODEL: z.string().min(1).optional(),
  ONCOAGENT_RERANK_API_KEY: z.string().optional(),
  ONCOAGENT_RERANK_FORMAT: z.enum(['cohere', 'tei']).default('cohere'),
});

export interface RagConfig {
  /** ONCOAGENT_OFFLINE: no embedder, cross-encoder or LLM reranking, whatever else is set. */
  offline: boolean;
  /** Data folder; the index is in `<dataDir>/knowledge`. */
  dataDir: string;
  /** The corpus folder ingested by default. */
  knowledgeDir: string;
  /** The retrieval evaluation questions. */
  evalDir: string;
  embedding?: { baseUrl: string; apiKey?: string; model: string; dimensions?: number };
  rerank?: { url: string; model?: string; apiKey?: string; format: 'cohere' | 'tei' };
}

/**
 * Reads the retrieval configuration. With ONCOAGENT_OFFLINE set, no embedder or cross-encoder is configured.
 * @param env - Usually process.env.
 * @returns The configuration; throws naming each bad variable.
 */
export function readRagConfig(env: NodeJS.ProcessEnv = process.env): RagConfig {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Bad configuration: ${problems}`);
  }
  const e = parsed.data;
  const offline = e.ONCOAGENT_OFFLINE === '1' || e.ONCOAGENT_OFFLINE === 'true';
  const knowledgeDir = resolve(e.ONCOAGENT_KNOWLEDGE_DIR ?? resolve(REPO, 'knowledge'));
  const embeddingUrl = e.ONCOAGENT_EMBEDDING_BASE_URL ?? e.OPENAI_BASE_URL;
  return {
    offline,
    dataDir: resolve(e.ONCOAGENT_DATA_DIR ?? resolve(REPO, '.data')),
    knowledgeDir,
    evalDir: resolve(knowledgeDir, 'eval'),
    ...(!offline && e.ONCOAGENT_EMBEDDING_MODEL && embeddingUrl
      ? {
          embedding: {
            baseUrl: embeddingUrl,
            apiKey: e.OPENAI_API_KEY,
            model: e.ONCOAGENT_EMBEDDING_MODEL,
            dimensions: e.ONCOAGENT_EMBEDDING_DIMENSIONS,
          },
        }
      : {}),
    ...(!offline && e.ONCOAGENT_RERANK_URL
      ? {
          rerank: {
            url: e.ONCOAGENT_RERANK_URL,
            model: e.ONCOAGENT_RERANK_MODEL,
            apiKey: e.ONCOAGENT_RERANK_API_KEY,
            format: e.ONCOAGENT_RERANK_FORMAT,
          },
        }
      : {}),
  };
}

/**
 * The configured embedder, if any.
 * @param config - Retrieval configuration.
 * @returns An OpenAI-compatible embedder, or undefined in lexical mode.
 */
export function createEmbedder(config: RagConfig): Embedder | undefined {
  return config.embedding ? createOpenAIEmbedder({ ...config.embedding, timeoutMs: 30_000 }) : undefined;
}

/**
 * The reranker in order of preference: cross-encoder endpoint, else the LLM when one is configured, else lexical.
 * @param config - Retrieval configuration.
 * @param model - The configured chat model (ONCOAGENT_LLM=openai|local), if any.
 * @returns The reranker.
 */
export function createReranker(config: RagConfig, model?: Model): Reranker {
  if (config.rerank) return new CrossEncoderReranker(config.rerank);
  return model ? new LlmReranker(model) : new LexicalReranker();
}

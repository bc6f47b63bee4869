// Retrieval configuration (built by server/config from the environment): where the index lives, and which embedder
// and reranker are in play.
import { type EnvSource, loadConfig } from '../config';
import { createOpenAIEmbedder } from '../llm/openai';
import type { Embedder, Model } from '../llm/types';
import { LexicalReranker, type Reranker } from './rerank';
import { CrossEncoderReranker } from './rerank-cross-encoder';
import { LlmReranker } from './rerank-llm';

export interface RagConfig {
  /** ONCOAGENT_OFFLINE: no embedder, cross-encoder or LLM reranking, whatever else is set. */
  offline: boolean;
  /** Data folder; the index is in `<dataDir>/knowledge`. */
  dataDir: string;
  /** The corpus folder ingested by default. */
  knowledgeDir: string;
  /** The retrieval evaluation questions. */
  evalDir: string;
  /** ONCOAGENT_RETRIEVAL_CACHE: query results kept per open index (default 512; 0 keeps none). */
  cacheEntries: number;
  embedding?: { baseUrl: string; apiKey?: string; model: string; dimensions?: number };
  rerank?: { url: string; model?: string; apiKey?: string; format: 'cohere' | 'tei' };
}

/**
 * The retrieval configuration of an environment (the entry points take `loadConfig().rag` instead; tests use this).
 * With ONCOAGENT_OFFLINE set, no embedder or cross-encoder is configured.
 * @param env - The variables.
 * @returns The configuration; throws ConfigError naming each bad variable.
 */
export function readRagConfig(env: EnvSource): RagConfig {
  return loadConfig(env).rag;
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

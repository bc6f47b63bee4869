// Chooses the model from its configuration (parsed from the environment by server/config): ONCOAGENT_LLM=none
// (default, deterministic), openai (any OpenAI-compatible endpoint) or local (node-llama-cpp with ONCOAGENT_GGUF).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ModelUnavailableError } from './errors';
import { createLocalModel, type LocalModel, type LocalModelOptions } from './local';
import { createOpenAIModel } from './openai';
import type { Model } from './types';

export type LlmMode = 'none' | 'openai' | 'local';

export interface ModelSelection {
  mode: LlmMode;
  /** Absent in `none` mode. */
  model?: Model;
}

const localModels = new Map<string, LocalModel>();

const GPUS = { auto: 'auto', cuda: 'cuda', vulkan: 'vulkan', metal: 'metal', cpu: false } as const;

/** The model settings from server/config, which checks each value; what each mode needs is checked here. */
export interface LlmConfig {
  /** ONCOAGENT_LLM. */
  mode: LlmMode;
  /** OPENAI_BASE_URL, OPENAI_API_KEY, ONCOAGENT_MODEL (openai; in local mode the model renames the file). */
  baseUrl?: string;
  apiKey?: string;
  model?: string;
  /** ONCOAGENT_GGUF, ONCOAGENT_LLM_CONTEXT, ONCOAGENT_LLM_THREADS, ONCOAGENT_LLM_GPU, ONCOAGENT_LLM_MAX_TOKENS (local). */
  gguf?: string;
  contextSize?: number;
  threads?: number;
  gpu: keyof typeof GPUS;
  maxTokens?: number;
  /** ONCOAGENT_LLM_TIMEOUT_MS, ONCOAGENT_LLM_MAX_RETRIES. */
  timeoutMs?: number;
  maxRetries?: number;
}

function installed(name: string): boolean {
  try {
    createRequire(import.meta.url).resolve(name);
    return true;
  } catch {
    return false;
  }
}

/**
 * Builds the configured model.
 * @param llm - The model settings (`loadConfig().llm`).
 * @returns The mode and model; throws ModelUnavailableError naming what the mode is missing.
 */
export function selectModel(llm: LlmConfig): ModelSelection {
  const { mode } = llm;
  if (mode === 'none') return { mode: 'none' };
  if (mode === 'openai') {
    const missing = [!llm.baseUrl && 'OPENAI_BASE_URL', !llm.model && 'ONCOAGENT_MODEL'].filter(Boolean);
    if (missing.length) {
      throw new ModelUnavailableError(
        `ONCOAGENT_LLM=openai needs ${missing.join(' and ')} (OPENAI_API_KEY if the endpoint wants one)`
      );
    }
    const model = createOpenAIModel({
      baseUrl: llm.baseUrl,
      apiKey: llm.apiKey,
      model: llm.model,
      timeoutMs: llm.timeoutMs,
      maxRetries: llm.maxRetries,
    });
    return { mode: 'openai', model };
  }
  if (mode === 'local') {
    const gguf = llm.gguf;
    const problems = [
      !installed('node-llama-cpp') && 'node-llama-cpp (an optional dependency) is not installed',
      !gguf && 'ONCOAGENT_GGUF is not set',
      gguf && !existsSync(gguf) && `ONCOAGENT_GGUF points to a missing file (${gguf})`,
    ].filter(Boolean);
    if (problems.length || !gguf)
      throw new ModelUnavailableError(`ONCOAGENT_LLM=local is unavailable: ${problems.join('; ')}`);
    const options: LocalModelOptions = {
      ggufPath: gguf,
      id: llm.model || undefined,
      contextSize: llm.contextSize || undefined,
      threads: llm.threads || undefined,
      gpu: GPUS[llm.gpu],
      timeoutMs: llm.timeoutMs,
      maxTokens: llm.maxTokens || undefined,
    };
    // One loaded model per configuration and process: every workup and form shares it (and its request queue)
    // instead of loading the file again.
    const key = JSON.stringify(options);
    let model = localModels.get(key);
    if (!model) {
      model = createLocalModel(options);
      localModels.set(key, model);
    }
    return { mode: 'local', model };
  }
  throw new ModelUnavailableError(`ONCOAGENT_LLM must be none, openai or local (got "${String(mode)}")`);
}

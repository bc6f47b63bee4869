// Chooses the model from the environment: ONCOAGENT_LLM=none (default, deterministic), openai (any OpenAI-compatible
// endpoint) or local (node-llama-cpp with ONCOAGENT_GGUF).
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

const positive = (value: string | undefined, name: string): number | undefined => {
  if (value === undefined || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new ModelUnavailableError(`${name} must be a non-negative integer, got "${value}"`);
  return n;
};

const localModels = new Map<string, LocalModel>();

const GPUS = { auto: 'auto', cuda: 'cuda', vulkan: 'vulkan', metal: 'metal', cpu: false } as const;

function gpuOf(value: string | undefined): LocalModelOptions['gpu'] {
  const key = (value ?? 'auto').trim().toLowerCase() || 'auto';
  if (!Object.hasOwn(GPUS, key))
    throw new ModelUnavailableError(`ONCOAGENT_LLM_GPU must be auto, cuda, vulkan, metal or cpu, got "${value}"`);
  return GPUS[key as keyof typeof GPUS];
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
 * @param env - Usually process.env: ONCOAGENT_LLM, OPENAI_BASE_URL, OPENAI_API_KEY, ONCOAGENT_MODEL,
 *   ONCOAGENT_LLM_TIMEOUT_MS, ONCOAGENT_LLM_MAX_RETRIES; local: ONCOAGENT_GGUF, ONCOAGENT_LLM_CONTEXT,
 *   ONCOAGENT_LLM_THREADS, ONCOAGENT_LLM_GPU, ONCOAGENT_LLM_MAX_TOKENS (ONCOAGENT_MODEL renames it).
 * @returns The mode and model; throws ModelUnavailableError naming what is missing.
 */
export function selectModel(env: NodeJS.ProcessEnv = process.env): ModelSelection {
  const mode = (env.ONCOAGENT_LLM ?? 'none').trim().toLowerCase() || 'none';
  if (mode === 'none') return { mode: 'none' };
  if (mode === 'openai') {
    const missing = [!env.OPENAI_BASE_URL && 'OPENAI_BASE_URL', !env.ONCOAGENT_MODEL && 'ONCOAGENT_MODEL'].filter(
      Boolean
    );
    if (missing.length) {
      throw new ModelUnavailableError(
        `ONCOAGENT_LLM=openai needs ${missing.join(' and ')} (OPENAI_API_KEY if the endpoint wants one)`
      );
    }
    const model = createOpenAIModel({
      baseUrl: env.OPENAI_BASE_URL,
      apiKey: env.OPENAI_API_KEY,
      model: env.ONCOAGENT_MODEL,
      timeoutMs: positive(env.ONCOAGENT_LLM_TIMEOUT_MS, 'ONCOAGENT_LLM_TIMEOUT_MS'),
      maxRetries: positive(env.ONCOAGENT_LLM_MAX_RETRIES, 'ONCOAGENT_LLM_MAX_RETRIES'),
    });
    return { mode: 'openai', model };
  }
  if (mode === 'local') {
    const gguf = env.ONCOAGENT_GGUF;
    const problems = [
      !installed('node-llama-cpp') && 'node-llama-cpp (an optional dependency) is not installed',
      !gguf && 'ONCOAGENT_GGUF is not set',
      gguf && !existsSync(gguf) && `ONCOAGENT_GGUF points to a missing file (${gguf})`,
    ].filter(Boolean);
    if (problems.length || !gguf)
      throw new ModelUnavailableError(`ONCOAGENT_LLM=local is unavailable: ${problems.join('; ')}`);
    const options: LocalModelOptions = {
      ggufPath: gguf,
      id: env.ONCOAGENT_MODEL || undefined,
      contextSize: positive(env.ONCOAGENT_LLM_CONTEXT, 'ONCOAGENT_LLM_CONTEXT') || undefined,
      threads: positive(env.ONCOAGENT_LLM_THREADS, 'ONCOAGENT_LLM_THREADS') || undefined,
      gpu: gpuOf(env.ONCOAGENT_LLM_GPU),
      timeoutMs: positive(env.ONCOAGENT_LLM_TIMEOUT_MS, 'ONCOAGENT_LLM_TIMEOUT_MS'),
      maxTokens: positive(env.ONCOAGENT_LLM_MAX_TOKENS, 'ONCOAGENT_LLM_MAX_TOKENS') || undefined,
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
  throw new ModelUnavailableError(`ONCOAGENT_LLM must be none, openai or local (got "${env.ONCOAGENT_LLM}")`);
}

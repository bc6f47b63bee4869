// Chooses the model from the environment: ONCOAGENT_LLM=none (default, deterministic), openai (any OpenAI-compatible
// endpoint) or local (node-llama-cpp with ONCOAGENT_GGUF).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { ModelUnavailableError } from './errors';
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
 *   ONCOAGENT_LLM_TIMEOUT_MS, ONCOAGENT_LLM_MAX_RETRIES, ONCOAGENT_GGUF.
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
    const problems = [
      !installed('node-llama-cpp') && 'node-llama-cpp is not installed',
      !env.ONCOAGENT_GGUF && 'ONCOAGENT_GGUF is not set',
      env.ONCOAGENT_GGUF &&
        !existsSync(env.ONCOAGENT_GGUF) &&
        `ONCOAGENT_GGUF points to a missing file (${env.ONCOAGENT_GGUF})`,
    ].filter(Boolean);
    const why = problems.length ? problems.join('; ') : 'the local model adapter is not part of this build';
    throw new ModelUnavailableError(`ONCOAGENT_LLM=local is unavailable: ${why}`);
  }
  throw new ModelUnavailableError(`ONCOAGENT_LLM must be none, openai or local (got "${env.ONCOAGENT_LLM}")`);
}

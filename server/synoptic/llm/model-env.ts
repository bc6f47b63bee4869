// Chooses the synoptic model from the model configuration through the project's selector (ONCOAGENT_LLM=none|openai|
// local, OPENAI_BASE_URL, OPENAI_API_KEY, ONCOAGENT_MODEL), with a mode given on the command line taking precedence.
import { type LlmConfig, selectModel } from '../../llm/select';
import type { Model } from '../../llm/types';

export const LLM_MODES = ['none', 'openai', 'local'] as const;

/**
 * The model to use, or undefined for offline extraction.
 * @param llm - The model configuration (`loadConfig().llm`).
 * @param override - A mode given on the command line, which wins over ONCOAGENT_LLM.
 * @returns The model; throws an Error naming the valid modes for an unknown mode, and ModelUnavailableError when the
 * mode needs configuration that is missing.
 */
export function synopticModel(llm: LlmConfig, override?: string): Model | undefined {
  const mode = (override ?? llm.mode).trim().toLowerCase() || 'none';
  if (!(LLM_MODES as readonly string[]).includes(mode)) {
    throw new Error(`Unknown LLM mode "${mode}"; use one of: ${LLM_MODES.join(', ')}`);
  }
  return selectModel({ ...llm, mode: mode as LlmConfig['mode'] }).model;
}

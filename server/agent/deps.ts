// What a workup needs besides the patient: answerer, retrieval, tool configuration, model and limits, taken from the
// configuration the CLI or the HTTP server loaded once (server/config).

import type { WorkupMode } from '../../common/contracts';
import type { AnswerDeps, Answerer } from '../answer/types';
import { type EnvSource, loadConfig, type OncoConfig } from '../config';
import type { Model } from '../llm';
import { selectModel } from '../llm/select';
import type { ToolConfig } from '../tools/config';

export interface WorkupDeps {
  answerer: Answerer;
  retrieve: AnswerDeps['retrieve'];
  toolConfig: ToolConfig;
  mode: WorkupMode;
  model?: Model;
  traceDir?: string;
  maxRounds: number;
  maxCallsPerRound: number;
}

export interface WorkupDepsOptions {
  /** The cited-answer pipeline (server/answer). */
  answerer: Answerer;
  /** Knowledge retrieval; without it the answer has no guideline passages. */
  retrieve?: AnswerDeps['retrieve'];
  /** The loaded configuration (`loadConfig()`); tests may give `env` variables instead. */
  config?: OncoConfig;
  env?: EnvSource;
  /** `false`: no trace files. Default `$ONCOAGENT_DATA_DIR/traces`. */
  traceDir?: string | false;
}

/**
 * The workup dependencies from the configuration: the model (ONCOAGENT_LLM…), tool settings, ONCOAGENT_MAX_ROUNDS
 * (default 4, at most 10) and the trace folder (ONCOAGENT_DATA_DIR/traces).
 * @param options - The answerer, retrieval, configuration and trace folder.
 * @returns The dependencies; throws (ModelUnavailableError, bad configuration) naming the variable.
 */
export function createWorkupDeps(options: WorkupDepsOptions): WorkupDeps {
  const config = options.config ?? loadConfig(options.env);
  const { mode, model } = selectModel(config.llm);
  return {
    answerer: options.answerer,
    retrieve: options.retrieve ?? (async () => []),
    toolConfig: config.tools,
    mode,
    ...(model ? { model } : {}),
    ...(options.traceDir === false ? {} : { traceDir: options.traceDir ?? config.trace.dir }),
    maxRounds: config.limits.maxRounds,
    maxCallsPerRound: config.limits.maxCallsPerRound,
  };
}

// What a workup needs besides the patient: answerer, retrieval, tool configuration, model and limits, read from the
// environment once (by the CLI and the HTTP server).
import type { AnswerDeps, Answerer } from '../answer/types';
import type { Model } from '../llm';
import { selectModel } from '../llm/select';
import { readToolConfig, type ToolConfig } from '../tools/config';
import { defaultTraceDir } from './trace';
import type { WorkupMode } from './workup-result';

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
  env?: NodeJS.ProcessEnv;
  /** `false`: no trace files. Default `$ONCOAGENT_DATA_DIR/traces`. */
  traceDir?: string | false;
}

function limit(value: string | undefined, name: string, fallback: number, max: number): number {
  if (!value) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new Error(`${name} must be an integer from 1 to ${max}, got "${value}"`);
  return n;
}

/**
 * Reads the workup configuration: ONCOAGENT_LLM (and its model variables), tool variables, ONCOAGENT_MAX_ROUNDS
 * (default 4, at most 10), ONCOAGENT_DATA_DIR.
 * @param options - The answerer, retrieval, environment and trace folder.
 * @returns The dependencies; throws (ModelUnavailableError, bad configuration) naming the variable.
 */
export function createWorkupDeps(options: WorkupDepsOptions): WorkupDeps {
  const env = options.env ?? process.env;
  const { mode, model } = selectModel(env);
  return {
    answerer: options.answerer,
    retrieve: options.retrieve ?? (async () => []),
    toolConfig: readToolConfig(env),
    mode,
    ...(model ? { model } : {}),
    ...(options.traceDir === false ? {} : { traceDir: options.traceDir ?? defaultTraceDir(env) }),
    maxRounds: limit(env.ONCOAGENT_MAX_ROUNDS, 'ONCOAGENT_MAX_ROUNDS', 4, 10),
    maxCallsPerRound: 10,
  };
}

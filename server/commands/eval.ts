// `oncoagent eval`: one entry for the accuracy figures of each module (agent, retrieval, synoptic).
import { createAnswerer, createRetrieve } from '../answer';
import { loadConfig, type OncoConfig } from '../config';
import { evalAgentCommand } from './eval-agent';
import { evalRetrievalCommand } from './knowledge';
import { evalSynopticCommand } from './synoptic';

export interface EvalCommandFlags {
  cases?: string;
  synoptic?: string;
  retrieval?: boolean;
  workup?: boolean;
  citationsOut?: string;
  json?: boolean;
}

/**
 * Runs the evaluation the flags name (the agent's tool choice by default).
 * @param flags - Which evaluation and where its cases are.
 * @param config - The configuration (default: loaded from the environment now).
 */
export async function evalCommand(flags: EvalCommandFlags, config: OncoConfig = loadConfig()): Promise<void> {
  if (flags.retrieval) {
    await evalRetrievalCommand({ json: flags.json }, config);
    return;
  }
  if (flags.synoptic) {
    await evalSynopticCommand(flags.synoptic, { json: flags.json }, config);
    return;
  }
  await evalAgentCommand(
    { cases: flags.cases, json: flags.json, workup: flags.workup, citationsOut: flags.citationsOut },
    { answerer: createAnswerer(), retrieve: createRetrieve({ config: config.rag }), tools: config.tools }
  );
}

// The workup dependencies of a registry job runner (`registry run` in-process, `oncoagent worker`, the bench's job
// loop): the configured answerer and retrieval, and no trace files (a cohort would leave one per patient).
import { createWorkupDeps, type WorkupDeps } from '../agent/deps';
import { createAnswerer, createRetrieve } from '../answer';
import type { OncoConfig } from '../config';

/**
 * Builds a job runner's workup dependencies.
 * @param config - The loaded configuration (its offline copy for offline runs).
 * @returns The dependencies.
 */
export function registryWorkupDeps(config: OncoConfig): WorkupDeps {
  return createWorkupDeps({
    answerer: createAnswerer(),
    retrieve: createRetrieve({ config: config.rag }),
    config,
    traceDir: false,
  });
}

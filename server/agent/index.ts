// The agent module's entry: run a workup, its dependencies, report rendering and registry (the result and event
// contracts live in common/contracts).
export { createWorkupDeps, type WorkupDeps, type WorkupDepsOptions } from './deps';
export { AgentLoopError, ContextLimit, MaxRoundsExceeded, PlannerFailed, ProviderDown } from './errors';
export { workupMarkdown } from './markdown';
export type { NextStep, Planner, PlannerContext } from './next-step';
export { outcomeStatus, toOutcome } from './outcome';
export { createModelPlanner } from './planner/model';
export { createRulesPlanner, planFromRecord } from './planner/rules';
export { checkCall, type PolicyContext } from './policy';
export { type RecordFacts, readFacts } from './record/facts';
export { recordFromBundle } from './record/from-bundle';
export { type RunWorkupOptions, runWorkup } from './run-workup';
export { createTracer, defaultTraceDir, type Tracer } from './trace';

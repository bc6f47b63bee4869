// The agent module's entry: run a workup, its dependencies, result contract, events, report rendering and registry.
export { createWorkupDeps, type WorkupDeps, type WorkupDepsOptions } from './deps';
export { AgentLoopError, ContextLimit, MaxRoundsExceeded, PlannerFailed, ProviderDown } from './errors';
export type { AgentEvent, EventSink, PlannedCall } from './events';
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
export type * from './workup-result';

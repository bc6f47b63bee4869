// Loop-level failures: the only errors that end the tool phase of a workup (a tool failure is an observation).

/** Base class: `code` is stable and shown in the result's problems. */
export class AgentLoopError extends Error {
  constructor(
    readonly code: 'max-rounds' | 'context-limit' | 'provider-down' | 'planner-failed',
    message: string,
    options?: { cause?: unknown }
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** The planner wanted another round after the configured maximum. */
export class MaxRoundsExceeded extends AgentLoopError {
  constructor(maxRounds: number) {
    super('max-rounds', `Stopped after ${maxRounds} rounds of tool calls (the configured maximum)`);
  }
}

/** The conversation no longer fits the model's context window. */
export class ContextLimit extends AgentLoopError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('context-limit', message, options);
  }
}

/** The model provider cannot be reached, refuses the credentials or keeps failing. */
export class ProviderDown extends AgentLoopError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('provider-down', message, options);
  }
}

/** The model refused or replied unusably again after one retry. */
export class PlannerFailed extends AgentLoopError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('planner-failed', message, options);
  }
}

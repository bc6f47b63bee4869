// Strips server file paths from what a workup says (events, problems, the answer, the error outcome): these texts go
// to the browser, the report written to the chart and the trace, and a failing index or model names its files.
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { AgentEvent, WorkupResult, WorkupToolCall } from '../../common/contracts';
import { stripPaths } from '../tools/path-free';

/** A tool call with its message and warnings path-free (runTool strips them already; refused calls are built here). */
function pathFreeCall(call: WorkupToolCall): WorkupToolCall {
  return {
    ...call,
    ...(call.message !== undefined ? { message: stripPaths(call.message) } : {}),
    ...(call.warnings ? { warnings: call.warnings.map(stripPaths) } : {}),
  };
}

/**
 * The outcome with every issue's text and diagnostics path-free.
 * @param outcome - An OperationOutcome about to leave the server.
 * @returns A copy.
 */
export function pathFreeOutcome(outcome: OperationOutcome): OperationOutcome {
  return {
    ...outcome,
    issue: (outcome.issue ?? []).map((issue) => ({
      ...issue,
      ...(issue.details?.text !== undefined
        ? { details: { ...issue.details, text: stripPaths(issue.details.text) } }
        : {}),
      ...(issue.diagnostics !== undefined ? { diagnostics: stripPaths(issue.diagnostics) } : {}),
    })),
  };
}

/**
 * The result with its free texts path-free: tool messages, problems, the answer and the suggestions. Findings and
 * evidence come from the record and the knowledge base and are left as they are.
 * @param result - The finished workup.
 * @returns A copy.
 */
export function pathFreeResult(result: WorkupResult): WorkupResult {
  return {
    ...result,
    toolCalls: result.toolCalls.map(pathFreeCall),
    answer: {
      markdown: stripPaths(result.answer.markdown),
      statements: result.answer.statements.map((s) => ({ ...s, text: stripPaths(s.text) })),
    },
    suggestions: result.suggestions.map(stripPaths),
    ...(result.problems ? { problems: result.problems.map((p) => ({ ...p, message: stripPaths(p.message) })) } : {}),
  };
}

/**
 * The event with its free texts path-free.
 * @param event - An event about to be emitted.
 * @returns The event, or a path-free copy.
 */
export function pathFreeEvent(event: AgentEvent): AgentEvent {
  switch (event.type) {
    case 'status':
      return { ...event, text: stripPaths(event.text) };
    case 'tool-end':
      return { ...event, call: pathFreeCall(event.call) };
    case 'answer':
      return {
        ...event,
        markdown: stripPaths(event.markdown),
        statements: event.statements.map((s) => ({ ...s, text: stripPaths(s.text) })),
      };
    case 'done':
      return { ...event, result: pathFreeResult(event.result) };
    case 'error':
      return { ...event, outcome: pathFreeOutcome(event.outcome) };
    default:
      return event;
  }
}

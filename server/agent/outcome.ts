// Turns whatever ended a workup into the OperationOutcome the `error` event, the API and the CLI report.
import { normalizeOperationOutcome, OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { pathFreeOutcome } from './path-free';

/** Issue code of a cancelled workup (the run stopped on request; nothing went wrong). */
export const CANCELLED_TEXT = 'The workup was cancelled';

const outcome = (code: string, text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: code as 'exception', details: { text } }],
});

/**
 * The outcome for an error that ended a workup.
 * @param err - What was thrown.
 * @param signal - The run's abort signal (an abort is reported as a cancellation).
 * @returns An OperationOutcome with a message a clinician or integrator can act on (never a server file path).
 */
export function toOutcome(err: unknown, signal?: AbortSignal): OperationOutcome {
  if (signal?.aborted || (err instanceof Error && err.name === 'AbortError'))
    return outcome('incomplete', CANCELLED_TEXT);
  if (err instanceof OperationOutcomeError) return pathFreeOutcome(err.outcome);
  const normalised = normalizeOperationOutcome(err);
  return normalised.issue?.length
    ? pathFreeOutcome(normalised)
    : outcome('exception', 'The workup failed unexpectedly');
}

/**
 * The HTTP status an outcome stands for, from its first issue code.
 * @param o - The outcome.
 * @returns 400, 401, 403, 404, 409, 502, 504 or 500.
 */
export function outcomeStatus(o: OperationOutcome): number {
  const code = o.issue?.[0]?.code;
  const byCode: Record<string, number> = {
    invalid: 400,
    required: 400,
    value: 400,
    structure: 400,
    login: 401,
    security: 401,
    forbidden: 403,
    'not-found': 404,
    incomplete: 409,
    conflict: 409,
    transient: 502,
    timeout: 504,
    throttled: 429,
  };
  return byCode[code ?? ''] ?? 500;
}

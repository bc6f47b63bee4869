// Failures of a registry run as OperationOutcomeErrors whose issue code tells the CLI what happened: `transient` and
// `timeout` (the server is unreachable or slow: exit 2), everything else (bad group, refused, bad data: exit 1).
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcomeIssue } from '@medplum/fhirtypes';

export type RegistryIssueCode = Extract<
  OperationOutcomeIssue['code'],
  'transient' | 'timeout' | 'invalid' | 'not-found' | 'forbidden' | 'security' | 'exception'
>;

/**
 * An error with one issue.
 * @param code - The issue code (decides the exit code at the CLI boundary).
 * @param text - What went wrong, without patient data or tokens.
 * @returns The error.
 */
export function registryError(code: RegistryIssueCode, text: string): OperationOutcomeError {
  return new OperationOutcomeError({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { text } }],
  });
}

/**
 * Whether an error means the FHIR server (or Redis) could not be used at all.
 * @param err - Any error.
 * @returns True for `transient` and `timeout` outcomes.
 */
export function isUnavailable(err: unknown): boolean {
  const code = err instanceof OperationOutcomeError ? err.outcome.issue?.[0]?.code : undefined;
  return code === 'transient' || code === 'timeout';
}

/**
 * One line for a status file or the dead-letter list: the error's text, capped, never a stack.
 * @param err - Any error.
 * @returns The text.
 */
export function errorText(err: unknown): string {
  const text =
    err instanceof OperationOutcomeError
      ? (err.outcome.issue?.[0]?.details?.text ?? err.message)
      : err instanceof Error
        ? err.message
        : String(err);
  return text.replace(/\s+/g, ' ').slice(0, 300);
}

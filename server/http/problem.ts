// An API refusal that carries its HTTP status and headers (401 WWW-Authenticate, 429 Retry-After) with the
// OperationOutcome, so every guard and route answers the same way; statuses Medplum's getStatus does not know included.
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** A refusal with its HTTP status. */
export class HttpProblem extends OperationOutcomeError {
  constructor(
    readonly status: number,
    code: OperationOutcomeIssue['code'],
    text: string,
    readonly headers: Record<string, string> = {}
  ) {
    super({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, details: { text } }] });
    this.name = 'HttpProblem';
  }
}

/**
 * A 401 with the `WWW-Authenticate: Bearer` challenge (RFC 6750).
 * @param text - What the user should do.
 * @param error - `invalid_token` when a token was sent and refused; absent when none was sent.
 * @returns The problem.
 */
export function unauthorized(text: string, error?: 'invalid_token' | 'invalid_request'): HttpProblem {
  const challenge = `Bearer realm="oncoagent"${error ? `, error="${error}"` : ''}`;
  return new HttpProblem(401, 'login', text, { 'WWW-Authenticate': challenge });
}

/**
 * Sends a problem as an OperationOutcome with its status and headers.
 * @param c - The Hono context.
 * @param problem - The problem.
 * @returns The response.
 */
export function sendProblem(c: Context, problem: HttpProblem): Response {
  return c.json(problem.outcome as OperationOutcome, problem.status as ContentfulStatusCode, problem.headers);
}

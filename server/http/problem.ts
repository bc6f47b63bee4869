// How the API answers a failure: an OperationOutcome with the status the outcome stands for (agent/outcome.ts
// outcomeStatus, the one mapping) and the headers a refusal needs (401 WWW-Authenticate, 429/503 Retry-After, 413
// Connection: close). `onApiError` is the one error handler of the app, so every guard and route answers alike.
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { badRequest, outcomeStatus, serverError, unauthorized as unauthorizedOutcome } from '../agent/outcome';
import { pathFreeOutcome } from '../agent/path-free';

/** An OperationOutcomeError with the response headers its refusal needs; its status comes from the outcome. */
export class HttpProblem extends OperationOutcomeError {
  constructor(
    outcome: OperationOutcome,
    readonly headers: Record<string, string> = {}
  ) {
    super(outcome);
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
  return new HttpProblem(unauthorizedOutcome(text), { 'WWW-Authenticate': challenge });
}

/**
 * Sends an OperationOutcome with the status it stands for.
 * @param c - The Hono context.
 * @param outcome - The outcome.
 * @param headers - Extra response headers (a challenge, Retry-After).
 * @returns The response.
 */
export function sendOutcome(c: Context, outcome: OperationOutcome, headers: Record<string, string> = {}): Response {
  const status = outcomeStatus(outcome) as ContentfulStatusCode;
  return c.json(outcome, status, { 'content-type': 'application/fhir+json', ...headers });
}

/**
 * The one error handler of the app (`app.onError`): an OperationOutcomeError is answered with its outcome, path-free;
 * a malformed URL is a 400; anything else is logged and answered with a bare 500 that says nothing of the error.
 * @param err - What a route or middleware threw.
 * @param c - The Hono context.
 * @returns The response.
 */
export function onApiError(err: Error, c: Context): Response {
  if (err instanceof OperationOutcomeError) {
    return sendOutcome(c, pathFreeOutcome(err.outcome), err instanceof HttpProblem ? err.headers : {});
  }
  if (err instanceof URIError) return sendOutcome(c, badRequest('Malformed URL'));
  process.stderr.write(`Unhandled error on ${c.req.method} ${new URL(c.req.url).pathname}: ${err.message}\n`);
  return sendOutcome(c, serverError());
}

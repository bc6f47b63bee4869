// The one outcome vocabulary of the server: OperationOutcomes built on Medplum's helpers, each kind with an id, the one
// outcome → HTTP status map, and what the error event, the API and the CLI report when a workup ends in a failure.
// The API (server/http) depends on it; it depends on no HTTP code.
import {
  badRequest,
  businessRule,
  conflict as medplumConflict,
  forbidden as medplumForbidden,
  notFound as medplumNotFound,
  preconditionFailed as medplumPreconditionFailed,
  tooManyRequests as medplumTooManyRequests,
  unauthorized as medplumUnauthorized,
  normalizeOperationOutcome,
  OperationOutcomeError,
  serverTimeout,
} from '@medplum/core';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';
import { pathFreeOutcome } from './path-free';

export { badRequest, businessRule, serverTimeout };

/** Text of a cancelled workup (the run stopped on request; nothing went wrong). */
export const CANCELLED_TEXT = 'The workup was cancelled';

/** Ids of the kinds Medplum has no helper for. */
const ID = {
  tooLarge: 'payload-too-large',
  unsupportedMediaType: 'unsupported-media-type',
  unavailable: 'unavailable',
  serverError: 'server-error',
  cancelled: 'cancelled',
} as const;

/** A Medplum outcome with our text in place of its generic one (id and issue code kept). */
const withText = (base: OperationOutcome, text: string): OperationOutcome => ({
  ...base,
  issue: [{ ...(base.issue?.[0] as OperationOutcomeIssue), details: { text } }],
});

const ofKind = (id: string, code: OperationOutcomeIssue['code'], text: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  id,
  issue: [{ severity: 'error', code, details: { text } }],
});

/**
 * 400 with one issue per problem (e.g. a body that does not fit its schema).
 * @param problems - Each problem's text and where it is (a FHIRPath-like path, `$` for the whole input).
 * @returns The outcome.
 */
export const invalidInput = (problems: readonly { text: string; expression: string }[]): OperationOutcome => ({
  ...badRequest(problems[0]?.text ?? 'The input is not valid'),
  issue: problems.map((p) => badRequest(p.text, p.expression).issue?.[0] as OperationOutcomeIssue),
});
/** 401: no usable credentials. @param text - What the caller should do. @returns The outcome. */
export const unauthorized = (text: string): OperationOutcome => withText(medplumUnauthorized, text);
/** 403: the caller may not do this. @param text - Why. @returns The outcome. */
export const forbidden = (text: string): OperationOutcome => withText(medplumForbidden, text);
/** 404: nothing there (or not the caller's). @param text - What was not found. @returns The outcome. */
export const notFound = (text: string): OperationOutcome => withText(medplumNotFound, text);
/** 409: the request conflicts with the current state. @param text - Why. @returns The outcome. */
export const conflict = (text: string): OperationOutcome => medplumConflict(text);
/** 412: a precondition of the request does not hold. @param text - Which. @returns The outcome. */
export const preconditionFailed = (text: string): OperationOutcome => withText(medplumPreconditionFailed, text);
/** 413: the request body is over the endpoint's limit. @param text - The limit. @returns The outcome. */
export const payloadTooLarge = (text: string): OperationOutcome => ofKind(ID.tooLarge, 'too-costly', text);
/** 415: the body is not of a type the endpoint reads. @param text - What it reads. @returns The outcome. */
export const unsupportedMediaType = (text: string): OperationOutcome =>
  ofKind(ID.unsupportedMediaType, 'not-supported', text);
/** 429: too many requests from this caller or in all. @param text - When to retry. @returns The outcome. */
export const tooManyRequests = (text: string): OperationOutcome => withText(medplumTooManyRequests, text);
/** 503: a service the request needs is down or busy. @param text - Which. @returns The outcome. */
export const unavailable = (text: string): OperationOutcome => ofKind(ID.unavailable, 'transient', text);
/**
 * 500: a failure the caller cannot act on. Unlike Medplum's `serverError` it carries no diagnostics, so nothing of the
 * error (paths, data) leaves the server.
 * @param text - Default "Internal server error".
 * @returns The outcome.
 */
export const serverError = (text = 'Internal server error'): OperationOutcome =>
  ofKind(ID.serverError, 'exception', text);
/** 409: the workup was cancelled. @returns The outcome. */
export const cancelled = (): OperationOutcome => ofKind(ID.cancelled, 'incomplete', CANCELLED_TEXT);

/** Status by outcome id: Medplum's ids (as its getStatus maps them) and ours. */
const STATUS_BY_ID = new Map<string, number>(
  Object.entries({
    ok: 200,
    created: 201,
    accepted: 202,
    'not-modified': 304,
    unauthorized: 401,
    forbidden: 403,
    'not-found': 404,
    conflict: 409,
    gone: 410,
    'precondition-failed': 412,
    'multiple-matches': 412,
    'business-rule': 422,
    'too-many-requests': 429,
    'server-timeout': 504,
    [ID.tooLarge]: 413,
    [ID.unsupportedMediaType]: 415,
    [ID.unavailable]: 503,
    [ID.serverError]: 500,
    [ID.cancelled]: 409,
  })
);

/** Status by the first issue's code, for outcomes built elsewhere without an id (FHIR client, validation, badRequest). */
const STATUS_BY_CODE = new Map<string, number>(
  Object.entries({
    invalid: 400,
    structure: 400,
    required: 400,
    value: 400,
    invariant: 400,
    login: 401,
    unknown: 401,
    expired: 401,
    security: 401,
    forbidden: 403,
    suppressed: 403,
    'not-found': 404,
    deleted: 410,
    conflict: 409,
    duplicate: 409,
    incomplete: 409,
    'too-costly': 413,
    'business-rule': 422,
    throttled: 429,
    transient: 503,
    timeout: 504,
  })
);

/**
 * The HTTP status an outcome stands for: the only mapping the API uses. By the outcome's id first (Medplum's and ours),
 * then by its first issue code; anything else is a 500.
 * @param outcome - The outcome.
 * @returns 400, 401, 403, 404, 409, 410, 412, 413, 415, 422, 429, 500, 503 or 504 (2xx/304 for Medplum's success ids).
 */
export function outcomeStatus(outcome: OperationOutcome): number {
  return STATUS_BY_ID.get(outcome.id ?? '') ?? STATUS_BY_CODE.get(outcome.issue?.[0]?.code ?? '') ?? 500;
}

/**
 * The outcome for an error that ended a workup.
 * @param err - What was thrown.
 * @param signal - The run's abort signal (an abort is reported as a cancellation).
 * @returns An OperationOutcome with a message a clinician or integrator can act on (never a server file path).
 */
export function toOutcome(err: unknown, signal?: AbortSignal): OperationOutcome {
  if (signal?.aborted || (err instanceof Error && err.name === 'AbortError')) return cancelled();
  if (err instanceof OperationOutcomeError) return pathFreeOutcome(err.outcome);
  const normalised = normalizeOperationOutcome(err);
  return normalised.issue?.length ? pathFreeOutcome(normalised) : serverError('The workup failed unexpectedly');
}

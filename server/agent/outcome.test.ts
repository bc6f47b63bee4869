// The one outcome vocabulary: every kind the server answers with carries the status a client sees, by id for our
// builders and Medplum's, by issue code for outcomes built elsewhere without one.
import {
  getStatus,
  badRequest as medplumBadRequest,
  conflict as medplumConflict,
  forbidden as medplumForbidden,
  notFound as medplumNotFound,
  preconditionFailed as medplumPreconditionFailed,
  serverTimeout as medplumServerTimeout,
  tooManyRequests as medplumTooManyRequests,
  unauthorized as medplumUnauthorized,
  OperationOutcomeError,
} from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  badRequest,
  businessRule,
  CANCELLED_TEXT,
  cancelled,
  conflict,
  forbidden,
  invalidInput,
  notFound,
  outcomeStatus,
  payloadTooLarge,
  preconditionFailed,
  serverError,
  serverTimeout,
  toOutcome,
  tooManyRequests,
  unauthorized,
  unavailable,
  unsupportedMediaType,
} from './outcome';

const bare = (code: string): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code: code as 'invalid', details: { text: code } }],
});

describe('outcomeStatus', () => {
  it.each<[number, OperationOutcome]>([
    [400, badRequest('bad')],
    [400, invalidInput([{ text: 'a: required', expression: 'a' }])],
    [401, unauthorized('log in')],
    [403, forbidden('not yours')],
    [404, notFound('none')],
    [409, conflict('already ended')],
    [409, cancelled()],
    [412, preconditionFailed('stale')],
    [413, payloadTooLarge('too big')],
    [415, unsupportedMediaType('JSON only')],
    [422, businessRule('rule', 'broken')],
    [429, tooManyRequests('slow down')],
    [503, unavailable('down')],
    [504, serverTimeout('too slow')],
    [500, serverError()],
  ])('answers %i for %j', (status, outcome) => {
    expect(outcomeStatus(outcome)).toBe(status);
    expect(outcome.issue?.[0]?.details?.text).toBeTruthy();
  });

  it("agrees with Medplum's getStatus on every Medplum outcome that carries an id", () => {
    for (const outcome of [
      medplumUnauthorized,
      medplumForbidden,
      medplumNotFound,
      medplumConflict('x'),
      medplumPreconditionFailed,
      medplumTooManyRequests,
      medplumServerTimeout(),
    ]) {
      expect(outcome.id).toBeTruthy();
      expect(outcomeStatus(outcome)).toBe(getStatus(outcome));
    }
  });

  it('keeps the text a builder is given and the id of its kind', () => {
    expect(forbidden('The report is about another patient')).toMatchObject({
      id: 'forbidden',
      issue: [{ code: 'forbidden', details: { text: 'The report is about another patient' } }],
    });
    expect(medplumForbidden.issue?.[0]?.details?.text).toBe('Forbidden');
    expect(serverError()).not.toHaveProperty('issue.0.diagnostics');
  });

  it('maps outcomes built elsewhere without an id by their issue code, where getStatus would say 400', () => {
    expect(getStatus(bare('transient'))).toBe(400);
    expect(outcomeStatus(bare('transient'))).toBe(503);
    expect(outcomeStatus(bare('timeout'))).toBe(504);
    expect(outcomeStatus(bare('login'))).toBe(401);
    expect(outcomeStatus(bare('forbidden'))).toBe(403);
    expect(outcomeStatus(bare('not-found'))).toBe(404);
    expect(outcomeStatus(bare('throttled'))).toBe(429);
    expect(outcomeStatus(medplumBadRequest('x'))).toBe(400);
    expect(outcomeStatus(bare('exception'))).toBe(500);
    expect(outcomeStatus(bare('processing'))).toBe(500);
    expect(outcomeStatus({ ...bare('exception'), id: 'constructor' })).toBe(500);
    expect(outcomeStatus({ resourceType: 'OperationOutcome', issue: [] })).toBe(500);
  });
});

describe('toOutcome', () => {
  it('reports an aborted run as a cancellation (409)', () => {
    const controller = new AbortController();
    controller.abort();
    const outcome = toOutcome(new Error('anything'), controller.signal);
    expect(outcome.issue?.[0]?.details?.text).toBe(CANCELLED_TEXT);
    expect(outcomeStatus(outcome)).toBe(409);
  });

  it('keeps the outcome of an OperationOutcomeError and its status', () => {
    const outcome = toOutcome(new OperationOutcomeError(unavailable('The EHR is down')));
    expect(outcomeStatus(outcome)).toBe(503);
    expect(outcome.issue?.[0]?.details?.text).toBe('The EHR is down');
  });
});

// Checks that each way the record load fails tells the user what to do next.
import { describe, expect, it } from 'vitest';
import { missingReadAccess, StatusError, toAppError } from './app-error';

const ctx = { fhirBase: 'https://ehr.example/fhir/R4', patientId: 'p1', grantedScope: 'launch openid patient/*.rs' };
const http = (status: number) => Object.assign(new Error(`${status} Error\nURL: x`), { name: 'HttpError', status });

describe('toAppError', () => {
  it('asks to relaunch when the session has expired', () => {
    expect(toAppError(http(401), ctx)).toEqual({
      kind: 'expired',
      message: 'Your session has expired. Relaunch OncoAgent from the EHR.',
    });
  });

  it('names the missing access on 403', () => {
    const error = toAppError(http(403), { ...ctx, grantedScope: 'openid patient/Patient.read patient/Observation.rs' });
    expect(error.kind).toBe('forbidden');
    expect(error.message).toContain('read access to Condition, MedicationRequest');
    expect(error.message).not.toContain('Observation,');
  });

  it('names the unreachable server on network failure and 5xx', () => {
    const offline = toAppError(new TypeError('Failed to fetch'), ctx);
    expect(offline.kind).toBe('unreachable');
    expect(offline.message).toMatch(/^Cannot reach the FHIR server at https:\/\/ehr\.example\/fhir\/R4\./);
    expect(toAppError(http(503), ctx)).toMatchObject({ kind: 'unreachable', message: expect.stringContaining('503') });
  });

  it('says which patient is missing', () => {
    expect(toAppError(new StatusError(404, 'gone', 'patient'), ctx)).toMatchObject({
      kind: 'not-found',
      message: expect.stringContaining('Patient/p1 was not found'),
    });
  });

  it('reports other answers as a bad response', () => {
    expect(toAppError(new Error('the answer is not a FHIR Bundle'), ctx)).toMatchObject({
      kind: 'bad-response',
      message: expect.stringContaining('not a FHIR Bundle'),
    });
  });
});

describe('missingReadAccess', () => {
  it('accepts SMART v1 and v2 wildcard read scopes', () => {
    expect(missingReadAccess('patient/*.read')).toEqual([]);
    expect(missingReadAccess('user/*.rs')).toEqual([]);
    expect(missingReadAccess('patient/*.write')).toContain('Patient');
  });
});

// Checks that each failure reads as what the clinician should do next.
import { describe, expect, it } from 'vitest';
import { errorFromOutcome, errorFromStatus, toWorkupError, WorkupHttpError } from './errors';

describe('workup errors', () => {
  it('maps statuses to actions, quoting the server', () => {
    expect(errorFromStatus(401).kind).toBe('expired');
    expect(errorFromStatus(401).message).toMatch(/Relaunch OncoAgent/);
    const outcome = {
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'invalid', diagnostics: 'fhirBase is not a URL' }],
    };
    expect(errorFromStatus(400, outcome)).toEqual({
      kind: 'bad-request',
      message: 'The server did not accept the workup request (status 400). The server said: fhirBase is not a URL.',
    });
    expect(errorFromStatus(503).kind).toBe('server');
  });

  it('maps error events: login issues mean the EHR token expired', () => {
    expect(
      errorFromOutcome({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] }).kind
    ).toBe('expired');
    const timeout = errorFromOutcome({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'timeout', details: { text: 'The language model did not answer in 60 s' } }],
    });
    expect(timeout.message).toBe('The workup stopped with an error: The language model did not answer in 60 s.');
  });

  it('maps thrown errors: fetch TypeError is the network', () => {
    expect(toWorkupError(new TypeError('Failed to fetch')).kind).toBe('network');
    expect(toWorkupError(new WorkupHttpError(401, undefined, 'x')).kind).toBe('expired');
    expect(toWorkupError(new Error('no id')).message).toBe('The workup failed: no id.');
  });
});

describe('errors keep the server reason', () => {
  it('adds the server text to an expired session, and an image server refusal is not called an expired session', () => {
    const login = {
      resourceType: 'OperationOutcome' as const,
      issue: [
        { severity: 'error' as const, code: 'login' as const, details: { text: 'Token audience does not match' } },
      ],
    };
    expect(errorFromOutcome(login).message).toMatch(/The server said: Token audience does not match\.$/);
    const pacs = {
      resourceType: 'OperationOutcome' as const,
      issue: [
        {
          severity: 'error' as const,
          code: 'security' as const,
          details: { text: 'The image server at https://pacs.example.org refused the request (status 401).' },
        },
      ],
    };
    const shown = errorFromOutcome(pacs);
    expect(shown.kind).toBe('forbidden');
    expect(shown.message).toContain('The image server at https://pacs.example.org refused the request (status 401).');
    expect(shown.message).not.toMatch(/expired|access token/);
  });
});

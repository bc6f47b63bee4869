// The scope check as an integrator meets it: Medplum's wildcard trap is a failure naming the fix, a grant short of the
// request lists exactly what is missing, and an opaque token is not mistaken for a refusal.
import { describe, expect, it } from 'vitest';
import { CLI_READ_SCOPE } from '../../common/smart/scopes';
import { parseScopes, scopeLine, WRITE_TEST_SCOPE } from './scopes';

/** An unsigned JWT carrying `scope` (the check reads the claim; the server verifies its own tokens). */
const jwt = (scope: string): string =>
  ['{"alg":"none"}', JSON.stringify({ scope })].map((p) => Buffer.from(p).toString('base64url')).join('.') + '.';

describe('scopes check', () => {
  it('reads SMART v1 and v2 resource scopes and skips the others', () => {
    const parsed = parseScopes('launch openid patient/Observation.read user/*.* system/Device.crs');
    expect(parsed.map((s) => [s.type, [...s.perms].join('')])).toEqual([
      ['Observation', 'rs'],
      ['*', 'cruds'],
      ['Device', 'crs'],
    ]);
  });

  it('fails a wildcard read next to per-type writes and names the Medplum fix', () => {
    const line = scopeLine('patient/*.rs patient/Observation.crus', jwt('patient/*.rs patient/Observation.crus'));
    expect(line.status).toBe('fail');
    expect(line.found).toContain('patient/*.rs');
    expect(line.fix?.medplum).toMatch(/ignores the write scopes/);
  });

  it('passes the explicit scopes when all are granted', () => {
    expect(scopeLine(CLI_READ_SCOPE, jwt(CLI_READ_SCOPE)).status).toBe('ok');
    expect(scopeLine(CLI_READ_SCOPE, jwt('system/*.rs')).status).toBe('ok');
  });

  it('lists what was asked but not granted', () => {
    const line = scopeLine(WRITE_TEST_SCOPE, jwt(CLI_READ_SCOPE));
    expect(line.status).toBe('fail');
    expect(line.found).toContain('Patient.c');
    expect(line.found).toContain('Observation.d');
    expect(line.found).not.toContain('Condition');
  });

  it('does not call an opaque token a refusal', () => {
    const line = scopeLine(CLI_READ_SCOPE, 'opaque-token');
    expect(line.status).toBe('ok');
    expect(line.found).toContain('opaque');
  });
});

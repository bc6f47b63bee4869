// SMART scope parsing (v1 and v2 forms, malformed or filtered scopes refused) and the grant each context gives a
// resource: the patient compartment, everything, or nothing.
import { describe, expect, it } from 'vitest';
import { grantFor, parseResourceScope, resourceScopes } from './scopes';

describe('SMART scopes', () => {
  it('parses v1 and v2 forms', () => {
    expect([...(parseResourceScope('patient/Observation.read')?.perms ?? [])]).toEqual(['r', 's']);
    expect([...(parseResourceScope('user/*.cruds')?.perms ?? [])]).toEqual(['c', 'r', 'u', 'd', 's']);
    expect(parseResourceScope('system/*.*')?.context).toBe('system');
    expect(parseResourceScope('launch/patient')).toBeUndefined();
    expect(parseResourceScope('patient/Observation.sr')).toBeUndefined();
    expect(parseResourceScope('patient/Observation.rs?category=laboratory')).toBeUndefined();
  });

  it('grants by context', () => {
    const scopes = resourceScopes('openid patient/*.rs user/Observation.c');
    expect(grantFor(scopes, 'Condition', 'r')).toBe('compartment');
    expect(grantFor(scopes, 'Observation', 'c')).toBe('all');
    expect(grantFor(scopes, 'Condition', 'c')).toBe('none');
    expect(grantFor(scopes, 'Condition', 'd')).toBe('none');
  });
});

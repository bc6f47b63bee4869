// Checks the scopes asked for in EHR and standalone launches.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from './config';
import { launchScope } from './launch-scope';

describe('launchScope', () => {
  it('asks for launch in an EHR launch', () => {
    expect(launchScope('openid fhirUser patient/*.rs', true)).toBe('openid fhirUser patient/*.rs launch');
  });

  it('asks for a patient picker, not a launch context, in a standalone launch', () => {
    const scope = launchScope(DEFAULT_CONFIG.scope, false).split(' ');
    expect(scope).toContain('launch/patient');
    expect(scope).not.toContain('launch');
    expect(launchScope('openid patient/*.rs', false)).toBe('openid patient/*.rs launch/patient user/Patient.rs');
  });

  it('keeps the default scopes in an EHR launch', () => {
    expect(launchScope(DEFAULT_CONFIG.scope, true)).toBe(DEFAULT_CONFIG.scope);
  });
});

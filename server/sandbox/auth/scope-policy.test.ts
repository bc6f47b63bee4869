// The sandbox grants an app only the SMART scopes it is allowed: allowed scopes kept as written, wildcards narrowed,
// user/ covering patient/ but not the reverse, and everything else dropped.
import { describe, expect, it } from 'vitest';
import { grantableScope } from './scope-policy';

const APP = [
  'openid',
  'launch',
  'launch/patient',
  'patient/*.rs',
  'user/*.rs',
  'patient/Observation.crus',
  'user/Device.crs',
  'user/StructureDefinition.rs',
];

describe('grantableScope', () => {
  it('keeps an allowed scope as written, v1 or v2', () => {
    expect(grantableScope('launch openid patient/*.read patient/Observation.c', APP)).toBe(
      'launch openid patient/*.read patient/Observation.c'
    );
  });

  it('narrows a wildcard to the allowed types and permissions', () => {
    expect(grantableScope('patient/*.cruds', APP)).toBe('patient/*.rs patient/Observation.crus patient/Device.crs');
    expect(grantableScope('user/*.cruds', APP)).toBe('user/*.rs user/Device.crs');
    expect(grantableScope('patient/Observation.cruds', APP)).toBe('patient/Observation.crus');
    expect(grantableScope('patient/*.*', APP)).toBe('patient/*.rs patient/Observation.crus patient/Device.crs');
  });

  it('lets an allowed user/ scope cover the narrower patient/ one, not the other way round', () => {
    expect(grantableScope('patient/Device.c', APP)).toBe('patient/Device.c');
    expect(grantableScope('user/Observation.c', APP)).toBe('');
  });

  it('drops what is not allowed at all', () => {
    expect(grantableScope('system/*.* user/Patient.d made-up profile patient/Observation.rs?x=1', APP)).toBe('');
    expect(grantableScope('openid openid launch', APP)).toBe('openid launch');
  });
});

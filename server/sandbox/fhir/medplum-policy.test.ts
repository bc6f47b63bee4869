// Medplum 4.5's reading of SMART scopes: the first wildcard decides every type, per-type scopes beside it are ignored.
import { describe, expect, it } from 'vitest';
import { resourceScopes } from '../auth/scopes';
import { medplumAllows, medplumPolicy } from './medplum-policy';

const allows = (scope: string, type: string, perm: 'c' | 'r' | 'u' | 'd' | 's') =>
  medplumAllows(medplumPolicy(resourceScopes(scope)), type, perm);

describe('medplumPolicy', () => {
  it('ignores write scopes next to a read-only wildcard, wherever the wildcard stands', () => {
    for (const scope of ['patient/*.rs patient/Observation.c', 'patient/Observation.c patient/*.rs']) {
      expect(allows(scope, 'Observation', 'c')).toBe(false);
      expect(allows(scope, 'Observation', 'r')).toBe(true);
    }
  });

  it('lets the first wildcard decide when there are several', () => {
    expect(allows('patient/*.rs user/*.cruds', 'Condition', 'u')).toBe(false);
    expect(allows('user/*.cruds patient/*.rs', 'Condition', 'u')).toBe(true);
    expect(allows('system/*.*', 'Observation', 'd')).toBe(true);
  });

  it('turns explicit per-type scopes into entries of their own', () => {
    const scope = 'patient/Observation.crs patient/Patient.rs';
    expect(allows(scope, 'Observation', 'c')).toBe(true);
    expect(allows(scope, 'Patient', 'u')).toBe(false);
    expect(allows(scope, 'Condition', 'r')).toBe(false);
  });

  it('makes only r/s scopes read-only: `.c` alone also allows reading, v1 `.write` allows writing', () => {
    expect(allows('patient/Observation.c', 'Observation', 's')).toBe(true);
    expect(allows('user/Observation.write', 'Observation', 'u')).toBe(true);
    expect(allows('user/Observation.read', 'Observation', 'c')).toBe(false);
  });

  it('grants StructureDefinition reads with a wildcard or an explicit scope only', () => {
    expect(allows('patient/*.rs', 'StructureDefinition', 's')).toBe(true);
    expect(allows('patient/Observation.crs', 'StructureDefinition', 's')).toBe(false);
    expect(allows('patient/Observation.crs user/StructureDefinition.rs', 'StructureDefinition', 's')).toBe(true);
  });

  it('never lets a wildcard reach project administration or protected types, and grants nothing without scopes', () => {
    expect(allows('system/*.*', 'ProjectMembership', 'r')).toBe(false);
    expect(allows('system/*.*', 'Login', 'r')).toBe(false);
    expect(allows('openid fhirUser', 'Patient', 'r')).toBe(false);
  });
});

// Checks the scope check that runs before any write: which resources each scope set may create and search.
import type { Bundle } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { missingAccessMessage, missingWriteAccess, parseScopes, signerOf } from './scopes';

const subject = { reference: 'Patient/p1' };
const PLAN: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: [
    { fullUrl: 'urn:uuid:1', resource: { resourceType: 'Device' } },
    { fullUrl: 'urn:uuid:2', resource: { resourceType: 'Observation', status: 'final', code: {}, subject } },
    { fullUrl: 'urn:uuid:3', resource: { resourceType: 'DiagnosticReport', status: 'final', code: {}, subject } },
    { fullUrl: 'urn:uuid:4', resource: { resourceType: 'Provenance', target: [], recorded: '', agent: [] } },
  ],
};

describe('parseScopes', () => {
  it('reads SMART v1 and v2 resource scopes and ignores the others', () => {
    const scopes = parseScopes('openid patient/*.read user/Device.c system/Observation.cruds launch patient/X.rs?a=b');
    expect(scopes.map((s) => `${s.context}/${s.type}:${[...s.perms].join('')}`)).toEqual([
      'patient/*:rs',
      'user/Device:c',
      'system/Observation:cruds',
    ]);
  });
});

describe('missingWriteAccess', () => {
  it('finds nothing missing with the scopes the app asks for by default', () => {
    expect(missingWriteAccess(DEFAULT_SCOPE, PLAN)).toEqual([]);
  });

  it('lists create and search per type for a read-only session', () => {
    const missing = missingWriteAccess('launch openid fhirUser patient/*.rs', PLAN);
    expect(missing.map((m) => m.scope)).toEqual([
      'user/Device.c',
      'user/Device.s',
      'patient/Observation.c',
      'patient/DiagnosticReport.c',
      'user/Provenance.c',
      'user/Provenance.s',
    ]);
  });

  it('does not let patient/ scopes write resources outside the patient compartment', () => {
    const scope = 'patient/*.cruds';
    expect(missingWriteAccess(scope, PLAN).map((m) => m.resourceType)).toEqual([
      'Device',
      'Device',
      'Provenance',
      'Provenance',
    ]);
    expect(missingWriteAccess('user/*.cruds', PLAN)).toEqual([]);
    expect(missingWriteAccess('patient/*.write patient/*.read user/*.*', PLAN)).toEqual([]);
  });

  it('says plainly what cannot be written and that nothing was', () => {
    const text = missingAccessMessage(missingWriteAccess('patient/*.rs', PLAN));
    expect(text).toMatch(
      /^Your EHR session does not allow OncoAgent to write Observations, DiagnosticReports, Devices/
    );
    expect(text).toContain('and Provenance to the chart');
    expect(text).toContain('nothing was written');
  });
});

describe('signerOf', () => {
  it('accepts practitioners only', () => {
    expect(signerOf('Practitioner/dr-1')).toBe('Practitioner/dr-1');
    expect(signerOf('https://ehr.test/fhir/PractitionerRole/r.2')).toBe('PractitionerRole/r.2');
    expect(signerOf('Patient/p1')).toBeNull();
    expect(signerOf(null)).toBeNull();
  });
});

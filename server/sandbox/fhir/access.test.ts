// Who sees what under patient/ scopes: a cohort Group names other patients, so a patient-confined token never sees one.
import type { Group, Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../../fhir/definitions';
import { parseResourceScope } from '../auth/scopes';
import { type Access, visible } from './access';

const token = (scope: string, patient?: string): Access => ({
  kind: 'token',
  scopes: scope.split(' ').flatMap((s) => parseResourceScope(s) ?? []),
  patient,
});

const group = (...ids: string[]): Group => ({
  resourceType: 'Group',
  type: 'person',
  actual: true,
  member: ids.map((id) => ({ entity: { reference: `Patient/${id}` } })),
});

beforeAll(() => ensureDefinitions());

describe('visible', () => {
  const patientToken = token('patient/*.rs', 'p1');

  it('hides a cohort Group that lists other patients from a patient/ token, even when the patient is a member', () => {
    expect(visible(patientToken, 'compartment', group('p1', 'p2'))).toBe(false);
    expect(visible(patientToken, 'compartment', group('p2'))).toBe(false);
  });

  it('shows a Group whose only member is the launch patient, and the patient own data', () => {
    expect(visible(patientToken, 'compartment', group('p1'))).toBe(true);
    const obs: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: {},
      subject: { reference: 'Patient/p1' },
    };
    expect(visible(patientToken, 'compartment', obs)).toBe(true);
  });

  it('shows cohort Groups to system/ and user/ grants', () => {
    expect(visible(token('system/*.rs'), 'all', group('p1', 'p2'))).toBe(true);
  });
});

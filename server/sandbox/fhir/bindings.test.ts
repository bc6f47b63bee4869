// Required bindings on code elements: bogus codes are refused wherever they sit, valid data (the demo) passes.
import type { DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../../fhir/definitions';
import { demoData } from '../demo';
import { checkRequiredBindings, requiredBindingIssues } from './bindings';
import { valueSetCodes } from './valuesets';

beforeAll(() => ensureDefinitions());

describe('required bindings', () => {
  it('refuses a bogus gender and a bogus report status, naming the element', () => {
    const patient: Patient = { resourceType: 'Patient', gender: 'bogus' as Patient['gender'] };
    expect(requiredBindingIssues(patient).map((i) => i.expression?.[0])).toEqual(['Patient.gender']);
    const report = {
      resourceType: 'DiagnosticReport',
      status: 'bogus',
      code: { text: 'CT' },
    } as unknown as DiagnosticReport;
    expect(() => checkRequiredBindings(report)).toThrow(/DiagnosticReport.status: "bogus"/);
  });

  it('finds codes in backbone elements, data types, choice values and contained resources', () => {
    const obs = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'CEA' },
      valueQuantity: { value: 3, comparator: '<<' },
      component: [{ code: { text: 'x' }, valueQuantity: { value: 1, comparator: '>' } }],
      contained: [{ resourceType: 'Patient', id: 'p', gender: 'nope', contact: [{ gender: 'female' }] }],
    } as unknown as Observation;
    expect(requiredBindingIssues(obs).map((i) => i.expression?.[0])).toEqual([
      'Observation.contained.gender',
      'Observation.value[x].comparator',
    ]);
  });

  it('accepts every demo resource', () => {
    const resources = demoData({ dicomWebBase: 'http://localhost/dicomweb' }).bundles.flatMap((b) =>
      (b.entry ?? []).map((e) => e.resource)
    );
    expect(resources.length).toBeGreaterThan(100);
    for (const r of resources) if (r) expect(requiredBindingIssues(r)).toEqual([]);
  });

  it('leaves value sets it cannot expand unenforced', () => {
    expect(valueSetCodes('http://hl7.org/fhir/ValueSet/mimetypes|4.0.1')).toBeUndefined();
    expect(valueSetCodes('http://hl7.org/fhir/ValueSet/administrative-gender|4.0.1')).toEqual(
      new Set(['male', 'female', 'other', 'unknown'])
    );
  });
});

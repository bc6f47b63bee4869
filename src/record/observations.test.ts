// Checks that Observations land in the right card and that their values read naturally.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { classifyObservation, observationValue } from './observations';

function obs(code: string, text: string, extra: Partial<Observation> = {}): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    code: { coding: [{ system: 'http://loinc.org', code }], text },
    ...extra,
  };
}

describe('classifyObservation', () => {
  it('puts oncology results in their own cards', () => {
    expect(classifyObservation(obs('81695-9', 'Microsatellite instability'))).toBe('msi');
    expect(classifyObservation(obs('94076-7', 'Tumor mutational burden'))).toBe('tmb');
    expect(classifyObservation(obs('24108-3', 'CA 19-9'))).toBe('tumor-marker');
    expect(classifyObservation(obs('89247-1', 'ECOG performance status'))).toBe('ecog');
    expect(classifyObservation(obs('x', 'MLH1 protein expression by IHC'))).toBe('mmr');
  });

  it('treats a Genomics Reporting variant as a variant whatever its code', () => {
    const variant = obs('x', 'MLH1 variant', {
      meta: { profile: ['http://hl7.org/fhir/uv/genomics-reporting/StructureDefinition/variant|2.0.0'] },
    });
    expect(classifyObservation(variant)).toBe('variant');
  });
});

describe('observationValue', () => {
  it('formats the common value types', () => {
    expect(observationValue({ valueQuantity: { value: 12, comparator: '<', unit: 'U/mL' } })).toBe('<12 U/mL');
    expect(observationValue({ valueRange: { low: { value: 1 }, high: { value: 2, unit: 'mg' } } })).toBe('1 – 2 mg');
    expect(observationValue({ valueBoolean: false })).toBe('no');
    expect(observationValue({ dataAbsentReason: { text: 'Not performed' } })).toBe('(Not performed)');
  });
});

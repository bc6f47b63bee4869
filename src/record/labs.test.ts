// Checks that the Labs table keeps one row per test with its latest value, flag and reference range.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { summarizeLabs } from './labs';

const lab = {
  category: [
    { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
  ],
};

function hb(value: number, date: string, flag?: string): Observation {
  return {
    resourceType: 'Observation',
    status: 'final',
    ...lab,
    code: { coding: [{ system: 'http://loinc.org', code: '718-7', display: 'Hemoglobin' }] },
    effectiveDateTime: date,
    valueQuantity: { value, unit: 'g/dL' },
    referenceRange: [{ low: { value: 12, unit: 'g/dL' }, high: { value: 16, unit: 'g/dL' } }],
    interpretation: flag ? [{ coding: [{ code: flag }] }] : undefined,
  };
}

describe('summarizeLabs', () => {
  it('keeps the latest value per test with its history', () => {
    const rows = summarizeLabs([hb(13.1, '2024-01-01'), hb(10.2, '2024-03-01', 'L')]);
    expect(rows).toEqual([
      expect.objectContaining({
        name: 'Hemoglobin',
        value: '10.2 g/dL',
        date: '2024-03-01',
        flag: 'L',
        range: '12 – 16 g/dL',
        previous: '13.1 g/dL',
        count: 2,
      }),
    ]);
  });

  it('leaves out tumor markers, which the Biomarkers card shows', () => {
    const cea: Observation = {
      resourceType: 'Observation',
      status: 'final',
      ...lab,
      code: { coding: [{ system: 'http://loinc.org', code: '2039-6' }] },
    };
    expect(summarizeLabs([cea])).toEqual([]);
  });
});

// Trend series from Observations: only tests with two or more dated numbers, oldest first, tumour markers first,
// readable units, never two units on one axis, and OncoAgent-irrelevant kinds (genomics, ECOG) left out.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { shortTestName, trendSeries } from './series';

const LAB = [
  { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] },
];
const obs = (code: string, display: string, date: string, value: number, unit: string, flag?: string): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  category: LAB,
  code: { coding: [{ system: 'http://loinc.org', code, display }] },
  effectiveDateTime: date,
  valueQuantity: { value, unit, system: 'http://unitsofmeasure.org', code: unit },
  ...(flag ? { interpretation: [{ coding: [{ code: flag }] }] } : {}),
  referenceRange: [{ high: { value: 5, unit, code: unit } }],
});

describe('trendSeries', () => {
  it('orders each series oldest first and puts tumour markers before other labs', () => {
    const series = trendSeries([
      obs('26515-7', 'Platelets', '2026-11-09', 162, '10*3/uL'),
      obs('2039-6', 'CEA', '2026-11-09', 93.7, 'ng/mL', 'H'),
      obs('26515-7', 'Platelets', '2026-08-01', 240, '10*3/uL'),
      obs('2039-6', 'CEA', '2026-08-14', 48.2, 'ng/mL', 'H'),
      obs('2039-6', 'CEA', '2026-09-28', 61.5, 'ng/mL', 'H'),
    ]);
    expect(series.map((s) => [s.name, s.kind])).toEqual([
      ['CEA', 'marker'],
      ['Platelets', 'lab'],
    ]);
    expect(series[0]?.points.map((p) => p.value)).toEqual([48.2, 61.5, 93.7]);
    expect(series[0]?.points[0]).toEqual({ date: '2026-08-14', value: 48.2, flag: 'H' });
    expect(series[0]?.range).toEqual({ low: undefined, high: 5 });
  });

  it('renders UCUM units readably', () => {
    const [platelets] = trendSeries([
      obs('26515-7', 'Platelets', '2026-08-01', 240, '10*3/uL'),
      obs('26515-7', 'Platelets', '2026-11-09', 162, '10*3/uL'),
    ]);
    expect(platelets?.unit).toBe('×10³/µL');
  });

  it('makes no chart of a single value, and never mixes units on one axis', () => {
    expect(trendSeries([obs('2039-6', 'CEA', '2026-11-14', 6.8, 'ng/mL')])).toEqual([]);
    const [ca] = trendSeries([
      obs('24108-3', 'CA 19-9', '2026-01-01', 900, '[iU]/mL'),
      obs('24108-3', 'CA 19-9', '2026-03-01', 40, 'U/mL'),
      obs('24108-3', 'CA 19-9', '2026-05-01', 55, 'U/mL'),
    ]);
    expect(ca?.points.map((p) => p.value)).toEqual([40, 55]);
    expect(ca?.otherUnits).toBe(1);
    expect(ca?.unit).toBe('U/mL');
  });

  it('leaves out withdrawn values, text values and non-laboratory observations', () => {
    const ecog: Observation = {
      resourceType: 'Observation',
      status: 'final',
      code: { coding: [{ system: 'http://loinc.org', code: '89247-1' }] },
      effectiveDateTime: '2026-01-01',
      valueInteger: 1,
    };
    const series = trendSeries([
      ecog,
      { ...ecog, effectiveDateTime: '2026-02-01' },
      obs('2039-6', 'CEA', '2026-08-14', 48.2, 'ng/mL'),
      { ...obs('2039-6', 'CEA', '2026-09-14', 400, 'ng/mL'), status: 'entered-in-error' },
      { ...obs('2039-6', 'CEA', '2026-10-14', 1, 'ng/mL'), valueQuantity: undefined, valueString: 'haemolysed' },
    ]);
    expect(series).toEqual([]);
  });

  it('names a test as a clinician says it, not by its LOINC long name', () => {
    expect(shortTestName('Magnesium [Mass/volume] in Serum or Plasma')).toBe('Magnesium');
    expect(shortTestName('Platelets [#/volume] in Blood by Automated count')).toBe('Platelets');
    expect(shortTestName('Bilirubin.total [Mass/volume] in Serum or Plasma')).toBe('Bilirubin total');
    expect(shortTestName('INR in Platelet poor plasma by Coagulation assay')).toBe('INR');
    expect(shortTestName('Albumin')).toBe('Albumin');
  });
});

// Checks the Biomarkers card's wording of variants and the direction of tumor-marker trends.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { describeVariant, summarizeBiomarkers } from './biomarkers';
import { classifyObservation } from './observations';

const loinc = (code: string, display?: string) => ({ coding: [{ system: 'http://loinc.org', code, display }] });

function obs(code: string, extra: Partial<Observation> = {}): Observation {
  return { resourceType: 'Observation', status: 'final', code: loinc(code), ...extra };
}

const kras = obs('69548-6', {
  id: 'kras',
  valueCodeableConcept: loinc('LA9633-4', 'Present'),
  component: [
    {
      code: loinc('48018-6'),
      valueCodeableConcept: { coding: [{ system: 'http://www.genenames.org', code: 'HGNC:6407', display: 'KRAS' }] },
    },
    { code: loinc('48005-3'), valueCodeableConcept: { text: 'p.Gly12Asp' } },
  ],
});

const cea = (value: number, date: string) =>
  obs('2039-6', { effectiveDateTime: date, valueQuantity: { value, unit: 'ng/mL' } });

describe('describeVariant', () => {
  it('names gene and protein change', () => {
    expect(describeVariant(kras)).toBe('KRAS p.Gly12Asp');
  });

  it('names fusions from two genes or from text', () => {
    const twoGenes = obs('69548-6', {
      component: [
        { code: loinc('48018-6'), valueCodeableConcept: { text: 'EML4' } },
        { code: loinc('48018-6'), valueCodeableConcept: { text: 'ALK' } },
      ],
    });
    expect(describeVariant(twoGenes)).toBe('EML4::ALK fusion');
    expect(describeVariant(obs('69548-6', { valueString: 'NTRK1 gene fusion detected' }))).toBe(
      'NTRK1 gene fusion detected'
    );
  });

  it('says when a tested gene has no variant', () => {
    const wildType = obs('69548-6', {
      valueCodeableConcept: loinc('LA9634-2', 'Absent'),
      component: [{ code: loinc('48018-6'), valueCodeableConcept: { text: 'NRAS' } }],
    });
    expect(describeVariant(wildType)).toBe('NRAS — not detected');
  });
});

describe('summarizeBiomarkers', () => {
  const summary = summarizeBiomarkers([
    kras,
    cea(4.1, '2024-01-10'),
    cea(12.5, '2024-04-02'),
    cea(3, '2023-09-01'),
    obs('81695-9', { effectiveDateTime: '2023-06-01', valueCodeableConcept: { text: 'MSS' } }),
    obs('89247-1', { effectiveDateTime: '2024-04-02', valueInteger: 1 }),
    obs('2345-7', { category: [{ coding: [{ code: 'laboratory' }] }], valueQuantity: { value: 98 } }),
  ]);

  it('reports the latest tumor marker with a rising trend', () => {
    expect(summary.markers).toHaveLength(1);
    expect(summary.markers[0]).toMatchObject({
      name: 'CEA',
      value: '12.5 ng/mL',
      date: '2024-04-02',
      trend: 'rising',
      count: 3,
    });
    expect(summary.markers[0]?.previous?.date).toBe('2024-01-10');
  });

  it('fills MSI, ECOG and variants', () => {
    expect(summary.msi?.value).toBe('MSS');
    expect(summary.ecog?.value).toBe('1');
    expect(summary.variants.map((v) => v.value)).toEqual(['KRAS p.Gly12Asp']);
  });

  it('leaves ordinary labs to the Labs card', () => {
    expect(classifyObservation(obs('2345-7', { category: [{ coding: [{ code: 'laboratory' }] }] }))).toBe('lab');
    expect(classifyObservation(obs('8480-6'))).toBe('other');
  });
});

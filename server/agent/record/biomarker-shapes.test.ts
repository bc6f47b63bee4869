// Results the coded readers miss must still be read: protein-by-protein MMR immunohistochemistry, genes named in the
// code with text results, panels with components, and results written in a molecular report.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { mmrFromProteins, readOtherShapes, variantsInText } from './biomarker-shapes';
import { readBiomarkers } from './biomarkers';

const obs = (id: string, code: string, extra: Partial<Observation>): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { text: code },
  ...extra,
});

describe('mmrFromProteins', () => {
  it('reads a loss of any protein as dMMR and all retained as pMMR', () => {
    expect(mmrFromProteins('MLH1/PMS2 loss; MSH2 retained; MSH6 retained')).toBe('dMMR');
    expect(mmrFromProteins('MSH2 retained, MSH6 retained, MLH1 intact, PMS2 intact')).toBe('pMMR');
    expect(mmrFromProteins('MLH1: no loss of nuclear expression')).toBe('pMMR');
    expect(mmrFromProteins('Tumour cells are viable')).toBeUndefined();
  });
});

describe('variantsInText', () => {
  it('gives each gene of a clause its own verdict', () => {
    const v = variantsInText('KRAS c.35G>A p.G12D detected, NRAS and BRAF wild-type.', 'DiagnosticReport/m', true);
    expect(v.map((x) => [x.gene, x.present, x.alteration])).toEqual(
      expect.arrayContaining([
        ['KRAS', true, 'G12D'],
        ['NRAS', false, 'wild-type'],
        ['BRAF', false, 'wild-type'],
      ])
    );
  });

  it('reads "no mutation detected" as a negative result, not a mutation', () => {
    expect(variantsInText('No BRAF mutation was detected.', 'r', true)[0]).toMatchObject({
      gene: 'BRAF',
      present: false,
    });
  });
});

const shapes = (observations: Observation[], reports: DiagnosticReport[] = []) =>
  readOtherShapes(observations, reports, readBiomarkers(observations));

describe('readOtherShapes', () => {
  it('reads one Observation per MMR protein and a panel with components', () => {
    const b = shapes([
      obs('mlh1', 'MLH1 immunohistochemistry', { valueString: 'Loss of nuclear expression' }),
      obs('panel', 'Mismatch repair protein IHC panel', {
        component: [
          { code: { text: 'MSH2' }, valueCodeableConcept: { text: 'Retained' } },
          { code: { text: 'MSH6' }, valueCodeableConcept: { text: 'Retained' } },
        ],
      }),
    ]);
    expect(b.mmr.map((m) => m.status)).toEqual(['dMMR', 'pMMR']);
  });

  it('reads a gene named in the code with its result as text, and MSI named only as MSI', () => {
    const b = shapes([
      obs('braf', 'BRAF mutation analysis', { valueCodeableConcept: { text: 'V600E detected' } }),
      obs('fgfr2', 'FGFR2 rearrangement by FISH', { valueString: 'FGFR2 fusion positive' }),
      obs('pending', 'KRAS mutation analysis', { valueString: 'pending' }),
      obs('msi', 'MSI by PCR', { valueString: 'MSI-high' }),
    ]);
    expect(b.variants.map((v) => [v.gene, v.alteration, v.present])).toEqual([
      ['BRAF', 'V600E', true],
      ['FGFR2', 'fusion', true],
    ]);
    expect(b.msi[0]?.status).toBe('MSI-H');
  });

  it('leaves coded results to readBiomarkers and repeats no gene it found', () => {
    const coded = obs('kras', 'Genetic variant assessment', {
      code: { coding: [{ system: 'http://loinc.org', code: '69548-6' }] },
      valueCodeableConcept: { text: 'Present' },
      component: [{ code: { coding: [{ system: 'http://loinc.org', code: '48018-6' }] }, valueString: 'KRAS' }],
    });
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id: 'r',
      status: 'final',
      code: { text: 'NGS' },
      conclusion: 'KRAS mutation detected.',
    };
    expect(readBiomarkers([coded]).variants).toHaveLength(1);
    expect(shapes([coded], [report]).variants).toEqual([]);
  });

  it('adds results written in a molecular report for genes not already known', () => {
    const report: DiagnosticReport = {
      resourceType: 'DiagnosticReport',
      id: 'ngs',
      status: 'final',
      code: { text: 'Molecular pathology' },
      conclusion: 'KRAS p.G12V detected. NRAS and BRAF wild-type. MLH1, PMS2, MSH2 and MSH6 retained.',
    };
    const b = shapes([], [report]);
    expect(b.variants.map((v) => `${v.gene} ${v.alteration} ${v.present}`)).toEqual([
      'KRAS G12V true',
      'NRAS wild-type false',
      'BRAF wild-type false',
    ]);
    expect(b.mmr[0]).toMatchObject({ status: 'pMMR', ref: 'DiagnosticReport/ngs' });
  });
});

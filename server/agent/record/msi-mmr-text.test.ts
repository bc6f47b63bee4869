// MSI and MMR status is read in every usual form — words, abbreviations, per-protein IHC, LOINC-coded Observations —
// so a recorded status is never called missing, and a test only ordered or recommended is never taken as a result.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readOtherShapes } from './biomarker-shapes';
import { readBiomarkers } from './biomarkers';
import { msiFromConcept, msiMmrInText } from './msi-mmr-text';

const LOINC = 'http://loinc.org';
const report = (id: string, conclusion: string): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id,
  status: 'final',
  code: { text: 'Surgical pathology' },
  conclusion,
});
const all = (observations: Observation[], reports: DiagnosticReport[] = []) => {
  const coded = readBiomarkers(observations);
  const other = readOtherShapes(observations, reports, coded);
  return { msi: [...coded.msi, ...other.msi], mmr: [...coded.mmr, ...other.mmr] };
};

describe('msiMmrInText', () => {
  it('reads MSI and MMR in words and abbreviations', () => {
    expect(msiMmrInText('Microsatellite stable (MSS).')).toEqual({ msi: 'MSS' });
    expect(msiMmrInText('MSI-high by PCR')).toEqual({ msi: 'MSI-H' });
    expect(msiMmrInText('MSI-low')).toEqual({ msi: 'MSI-L' });
    expect(msiMmrInText('Interpretation: mismatch repair proficient (pMMR).')).toEqual({ mmr: 'pMMR' });
    expect(msiMmrInText('dMMR tumour')).toEqual({ mmr: 'dMMR' });
    expect(msiMmrInText('Mismatch repair status: Proficient')).toEqual({ mmr: 'pMMR' });
    expect(msiMmrInText('MMR IHC: MLH1 and PMS2 lost, MSH2 and MSH6 retained')).toEqual({ mmr: 'dMMR' });
    expect(msiMmrInText('No loss of MMR protein expression')).toEqual({ mmr: 'pMMR' });
  });

  it('reads nothing from a test that is planned, pending or only recommended, or from a drug label', () => {
    expect(msiMmrInText('Mismatch repair and RAS/BRAF testing not yet performed.')).toEqual({});
    expect(msiMmrInText('MSI-H/dMMR testing recommended before first line.')).toEqual({});
    expect(msiMmrInText('Pembrolizumab is approved for MSI-H tumours.')).toEqual({});
    expect(msiMmrInText('Unstable angina in 2019.')).toEqual({});
  });

  it('reads LOINC answer codes and coded displays', () => {
    expect(msiFromConcept({ coding: [{ system: LOINC, code: 'LA26203-2' }] })).toBe('MSI-H');
    expect(msiFromConcept({ coding: [{ system: LOINC, code: 'LA14122-8' }] })).toBe('MSS');
    expect(msiFromConcept({ text: 'Unstable' })).toBe('MSI-H');
  });
});

describe('MSI/MMR in record shapes', () => {
  it('finds a LOINC-coded MSI Observation with a coded value and no display', () => {
    const o: Observation = {
      resourceType: 'Observation',
      id: 'msi',
      status: 'final',
      code: { coding: [{ system: LOINC, code: '81695-9' }] },
      valueCodeableConcept: { coding: [{ system: LOINC, code: 'LA14122-8' }] },
    };
    expect(all([o]).msi.map((m) => m.status)).toEqual(['MSS']);
  });

  it('finds an MMR status Observation named by its abbreviation', () => {
    const o: Observation = {
      resourceType: 'Observation',
      id: 'mmr',
      status: 'final',
      code: { text: 'MMR status' },
      valueString: 'pMMR',
    };
    expect(all([o]).mmr.map((m) => m.status)).toEqual(['pMMR']);
  });

  it('finds MSS and proficient MMR written only in a pathology report', () => {
    const r = all([], [report('p', 'Adenocarcinoma, G2. Mismatch repair proficient; microsatellite stable.')]);
    expect(r.mmr.map((m) => m.status)).toEqual(['pMMR']);
    expect(r.msi.map((m) => m.status)).toEqual(['MSS']);
    expect(all([], [report('q', 'MMR immunohistochemistry requested.')]).mmr).toEqual([]);
  });

  it('reads a status stated in a clinical document, marked unverified, but not a test the note only plans', () => {
    const note = { ref: 'DocumentReference/n', text: 'Tumour board note: RAS wild-type, MSS. MMR IHC requested.' };
    const b = readOtherShapes([], [], readBiomarkers([]), [note]);
    expect(b.msi).toMatchObject([{ status: 'MSS', verified: false, ref: 'DocumentReference/n' }]);
    expect(b.variants.map((v) => `${v.gene} ${v.present}`)).toEqual(['KRAS false', 'NRAS false']);
    expect(
      readOtherShapes([], [], readBiomarkers([]), [{ ref: 'DocumentReference/m', text: 'Plan: MSI testing.' }]).msi
    ).toEqual([]);
  });
});

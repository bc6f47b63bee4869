// The facts that decide relevance, read from the answer input as the agent writes it.
import { describe, expect, it } from 'vitest';
import { variantsInText } from '../agent/record/biomarker-shapes';
import { patientFacts } from './patient-facts';
import { passageRelevance } from './relevance';
import { CRC_INPUT, ICC_INPUT, STAGE3_INPUT } from './testing/inputs';

describe('patientFacts', () => {
  it('reads a KRAS-mutant, MSS, liver-metastatic sigmoid cancer progressing on first line', () => {
    const p = patientFacts(CRC_INPUT);
    expect([...p.tumour]).toEqual(['colorectal']);
    expect(p).toMatchObject({ setting: 'metastatic', stageGroup: 'IVA', bowel: 'colon', side: 'left' });
    expect(p.metastasisSites).toEqual(['liver']);
    expect(p.markers.RAS).toMatchObject({ status: 'positive', detail: 'KRAS G12D' });
    expect(p.markers['KRAS G12C']?.status).toBe('negative');
    expect(p.markers['MSI-H/dMMR']).toMatchObject({ status: 'negative', detail: 'MSS' });
    expect(p.markers['BRAF V600E']).toBeUndefined();
    // Progression on the running first-line regimen: the decision is about second line.
    expect(p).toMatchObject({ progression: true, decisionLine: 2, ongoing: false });
  });

  it('marks discordant MSI/MMR as discordant, not as either group', () => {
    const p = patientFacts(ICC_INPUT);
    expect([...p.tumour]).toEqual(['biliary']);
    expect(p.markers['MSI-H/dMMR']?.status).toBe('discordant');
    expect(p.markers['BRAF V600E']?.status).toBe('positive');
    expect(p.setting).toBe('metastatic');
    expect(p.metastasisSites).toEqual(['lung']);
  });

  it('reads a resected stage IIIB colon cancer as localized with no metastatic sites', () => {
    const p = patientFacts(STAGE3_INPUT);
    expect(p).toMatchObject({ setting: 'localized', stageGroup: 'IIIB', decisionLine: 1, progression: false });
    expect(p.metastasisSites).toEqual([]);
    expect(p.markers['MSI-H/dMMR']).toMatchObject({ status: 'negative', detail: 'pMMR' });
    expect(p.markers.RAS).toBeUndefined();
  });

  it('names a tumour the knowledge has no document for, and reads resection, immunotherapy and Karnofsky-only', () => {
    const summary = (primary: string, extra: string[] = []) =>
      [`Primary cancer: ${primary} [Condition/p]; stage: Stage IIIB`, ...extra].join('\n');
    const anal = patientFacts({ ...CRC_INPUT, findings: [], patientSummary: summary('Anal canal SCC (anal cancer)') });
    expect(anal.uncovered).toBe('anal cancer');
    expect(patientFacts(CRC_INPUT).uncovered).toBeUndefined();
    const resected = patientFacts({
      ...CRC_INPUT,
      findings: [],
      patientSummary: summary('Adenocarcinoma of caecum (colorectal cancer)', [
        'Therapy: pembrolizumab (active, ordered 2026-01-02)',
        'Report 2026-01-01 "Right hemicolectomy pathology" [DiagnosticReport/path]: pT3 pN1b, margins clear.',
        'Performance: Karnofsky 70 %',
      ]),
    });
    expect(resected).toMatchObject({ resected: true, immunotherapy: true, karnofskyOnly: true });
    expect(patientFacts(CRC_INPUT)).toMatchObject({ ecog: 1 });
    expect(patientFacts(CRC_INPUT).resected).toBeUndefined();
  });

  it('never turns a wild-type list into mutations, so no option is excluded for a mutation the record does not have', () => {
    // The report's words, read by the record reader and written into the summary as the agent writes it.
    const molecular = variantsInText('No KRAS, NRAS or BRAF mutation detected.', 'DiagnosticReport/ngs', true)
      .map((v) => `${v.gene} ${v.alteration} ${v.present ? 'present' : 'not detected'} [${v.ref}]`)
      .join('; ');
    const summary = CRC_INPUT.patientSummary.replace(/^Molecular: .*$/m, `Molecular: ${molecular}`);
    const p = patientFacts({ ...CRC_INPUT, findings: [], patientSummary: summary });
    expect(p.markers.RAS).toMatchObject({ status: 'negative', detail: 'RAS wild-type' });
    expect(p.markers['BRAF V600E']).toMatchObject({ status: 'negative', detail: 'BRAF wild-type' });
    const title = 'Metastatic colorectal cancer - biomarker-driven systemic therapy by line';
    const wildType = { title, section: 'Second-line therapy for RAS wild-type mCRC' };
    expect(passageRelevance(wildType, { ...p, decisionLine: 2 }).against).toBeUndefined();
    // Excluded for the reason the record states (wild-type), not for an invented mutation.
    expect(passageRelevance({ title, section: 'BRAF V600E-mutant mCRC' }, p).against).toBe('BRAF wild-type');
  });

  it('does not read a BRAF or KRAS mutation of unknown change as ruling a specific variant in or out', () => {
    const summary = CRC_INPUT.patientSummary.replace(
      /^Molecular: .*$/m,
      'Molecular: BRAF mutation present [Observation/b]; KRAS mutation present [Observation/k]'
    );
    const p = patientFacts({ ...CRC_INPUT, findings: [], patientSummary: summary });
    expect(p.markers['BRAF V600E']).toBeUndefined();
    expect(p.markers['KRAS G12C']).toBeUndefined();
    expect(p.markers.RAS?.status).toBe('positive');
  });
});

// Patient 6's reports: the outside MSI result, the biopsy at progression with MMR IHC, NGS and the restaging CT.
import type { DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import type { WithId } from './builders';
import { report } from './documents';

type Obs = Observation & WithId;

/**
 * The DiagnosticReports of patient 6, in the order the patient file cites them.
 * @param subject - Patient 6.
 * @param results - The Observations the reports list as results.
 * @returns The reports.
 */
export function iccReports(
  subject: Patient & WithId,
  { outside, mmr, ngs }: { outside: Obs; mmr: Obs; ngs: Obs[] }
): (DiagnosticReport & WithId)[] {
  const s = { subject };
  return [
    report({
      ...s,
      id: 'demo-icc-msi-outside-report-2025-08-28',
      kind: 'GE',
      title: 'Outside report: microsatellite instability testing',
      date: '2025-08-04',
      issued: '2025-08-28T08:00:00Z',
      performer: 'Outside reference laboratory',
      results: [outside],
      conclusion: 'MSI-H.',
      text: [
        'OUTSIDE LABORATORY REPORT (scanned, transcribed)',
        'Specimen: Liver, core biopsy 2025-08-04. Method: PCR fragment analysis, 5 mononucleotide markers.',
        'Result: Instability at 2 of 5 markers. Interpretation: MICROSATELLITE INSTABILITY-HIGH (MSI-H).',
        'Tumour content estimated 20 %. No matched normal tissue tested.',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-icc-pathology-2026-10-06',
      kind: 'PAT',
      title: 'Surgical pathology: liver biopsy at progression, with MMR immunohistochemistry',
      date: '2026-09-29',
      issued: '2026-10-06T14:30:00Z',
      results: [mmr],
      conclusion: 'Adenocarcinoma consistent with intrahepatic cholangiocarcinoma; mismatch repair proficient.',
      text: [
        'SURGICAL PATHOLOGY REPORT',
        'Specimen: Liver, segment VIII lesion, ultrasound-guided core biopsy (3 cores), 2026-09-29.',
        'Diagnosis: Adenocarcinoma with tubular glands in dense desmoplastic stroma, consistent with recurrent/progressive',
        'intrahepatic cholangiocarcinoma (small-duct type), morphologically identical to the 2025 biopsy.',
        'Immunohistochemistry: CK7 positive, CK19 positive, CK20 negative, CDX2 negative, TTF-1 negative.',
        'Mismatch repair proteins: MLH1 retained, PMS2 retained, MSH2 retained, MSH6 retained. Interpretation: proficient (pMMR).',
        'Tumour content approx. 40 %; tissue sent for comprehensive DNA and RNA NGS.',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-icc-molecular-2026-10-20',
      kind: 'GE',
      title: 'Comprehensive tumour genomic profiling (DNA and RNA NGS)',
      date: '2026-09-29',
      issued: '2026-10-20T10:15:00Z',
      results: ngs,
      conclusion: 'BRAF p.Val600Glu; GOPC::ROS1 fusion; TMB 2.1 mutations/Mb.',
      text: [
        'MOLECULAR PATHOLOGY REPORT - DNA NGS (hybrid capture) and RNA fusion panel on liver biopsy 2026-09-29',
        'BRAF c.1799T>A p.Val600Glu (V600E), variant allele fraction 24 %.',
        'GOPC::ROS1 fusion, in frame, ROS1 kinase domain retained (412 supporting reads).',
        'No IDH1, IDH2 or FGFR2 alteration; no ERBB2 amplification; no NTRK fusion.',
        'Tumour mutational burden: 2.1 mutations/Mb (low). Microsatellite status: not reported by this assay version.',
        'Comment: Concurrent BRAF V600E and a ROS1 fusion is unusual; confirmation of the fusion by an orthogonal method',
        '(FISH or RT-PCR) is suggested.',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-icc-ct-2026-09-14-report',
      kind: 'RAD',
      title: 'CT chest, abdomen and pelvis with IV contrast',
      date: '2026-09-14',
      issued: '2026-09-14T17:20:00Z',
      conclusion: 'Progressive disease: growing liver lesions and new bilateral lung metastases.',
      text: [
        'CT CHEST, ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-09-14',
        'Indication: Intrahepatic cholangiocarcinoma on durvalumab maintenance; restaging. Comparison: CT 2026-06-08.',
        'Liver: Dominant segment IVa/VIII mass 71 mm (previously 52 mm); satellite nodules enlarged (24 and 17 mm).',
        'Periportal and hepatoduodenal lymph nodes up to 16 mm short axis (previously 12 mm). No biliary dilatation.',
        'Chest: Five new solid pulmonary nodules in both lungs, largest 12 mm in the right lower lobe.',
        'IMPRESSION: Progressive disease with new bilateral lung metastases.',
      ].join('\n'),
    }),
  ];
}

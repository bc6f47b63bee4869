// Patient 2's reports: rectal biopsy, RAS/BRAF panel and the restaging CT on FOLFOX + panitumumab.
import type { DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import type { WithId } from './builders';
import { report } from './documents';

type Obs = Observation & WithId;

/**
 * The DiagnosticReports of patient 2, in the order the patient file cites them.
 * @param subject - Patient 2.
 * @param results - The Observations the reports list as results.
 * @returns The reports.
 */
export function rectalReports(subject: Patient & WithId, { genes }: { genes: Obs[] }): (DiagnosticReport & WithId)[] {
  const s = { subject };
  return [
    report({
      ...s,
      id: 'demo-rectal-pmab-pathology-2026-05-29',
      kind: 'PAT',
      title: 'Surgical pathology: rectal biopsy',
      date: '2026-05-26',
      issued: '2026-05-29T14:00:00Z',
      conclusion: 'Invasive adenocarcinoma, moderately differentiated; pMMR.',
      text: [
        'SURGICAL PATHOLOGY REPORT',
        'Specimen: Rectum, ulcerated mass at 11 cm from the anal verge, endoscopic biopsies (5 fragments).',
        'Diagnosis: Invasive adenocarcinoma, moderately differentiated (G2).',
        'Mismatch repair immunohistochemistry: MLH1, PMS2, MSH2 and MSH6 retained (proficient).',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-rectal-pmab-molecular-2026-06-16',
      kind: 'GE',
      title: 'Colorectal cancer panel: KRAS, NRAS, BRAF, MSI',
      date: '2026-05-26',
      issued: '2026-06-16T10:30:00Z',
      results: genes,
      conclusion: 'RAS and BRAF wild-type; microsatellite stable.',
      text: [
        'MOLECULAR PATHOLOGY REPORT - targeted NGS on rectal biopsy, tumour content approx. 60 %',
        'KRAS exons 2, 3, 4: no variant detected. NRAS exons 2, 3, 4: no variant detected.',
        'BRAF V600: no variant detected. Microsatellite status: stable (MSS).',
        'Comment: RAS/BRAF wild-type, left-sided primary: eligible for anti-EGFR antibody therapy.',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-rectal-pmab-ct-2026-11-16-report',
      kind: 'RAD',
      title: 'CT chest, abdomen and pelvis with IV contrast',
      date: '2026-11-16',
      issued: '2026-11-16T17:05:00Z',
      conclusion: 'Continued partial response in liver and lungs; no new lesions.',
      text: [
        'CT CHEST, ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-11-16',
        'Indication: Metastatic rectal adenocarcinoma on mFOLFOX6 + panitumumab since 2026-07-06; restaging after 10 cycles.',
        'Comparison: 2026-06-03 (baseline) and 2026-09-22.',
        'Liver: Bilobar metastases further decreased. Segment VIII target 18 mm (baseline 41 mm, 09/2026 26 mm);',
        'segment III target 11 mm (baseline 24 mm, 09/2026 15 mm). Several small lesions no longer visible. No new lesion.',
        'Lungs: Right lower lobe nodule 5 mm (baseline 11 mm), left upper lobe nodule 4 mm (baseline 8 mm).',
        'Rectum: Upper rectal wall thickening decreased; mesorectal nodes subcentimetric. No ascites.',
        'IMPRESSION: Continued partial response of hepatic and pulmonary metastases. No new metastatic disease.',
      ].join('\n'),
    }),
  ];
}

// Patient 5's reports: EUS-FNA cytology, tumour NGS with KRAS G12C, and the CT showing progression on second line.
import type { DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import type { WithId } from './builders';
import { report } from './documents';

type Obs = Observation & WithId;

/**
 * The DiagnosticReports of patient 5, in the order the patient file cites them.
 * @param subject - Patient 5.
 * @param results - The Observations the reports list as results.
 * @returns The reports.
 */
export function pancreasReports(
  subject: Patient & WithId,
  { genomics }: { genomics: Obs[] }
): (DiagnosticReport & WithId)[] {
  const s = { subject };
  return [
    report({
      ...s,
      id: 'demo-pdac-g12c-cytopathology-2025-10-17',
      kind: 'PAT',
      title: 'Cytopathology: EUS-guided fine-needle aspiration of pancreatic head mass',
      date: '2025-10-14',
      issued: '2025-10-17T12:00:00Z',
      conclusion: 'Adenocarcinoma, consistent with pancreatic ductal origin.',
      text: [
        'CYTOPATHOLOGY REPORT',
        'Specimen: Pancreas, head mass (34 mm), EUS-guided FNA, 3 passes with cell block.',
        'Findings: Cohesive sheets and clusters of atypical ductal cells with nuclear enlargement, anisonucleosis ("drunken',
        'honeycomb"), irregular nuclear contours and single atypical cells, on a necrotic background.',
        'Diagnosis: POSITIVE FOR MALIGNANCY: adenocarcinoma, consistent with pancreatic ductal adenocarcinoma.',
        'Cell block adequate for molecular testing.',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-pdac-g12c-molecular-2025-11-20',
      kind: 'GE',
      title: 'Comprehensive tumour genomic profiling (DNA NGS)',
      date: '2025-10-14',
      issued: '2025-11-20T09:45:00Z',
      results: genomics,
      conclusion: 'KRAS p.Gly12Cys (G12C); TP53 p.Arg273His; CDKN2A deletion; MSS; TMB 3.2 mutations/Mb.',
      text: [
        'MOLECULAR PATHOLOGY REPORT - DNA NGS on EUS-FNA cell block, tumour content approx. 30 %',
        'KRAS c.34G>T p.Gly12Cys (G12C), variant allele fraction 18 %.',
        'TP53 c.818G>A p.Arg273His, variant allele fraction 21 %.',
        'CDKN2A homozygous deletion. SMAD4: no alteration detected.',
        'No BRCA1, BRCA2, PALB2 or ATM alteration; no NTRK, NRG1, RET or ALK fusion detected.',
        'Microsatellite status: stable. Tumour mutational burden: 3.2 mutations/Mb (low).',
        'Comment: KRAS G12C is a target of covalent KRAS G12C inhibitors (clinical trial or off-label evidence in pancreatic cancer).',
      ].join('\n'),
    }),
    report({
      ...s,
      id: 'demo-pdac-g12c-ct-2026-10-20-report',
      kind: 'RAD',
      title: 'CT chest, abdomen and pelvis with IV contrast',
      date: '2026-10-20',
      issued: '2026-10-20T16:10:00Z',
      conclusion: 'Progressive disease: enlarging liver metastases, new peritoneal nodules and ascites.',
      text: [
        'CT CHEST, ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-10-20',
        'Indication: Metastatic pancreatic adenocarcinoma on second-line liposomal irinotecan + 5-FU/leucovorin; restaging.',
        'Comparison: CT 2026-07-27.',
        'Pancreas: Head mass 36 mm (previously 31 mm), encasing the SMV over 180 degrees; biliary stent in place, no dilatation.',
        'Liver: Segment VI metastasis 27 mm (previously 18 mm) and segment II metastasis 19 mm (previously 12 mm); two new',
        'subcentimetre lesions in segments IV and VII.',
        'Peritoneum: New nodular omental deposits up to 14 mm; small-volume ascites.',
        'Chest: No pulmonary nodules.',
        'IMPRESSION: Progressive disease (enlarging and new liver metastases, new peritoneal carcinomatosis).',
      ].join('\n'),
    }),
  ];
}

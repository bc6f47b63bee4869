// Demo patient 1: metastatic sigmoid cancer progressing on FOLFOX + bevacizumab, with two measured CT time points.
import { coded, concept, condition, patient, transaction } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { CRC_BASELINE, CRC_FOLLOW_UP, CRC_MRN, crcImaging } from './crc-metastatic-imaging';
import { note, report } from './documents';
import { mmrIhc, msi, variant } from './genomics';
import { dicomWebEndpoint } from './imaging';
import { currentRegimen, MFOLFOX6 } from './medications';
import { ecog, labPanel, labTrend } from './observations';
import type { DemoOptions, PatientDemo } from './types';

/** Builds patient 1's bundle and the two CT phantoms behind it. */
export function crcMetastatic(options: DemoOptions): PatientDemo {
  const P = patient({
    id: 'demo-crc-met',
    mrn: CRC_MRN,
    given: 'Thomas',
    family: 'Brenner',
    gender: 'male',
    birthDate: '1963-04-17',
    city: 'Milwaukee',
  });
  const primary = condition({
    id: 'demo-crc-met-sigmoid-adenocarcinoma',
    subject: P,
    kind: 'primary',
    code: coded(
      'Adenocarcinoma of sigmoid colon',
      [SYSTEM.snomed, SNOMED.colonCancer],
      [SYSTEM.icd10cm, ['C18.7', 'Malignant neoplasm of sigmoid colon']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.sigmoidColon),
    morphology: concept(SYSTEM.snomed, SNOMED.adenocarcinoma),
    onset: '2026-07-29',
    stage: 'Stage IVA (cT3 cN1 cM1a), AJCC 8th edition; liver-only metastases',
  });
  const liverMets = condition({
    id: 'demo-crc-met-liver-metastases',
    subject: P,
    kind: 'secondary',
    code: coded(
      'Liver metastases (segments VII and IVa)',
      [SYSTEM.snomed, SNOMED.liverMetastasis],
      [SYSTEM.icd10cm, ['C78.7', 'Secondary malignant neoplasm of liver and intrahepatic bile duct']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver),
    onset: '2026-08-18',
    primary,
  });
  const endpoint = dicomWebEndpoint(options.dicomWebBase);
  const { studies, reports: ctReports } = crcImaging(P, endpoint);
  const pathology = report({
    id: 'demo-crc-met-pathology-2026-07-29',
    subject: P,
    kind: 'PAT',
    title: 'Surgical pathology: sigmoid colon biopsy',
    date: '2026-07-22',
    issued: '2026-07-29T15:10:00Z',
    conclusion: 'Invasive adenocarcinoma, moderately differentiated; mismatch repair proficient.',
    text: [
      'SURGICAL PATHOLOGY REPORT',
      'Specimen: Sigmoid colon, mass at 30 cm, endoscopic biopsies (6 fragments).',
      'Microscopic: Fragments of colonic mucosa infiltrated by irregular, cribriform glands with dirty necrosis and desmoplastic stroma.',
      'Diagnosis: Invasive adenocarcinoma, moderately differentiated (G2).',
      'Immunohistochemistry (mismatch repair proteins): MLH1 retained, PMS2 retained, MSH2 retained, MSH6 retained.',
      'Interpretation: Mismatch repair proficient (pMMR). Tissue sent for RAS/BRAF testing.',
    ].join('\n'),
  });
  const [mmr, msiObs, kras, nras, braf] = [
    mmrIhc({ id: 'demo-crc-met-mmr-ihc', subject: P, date: '2026-07-29' }),
    msi({
      id: 'demo-crc-met-msi',
      subject: P,
      date: '2026-08-12',
      status: 'MSS (microsatellite stable)',
      method: 'NGS',
    }),
    variant({
      id: 'demo-crc-met-kras',
      subject: P,
      date: '2026-08-12',
      gene: 'KRAS',
      dna: 'c.35G>A',
      protein: 'p.Gly12Asp',
      vaf: 0.27,
    }),
    variant({
      id: 'demo-crc-met-nras',
      subject: P,
      date: '2026-08-12',
      gene: 'NRAS',
      present: false,
      note: 'Exons 2, 3 and 4 wild-type',
    }),
    variant({
      id: 'demo-crc-met-braf',
      subject: P,
      date: '2026-08-12',
      gene: 'BRAF',
      present: false,
      note: 'No BRAF V600 variant',
    }),
  ];
  const molecular = report({
    id: 'demo-crc-met-molecular-2026-08-12',
    subject: P,
    kind: 'GE',
    title: 'Colorectal cancer hotspot panel (KRAS, NRAS, BRAF, MSI)',
    date: '2026-07-22',
    issued: '2026-08-12T11:00:00Z',
    results: [kras, nras, braf, msiObs],
    conclusion: 'KRAS p.Gly12Asp (G12D) detected; NRAS and BRAF wild-type; microsatellite stable.',
    text: [
      'MOLECULAR PATHOLOGY REPORT - targeted NGS, tumour content approx. 50 %',
      'KRAS c.35G>A p.Gly12Asp (G12D), variant allele fraction 27 %: DETECTED.',
      'NRAS exons 2, 3, 4: no variant detected. BRAF V600: no variant detected. Microsatellite status: stable (MSS).',
      'Comment: RAS-mutant tumour; anti-EGFR antibodies are not expected to be effective.',
    ].join('\n'),
  });
  const regimen = currentRegimen({
    subject: P,
    regimen: 'folfox-bev',
    label: 'mFOLFOX6 + bevacizumab, first line, every 14 days (cycle 1 on 2026-08-31)',
    authoredOn: '2026-08-28',
    reason: primary,
    drugs: [...MFOLFOX6, { name: 'bevacizumab', dosage: '5 mg/kg IV over 30 minutes on day 1, every 14 days' }],
  });
  const summary = note({
    id: 'demo-crc-met-summary-2026-11-19',
    subject: P,
    kind: 'progress',
    title: 'Oncology progress note: clinical summary for tumor board',
    date: '2026-11-19T10:30:00Z',
    author: 'Medical Oncology (sandbox)',
    related: [ctReports[1]],
    text:
      'Mr Brenner is a 63-year-old man with sigmoid adenocarcinoma diagnosed 07/2026 on colonoscopy for iron-deficiency ' +
      'anaemia, with two synchronous liver metastases (segments VII and IVa) on staging CT 2026-08-18, stage IVA. The tumour ' +
      'is pMMR/MSS, KRAS G12D mutant, NRAS and BRAF wild-type. The liver lesions were not resectable upfront because of ' +
      'their relation to the right and middle hepatic veins, so he started mFOLFOX6 + bevacizumab on 2026-08-31 with ' +
      'conversion intent and has had 6 cycles with grade 1 sensory neuropathy and no bleeding or hypertension. CEA rose ' +
      'from 48.2 to 93.7 ng/mL and restaging CT 2026-11-17 shows enlargement of both liver lesions without new sites. ' +
      'ECOG 1. Question for tumor board: confirm progression by RECIST and choose second-line therapy (e.g. FOLFIRI with ' +
      'continued anti-VEGF) versus a clinical trial; the primary remains asymptomatic.',
  });
  const resources = [
    P,
    primary,
    liverMets,
    ...labTrend(P, 'cea', { '2026-08-14': 48.2, '2026-09-28': 61.5, '2026-11-09': 93.7 }),
    ...labPanel(P, '2026-11-09', {
      hemoglobin: 11.8,
      platelets: 162,
      neutrophils: 2.1,
      creatinine: 0.9,
      bilirubin: 0.7,
      albumin: 3.9,
    }),
    ecog(P, '2026-08-25', 1),
    ecog(P, '2026-11-09', 1),
    mmr,
    msiObs,
    kras,
    nras,
    braf,
    pathology,
    molecular,
    endpoint,
    ...studies,
    ...ctReports,
    ...regimen,
    summary,
  ];
  return { bundle: transaction(resources), phantoms: [CRC_BASELINE, CRC_FOLLOW_UP] };
}

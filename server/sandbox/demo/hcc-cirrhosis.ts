// Demo patient 4: a single HCC in alcohol-related cirrhosis (Child-Pugh B), with labs for liver scores and one CT phantom.
import type { PhantomSeriesSpec } from '../dicom/phantom-spec';
import { coded, concept, condition, patient, transaction } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { note, report } from './documents';
import { abdomenCtSpec, dicomWebEndpoint, imagingStudy, lesionLocation } from './imaging';
import { currentRegimen } from './medications';
import { ecog, labPanel, labTrend, observation } from './observations';
import type { DemoOptions, PatientDemo } from './types';

/** Multiphase liver CT, portal venous series: one 44 × 40 mm lesion in the right lobe. */
export const HCC_CT: PhantomSeriesSpec = abdomenCtSpec({
  studyNumber: 41,
  patientId: 'SBX-100204',
  patientName: 'Lindqvist^Walter',
  date: '2026-11-10',
  studyDescription: 'CT LIVER MULTIPHASE W CONTRAST',
  lesions: [{ id: 'liver-seg8', centerMm: [128, 185, 10], radiiMm: [22, 20, 13], hu: 35 }],
});

/** Builds patient 4's bundle and its CT phantom. */
export function hccCirrhosis(options: DemoOptions): PatientDemo {
  const P = patient({
    id: 'demo-hcc',
    mrn: HCC_CT.patientId,
    given: 'Walter',
    family: 'Lindqvist',
    gender: 'male',
    birthDate: '1956-12-08',
    city: 'Minneapolis',
  });
  const s = { subject: P };
  const hcc = condition({
    ...s,
    id: 'demo-hcc-hepatocellular-carcinoma',
    kind: 'primary',
    code: coded('Hepatocellular carcinoma (LI-RADS LR-5, non-invasive diagnosis)', [
      SYSTEM.icd10cm,
      ['C22.0', 'Liver cell carcinoma'],
    ]),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver, 'Liver, segment VIII'),
    onset: '2026-11-10',
    stage:
      'Single 44 mm tumour, no macrovascular invasion, no extrahepatic spread; AJCC 8th edition cT1b cN0 cM0 (stage IB); within Milan criteria',
  });
  const cirrhosis = condition({
    ...s,
    id: 'demo-hcc-alcohol-related-cirrhosis',
    kind: 'other',
    code: coded(
      'Alcohol-related cirrhosis with ascites',
      [SYSTEM.snomed, SNOMED.cirrhosis],
      [SYSTEM.icd10cm, ['K70.31', 'Alcoholic cirrhosis of liver with ascites']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver),
    onset: '2023-02-20',
    note: 'First ascites 03/2025, controlled on diuretics. Small oesophageal varices on endoscopy 05/2025, no bleeding.',
  });
  const portalHypertension = condition({
    ...s,
    id: 'demo-hcc-portal-hypertension',
    kind: 'other',
    code: coded('Portal hypertension', [SYSTEM.icd10cm, ['K76.6', 'Portal hypertension']]),
    onset: '2025-05-12',
  });
  const alcohol = condition({
    ...s,
    id: 'demo-hcc-alcohol-use-disorder',
    kind: 'other',
    clinicalStatus: 'remission',
    code: coded('Alcohol use disorder, in sustained remission (abstinent since 01/2024)', [
      SYSTEM.icd10cm,
      ['F10.21', 'Alcohol dependence, in remission'],
    ]),
    onset: '2023-02-20',
  });
  const examDate = '2026-11-18';
  const exam = [
    observation({
      ...s,
      id: 'demo-hcc-ascites-2026-11-18',
      date: examDate,
      category: 'exam',
      code: { text: 'Ascites (clinical assessment)' },
      value: { valueCodeableConcept: { text: 'Mild, controlled with diuretics' } },
    }),
    observation({
      ...s,
      id: 'demo-hcc-encephalopathy-2026-11-18',
      date: examDate,
      category: 'exam',
      code: { text: 'Hepatic encephalopathy (West Haven grade)' },
      value: { valueCodeableConcept: { text: 'None (grade 0); no asterixis, never on lactulose' } },
    }),
  ];
  const endpoint = dicomWebEndpoint(options.dicomWebBase);
  const study = imagingStudy({
    ...s,
    id: 'demo-hcc-ct-2026-11-10',
    spec: HCC_CT,
    endpoint,
    started: '2026-11-10T08:30:00Z',
    description: 'CT liver, multiphase (arterial, portal venous, delayed) with IV contrast',
  });
  const ct = report({
    ...s,
    id: 'demo-hcc-ct-2026-11-10-report',
    kind: 'RAD',
    title: 'CT liver multiphase with IV contrast',
    date: '2026-11-10',
    issued: '2026-11-10T15:30:00Z',
    imagingStudy: study,
    conclusion:
      'Single 44 mm LR-5 observation in segment VIII in a cirrhotic liver; no vascular invasion or extrahepatic disease.',
    text: [
      'CT LIVER, MULTIPHASE (LATE ARTERIAL, PORTAL VENOUS, 3-MINUTE DELAYED) WITH IV CONTRAST, 2026-11-10',
      'Indication: Alcohol-related cirrhosis; new 4 cm lesion on surveillance ultrasound 2026-10-28; AFP rising.',
      'Liver: Nodular contour and caudate hypertrophy in keeping with cirrhosis.',
      `- Segment VIII observation, ${lesionLocation(HCC_CT, HCC_CT.lesions[0])} (portal venous series),`,
      '  44 x 40 mm: non-rim arterial phase hyperenhancement, non-peripheral washout and an enhancing capsule. LI-RADS LR-5.',
      'No other arterially enhancing observation. Hepatic veins patent; portal vein and its branches patent without tumour in vein.',
      'Portal hypertension: spleen 15 cm, recanalised paraumbilical vein, small perihepatic ascites.',
      'No enlarged lymph nodes. No peritoneal nodules. Lung bases clear. No suspicious bone lesion.',
      'IMPRESSION: Single 44 mm LR-5 observation (definite HCC) in segment VIII without macrovascular invasion.',
      'Cirrhosis with portal hypertension and small-volume ascites.',
    ].join('\n'),
  });
  const meds = currentRegimen({
    ...s,
    regimen: 'cirrhosis',
    label: 'Cirrhosis medication (ascites, variceal prophylaxis)',
    authoredOn: '2025-05-20',
    reason: cirrhosis,
    drugs: [
      { name: 'spironolactone', dosage: '100 mg orally once daily' },
      { name: 'furosemide', dosage: '40 mg orally once daily' },
      { name: 'propranolol', dosage: '40 mg orally twice daily (primary prophylaxis of variceal bleeding)' },
    ],
  });
  const consult = note({
    ...s,
    id: 'demo-hcc-consult-2026-11-18',
    kind: 'consult',
    title: 'Hepatology-oncology consultation: clinical summary for tumor board',
    date: '2026-11-18T13:00:00Z',
    author: 'Hepatology and GI Oncology (sandbox)',
    related: [ct],
    text:
      'Mr Lindqvist is a 69-year-old man with alcohol-related cirrhosis, abstinent since January 2024 (confirmed by ' +
      'his family and negative phosphatidylethanol), on 6-monthly ultrasound surveillance. Surveillance ultrasound on ' +
      '2026-10-28 found a new 4 cm lesion and AFP rose from 8.2 (04/2026) to 312 ng/mL. Multiphase CT on 2026-11-10 ' +
      'shows a single 44 mm LR-5 lesion in segment VIII, no macrovascular invasion and no extrahepatic spread. ' +
      'Cirrhosis has decompensated once with ascites (03/2025), now mild and controlled on spironolactone and ' +
      'furosemide; no hepatic encephalopathy, no variceal bleeding (small varices, on propranolol). Labs 2026-11-09: ' +
      'bilirubin 1.6 mg/dL, albumin 3.1 g/dL, INR 1.3, creatinine 0.9 mg/dL, sodium 134 mmol/L, platelets 88 x10^9/L. ' +
      'ECOG 0. Liver function and portal hypertension argue against resection. Question for tumor board: BCLC ' +
      'stage and liver-function scores, and the choice between transplant referral (within Milan) with bridging ' +
      'therapy, ablation or TACE.',
  });
  const resources = [
    P,
    hcc,
    cirrhosis,
    portalHypertension,
    alcohol,
    ...labTrend(P, 'afp', { '2026-04-14': 8.2, '2026-11-09': 312 }),
    ...labPanel(P, '2026-11-09', {
      bilirubin: 1.6,
      albumin: 3.1,
      inr: 1.3,
      creatinine: 0.9,
      sodium: 134,
      platelets: 88,
      alt: 34,
    }),
    ...exam,
    ecog(P, examDate, 0),
    endpoint,
    study,
    ct,
    ...meds,
    consult,
  ];
  return { bundle: transaction(resources), phantoms: [HCC_CT] };
}

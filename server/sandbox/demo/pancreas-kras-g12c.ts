// Demo patient 5: metastatic pancreatic cancer with KRAS G12C after two lines of chemotherapy.
import { coded, concept, condition, patient, transaction } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { note } from './documents';
import { msi, tmb, variant } from './genomics';
import { currentRegimen, pastRegimen } from './medications';
import { ecog, labPanel, labTrend } from './observations';
import { pancreasReports } from './pancreas-kras-g12c-reports';
import type { PatientDemo } from './types';

/** Builds patient 5's bundle. */
export function pancreasKrasG12c(): PatientDemo {
  const P = patient({
    id: 'demo-pdac-g12c',
    mrn: 'SBX-100205',
    given: 'Margaret',
    family: 'Hale',
    gender: 'female',
    birthDate: '1959-07-30',
    city: 'Portland',
  });
  const s = { subject: P };
  const primary = condition({
    ...s,
    id: 'demo-pdac-g12c-pancreatic-adenocarcinoma',
    kind: 'primary',
    code: coded(
      'Ductal adenocarcinoma of the head of pancreas',
      [SYSTEM.snomed, SNOMED.pancreasCancer],
      [SYSTEM.icd10cm, ['C25.0', 'Malignant neoplasm of head of pancreas']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.pancreasHead),
    morphology: concept(SYSTEM.snomed, SNOMED.adenocarcinoma),
    onset: '2025-10-14',
    stage:
      'Stage IV (cT2 cN1 cM1), AJCC 8th edition; liver metastases at diagnosis, peritoneal metastases since 10/2026',
  });
  const liver = condition({
    ...s,
    id: 'demo-pdac-g12c-liver-metastases',
    kind: 'secondary',
    code: coded(
      'Liver metastases',
      [SYSTEM.snomed, SNOMED.liverMetastasis],
      [SYSTEM.icd10cm, ['C78.7', 'Secondary malignant neoplasm of liver and intrahepatic bile duct']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver),
    onset: '2025-10-02',
    primary,
  });
  const peritoneum = condition({
    ...s,
    id: 'demo-pdac-g12c-peritoneal-metastases',
    kind: 'secondary',
    code: coded('Peritoneal metastases', [
      SYSTEM.icd10cm,
      ['C78.6', 'Secondary malignant neoplasm of retroperitoneum and peritoneum'],
    ]),
    bodySite: { text: 'Peritoneum' },
    onset: '2026-10-20',
    primary,
  });
  const date = '2025-11-20';
  const genomics = [
    variant({
      ...s,
      id: 'demo-pdac-g12c-kras-g12c',
      date,
      gene: 'KRAS',
      dna: 'c.34G>T',
      protein: 'p.Gly12Cys',
      vaf: 0.18,
    }),
    variant({
      ...s,
      id: 'demo-pdac-g12c-tp53-r273h',
      date,
      gene: 'TP53',
      dna: 'c.818G>A',
      protein: 'p.Arg273His',
      vaf: 0.21,
    }),
    msi({ ...s, id: 'demo-pdac-g12c-msi', date, status: 'MSS (microsatellite stable)', method: 'NGS' }),
    tmb({ ...s, id: 'demo-pdac-g12c-tmb', date, value: 3.2 }),
  ];
  const reports = pancreasReports(P, { genomics });
  const firstLine = pastRegimen({
    ...s,
    regimen: 'gem-nabpaclitaxel',
    label: 'Gemcitabine + nab-paclitaxel, first line, days 1, 8, 15 every 28 days (7 cycles)',
    start: '2025-10-27',
    end: '2026-05-11',
    status: 'stopped',
    statusReason: 'Progressive disease on CT 2026-05-11',
    reason: primary,
    drugs: [
      { name: 'gemcitabine', dosage: '1000 mg/m2 IV over 30 minutes on days 1, 8 and 15, every 28 days' },
      {
        name: 'nab-paclitaxel (paclitaxel protein-bound)',
        key: 'nab-paclitaxel',
        dosage: '125 mg/m2 IV on days 1, 8 and 15, every 28 days',
      },
    ],
  });
  const secondLine = pastRegimen({
    ...s,
    regimen: 'nal-iri-5fu',
    label: 'Liposomal irinotecan + fluorouracil/leucovorin, second line, every 14 days (11 cycles)',
    start: '2026-05-26',
    end: '2026-10-20',
    status: 'stopped',
    statusReason: 'Progressive disease on CT 2026-10-20',
    reason: primary,
    drugs: [
      { name: 'irinotecan liposome', dosage: '70 mg/m2 IV over 90 minutes on day 1, every 14 days' },
      { name: 'leucovorin', dosage: '400 mg/m2 IV over 30 minutes on day 1, every 14 days' },
      { name: 'fluorouracil', dosage: '2400 mg/m2 IV over 46 hours from day 1, every 14 days' },
    ],
  });
  const supportive = currentRegimen({
    ...s,
    regimen: 'supportive',
    label: 'Exocrine pancreatic insufficiency',
    authoredOn: '2025-11-03',
    drugs: [{ name: 'pancrelipase', dosage: '50,000 lipase units orally with each meal, 25,000 with snacks' }],
  });
  const summary = note({
    ...s,
    id: 'demo-pdac-g12c-summary-2026-11-04',
    kind: 'progress',
    title: 'Oncology progress note: clinical summary for tumor board',
    date: '2026-11-04T10:00:00Z',
    author: 'Medical Oncology (sandbox)',
    related: [reports[2]],
    text:
      'Mrs Hale is a 67-year-old woman with ductal adenocarcinoma of the pancreatic head and liver metastases, diagnosed ' +
      '10/2025 after painless jaundice (metal biliary stent 2025-10-06). Tumour NGS: KRAS G12C, TP53 R273H, CDKN2A ' +
      'deletion, MSS, TMB 3.2 mutations/Mb; germline panel negative. First-line gemcitabine + nab-paclitaxel from ' +
      '10/2025 gave a partial response (CA 19-9 nadir 310 U/mL) but progressed in 05/2026; second-line liposomal ' +
      'irinotecan + 5-FU/leucovorin from 05/2026 gave disease control until CT 2026-10-20 showed progression in the liver ' +
      'and new peritoneal disease. CA 19-9 is 2150 U/mL. Grade 1 neuropathy persists; weight 58 kg (-7 kg since ' +
      'diagnosis); on pancreatic enzymes. ECOG 1, bilirubin normal. Question for tumor board: third-line options ' +
      'including a KRAS G12C inhibitor or a clinical trial versus best supportive care.',
  });
  const resources = [
    P,
    primary,
    liver,
    peritoneum,
    ...labTrend(P, 'ca199', {
      '2025-10-20': 1290,
      '2026-01-19': 310,
      '2026-04-20': 520,
      '2026-05-11': 880,
      '2026-07-27': 640,
      '2026-10-19': 2150,
    }),
    ...labPanel(P, '2026-11-02', {
      bilirubin: 0.8,
      albumin: 3.3,
      hemoglobin: 10.6,
      platelets: 196,
      neutrophils: 3.1,
      creatinine: 0.8,
    }),
    ecog(P, '2025-10-20', 1),
    ecog(P, '2026-11-02', 1),
    ...genomics,
    ...reports,
    ...firstLine,
    ...secondLine,
    ...supportive,
    summary,
  ];
  return { bundle: transaction(resources), phantoms: [] };
}

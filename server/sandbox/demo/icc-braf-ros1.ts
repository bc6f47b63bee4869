// Demo patient 6: intrahepatic cholangiocarcinoma with BRAF V600E, a ROS1 fusion, and an outside MSI-H result at odds with pMMR/low TMB.
import { coded, concept, condition, patient, transaction } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { note } from './documents';
import { fusion, mmrIhc, msi, tmb, variant } from './genomics';
import { iccReports } from './icc-braf-ros1-reports';
import { pastRegimen } from './medications';
import { ecog, labPanel, labTrend } from './observations';
import type { PatientDemo } from './types';

/** Builds patient 6's bundle. */
export function iccBrafRos1(): PatientDemo {
  const P = patient({
    id: 'demo-icc',
    mrn: 'SBX-100206',
    given: 'Rajiv',
    family: 'Menon',
    gender: 'male',
    birthDate: '1964-11-11',
    city: 'Houston',
  });
  const s = { subject: P };
  const primary = condition({
    ...s,
    id: 'demo-icc-intrahepatic-cholangiocarcinoma',
    kind: 'primary',
    code: coded('Intrahepatic cholangiocarcinoma', [SYSTEM.icd10cm, ['C22.1', 'Intrahepatic bile duct carcinoma']]),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver, 'Liver, segments IVa/VIII with satellite nodules'),
    onset: '2025-08-06',
    stage:
      'cT2 cN1 cM0 (stage IIIB), AJCC 8th edition, unresectable (multifocal) at diagnosis; stage IV since lung metastases 09/2026',
  });
  const lung = condition({
    ...s,
    id: 'demo-icc-lung-metastases',
    kind: 'secondary',
    code: concept(SYSTEM.snomed, SNOMED.lungMetastasis, 'Bilateral lung metastases'),
    bodySite: concept(SYSTEM.snomed, SNOMED.lung),
    onset: '2026-09-14',
    primary,
  });
  const outside = msi({
    ...s,
    id: 'demo-icc-msi-outside-2025-08-28',
    date: '2025-08-28',
    status: 'MSI-H (microsatellite instability-high)',
    method: 'PCR fragment analysis (outside reference laboratory)',
    note: 'Reported by an outside laboratory on the 2025 diagnostic biopsy; transcribed from the scanned outside report.',
  });
  const d = '2026-10-20';
  const ngs = [
    variant({
      ...s,
      id: 'demo-icc-braf-v600e',
      date: d,
      gene: 'BRAF',
      dna: 'c.1799T>A',
      protein: 'p.Val600Glu',
      vaf: 0.24,
    }),
    fusion({
      ...s,
      id: 'demo-icc-ros1-fusion',
      date: d,
      genes: ['GOPC', 'ROS1'],
      description: 'GOPC::ROS1 fusion, in frame, ROS1 kinase domain retained (RNA NGS, 412 supporting reads)',
    }),
    tmb({ ...s, id: 'demo-icc-tmb', date: d, value: 2.1 }),
  ];
  const mmr = mmrIhc({ ...s, id: 'demo-icc-mmr-ihc-2026-10-06', date: '2026-10-06' });
  const reports = iccReports(P, { outside, mmr, ngs });
  const gemCis = pastRegimen({
    ...s,
    regimen: 'gem-cis-durva',
    label: 'Gemcitabine + cisplatin + durvalumab, first line, every 21 days (8 cycles)',
    start: '2025-09-08',
    end: '2026-02-23',
    status: 'completed',
    reason: primary,
    drugs: [
      { name: 'gemcitabine', dosage: '1000 mg/m2 IV on days 1 and 8, every 21 days' },
      { name: 'cisplatin', dosage: '25 mg/m2 IV on days 1 and 8, every 21 days' },
    ],
  });
  const durvalumab = pastRegimen({
    ...s,
    regimen: 'durvalumab',
    label: 'Durvalumab with gemcitabine/cisplatin (1500 mg every 21 days), then maintenance 1500 mg every 28 days',
    start: '2025-09-08',
    end: '2026-09-14',
    status: 'stopped',
    statusReason: 'Progressive disease on CT 2026-09-14',
    reason: primary,
    drugs: [
      { name: 'durvalumab', dosage: '1500 mg IV every 21 days with chemotherapy, then every 28 days as maintenance' },
    ],
  });
  const summary = note({
    ...s,
    id: 'demo-icc-summary-2026-11-03',
    kind: 'progress',
    title: 'Oncology progress note: clinical summary for tumor board',
    date: '2026-11-03T11:00:00Z',
    author: 'Medical Oncology (sandbox)',
    related: reports,
    text:
      'Mr Menon is a 61-year-old man with unresectable multifocal intrahepatic cholangiocarcinoma with regional nodes ' +
      '(cT2 cN1 cM0) diagnosed 08/2025. An outside laboratory reported MSI-H on the diagnostic biopsy. He received ' +
      'gemcitabine + cisplatin + durvalumab from 2025-09-08 (8 cycles, partial response, CA 19-9 212 to 58 U/mL) ' +
      'and durvalumab maintenance from 03/2026 until CT 2026-09-14 showed growth of the liver disease and new bilateral ' +
      'lung metastases. A new liver biopsy (2026-09-29) showed the same tumour; in-house MMR immunohistochemistry is ' +
      'proficient, and DNA/RNA NGS found BRAF V600E, a GOPC::ROS1 fusion and TMB 2.1 mutations/Mb. CA 19-9 is now ' +
      '468 U/mL. Residual grade 1 neuropathy and hearing loss from cisplatin; creatinine 1.0 mg/dL. ECOG 1. Questions ' +
      'for tumor board: how to reconcile the biomarker results, and second-line options (BRAF/MEK inhibition, a ROS1 ' +
      'inhibitor, FOLFOX, or a clinical trial).',
  });
  const resources = [
    P,
    primary,
    lung,
    ...labTrend(P, 'ca199', {
      '2025-07-25': 212,
      '2026-01-12': 58,
      '2026-06-08': 95,
      '2026-09-14': 301,
      '2026-10-19': 468,
    }),
    ...labPanel(P, '2026-10-19', {
      cea: 7.2,
      bilirubin: 0.9,
      albumin: 3.6,
      creatinine: 1,
      platelets: 210,
      hemoglobin: 12.1,
    }),
    ecog(P, '2026-10-26', 1),
    outside,
    mmr,
    ...ngs,
    ...reports,
    ...gemCis,
    ...durvalumab,
    summary,
  ];
  return { bundle: transaction(resources), phantoms: [] };
}

// Demo patient 2: RAS/BRAF wild-type metastatic rectal cancer responding to FOLFOX + panitumumab, with skin toxicity.
import { coded, concept, condition, patient, transaction } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { note } from './documents';
import { msi, variant } from './genomics';
import { currentRegimen, MFOLFOX6 } from './medications';
import { ecog, labPanel, labTrend } from './observations';
import { rectalReports } from './rectal-panitumumab-reports';
import type { PatientDemo } from './types';

/** Builds patient 2's bundle (no images: her CT report stands alone). */
export function rectalPanitumumab(): PatientDemo {
  const P = patient({
    id: 'demo-rectal-pmab',
    mrn: 'SBX-100202',
    given: 'Elena',
    family: 'Marquez',
    gender: 'female',
    birthDate: '1971-09-03',
    city: 'Tucson',
  });
  const s = { subject: P };
  const primary = condition({
    ...s,
    id: 'demo-rectal-pmab-rectal-adenocarcinoma',
    kind: 'primary',
    code: coded(
      'Adenocarcinoma of upper rectum',
      [SYSTEM.snomed, SNOMED.rectalCancer],
      [SYSTEM.icd10cm, ['C20', 'Malignant neoplasm of rectum']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.rectum, 'Upper rectum, 11 cm from the anal verge'),
    morphology: concept(SYSTEM.snomed, SNOMED.adenocarcinoma),
    onset: '2026-05-29',
    stage: 'Stage IVB (cT3c cN1 cM1b), AJCC 8th edition; liver and lung metastases',
  });
  const liver = condition({
    ...s,
    id: 'demo-rectal-pmab-liver-metastases',
    kind: 'secondary',
    code: coded(
      'Multiple bilobar liver metastases',
      [SYSTEM.snomed, SNOMED.liverMetastasis],
      [SYSTEM.icd10cm, ['C78.7', 'Secondary malignant neoplasm of liver and intrahepatic bile duct']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.liver),
    onset: '2026-06-03',
    primary,
  });
  const lung = condition({
    ...s,
    id: 'demo-rectal-pmab-lung-metastases',
    kind: 'secondary',
    code: concept(SYSTEM.snomed, SNOMED.lungMetastasis, 'Bilateral lung metastases (2 nodules)'),
    bodySite: concept(SYSTEM.snomed, SNOMED.lung),
    onset: '2026-06-03',
    primary,
  });
  const rash = condition({
    ...s,
    id: 'demo-rectal-pmab-acneiform-rash',
    kind: 'other',
    code: { text: 'Acneiform rash, CTCAE grade 2, due to panitumumab' },
    onset: '2026-07-24',
    note: 'Face, scalp and upper chest; improving on doxycycline and topical hydrocortisone; grade 1 since 2026-09.',
  });
  const date = '2026-06-16';
  const genes = [
    variant({
      ...s,
      id: 'demo-rectal-pmab-kras',
      date,
      gene: 'KRAS',
      present: false,
      note: 'Exons 2, 3 and 4 wild-type',
    }),
    variant({
      ...s,
      id: 'demo-rectal-pmab-nras',
      date,
      gene: 'NRAS',
      present: false,
      note: 'Exons 2, 3 and 4 wild-type',
    }),
    variant({ ...s, id: 'demo-rectal-pmab-braf', date, gene: 'BRAF', present: false, note: 'No BRAF V600 variant' }),
    msi({ ...s, id: 'demo-rectal-pmab-msi', date, status: 'MSS (microsatellite stable)', method: 'NGS' }),
  ];
  const reports = rectalReports(P, { genes });
  const regimen = currentRegimen({
    ...s,
    regimen: 'folfox-pmab',
    label: 'mFOLFOX6 + panitumumab, first line, every 14 days (cycle 1 on 2026-07-06)',
    authoredOn: '2026-07-02',
    reason: primary,
    drugs: [...MFOLFOX6, { name: 'panitumumab', dosage: '6 mg/kg IV over 60 minutes on day 1, every 14 days' }],
  });
  const skinCare = currentRegimen({
    ...s,
    regimen: 'skin-care',
    label: 'Supportive care for panitumumab toxicities (acneiform rash, hypomagnesaemia)',
    authoredOn: '2026-07-27',
    drugs: [
      {
        name: 'doxycycline',
        dosage: '100 mg orally twice daily for 6 weeks, then 100 mg once daily while on panitumumab',
      },
      {
        name: 'hydrocortisone 1% cream',
        key: 'hydrocortisone-cream',
        dosage: 'Apply thinly to face and chest twice daily',
      },
      { name: 'magnesium oxide', dosage: '400 mg orally twice daily (since 2026-10-12 for low magnesium)' },
    ],
  });
  const notes = [
    note({
      ...s,
      id: 'demo-rectal-pmab-skin-toxicity-2026-07-27',
      kind: 'progress',
      title: 'Oncology nursing and physician note: skin toxicity on panitumumab',
      date: '2026-07-27T11:15:00Z',
      author: 'Medical Oncology (sandbox)',
      text:
        'Seen before cycle 2 of mFOLFOX6 + panitumumab. Since day 9 of cycle 1, papulopustular (acneiform) eruption on the ' +
        'face, scalp, upper chest and back covering about 15 % of body surface area, itchy, limiting instrumental activities ' +
        'of daily living: CTCAE grade 2. No superinfection, no fever. Nails and eyes normal. Plan: doxycycline 100 mg twice ' +
        'daily for 6 weeks, hydrocortisone 1 % cream twice daily, alcohol-free emollients, sunscreen SPF 30+ and sun ' +
        'avoidance. Panitumumab continued at full dose; reduce to 80 % if grade 3 recurs. Magnesium 1.9 mg/dL; recheck ' +
        'every cycle because of the risk of hypomagnesaemia.',
    }),
    note({
      ...s,
      id: 'demo-rectal-pmab-summary-2026-11-18',
      kind: 'progress',
      title: 'Oncology progress note: clinical summary for tumor board',
      date: '2026-11-18T09:40:00Z',
      author: 'Medical Oncology (sandbox)',
      related: [reports[2]],
      text:
        'Ms Marquez is a 55-year-old woman with adenocarcinoma of the upper rectum (11 cm from the anal verge) diagnosed ' +
        '05/2026 with multiple bilobar liver metastases and two small lung metastases, stage IVB. The tumour is pMMR/MSS, ' +
        'KRAS, NRAS and BRAF wild-type, and DPYD genotyping was normal. She started mFOLFOX6 + panitumumab on 2026-07-06 ' +
        'and has received 10 cycles. Grade 2 acneiform rash from cycle 1 improved to grade 1 on doxycycline and topical ' +
        'steroid; she now has grade 1 paronychia, grade 1 hypomagnesaemia on oral magnesium and grade 1 oxaliplatin ' +
        'neuropathy. CEA fell from 186 to 8.9 ng/mL and CT 2026-11-16 shows a continued partial response without new ' +
        'lesions. ECOG 0. Questions for tumor board: timing of maintenance with fluorouracil/leucovorin + panitumumab ' +
        'after oxaliplatin, and whether the remaining liver and lung disease could become amenable to local treatment.',
    }),
  ];
  const resources = [
    P,
    primary,
    liver,
    lung,
    rash,
    ...labTrend(P, 'cea', { '2026-06-29': 186, '2026-08-17': 74.5, '2026-09-28': 21.3, '2026-11-09': 8.9 }),
    ...labTrend(P, 'magnesium', { '2026-07-20': 1.9, '2026-10-12': 1.3, '2026-11-09': 1.6 }),
    ...labPanel(P, '2026-11-09', { neutrophils: 2.4, platelets: 178, hemoglobin: 11.6, creatinine: 0.7 }),
    ecog(P, '2026-07-01', 1),
    ecog(P, '2026-11-09', 0),
    ...genes,
    ...reports,
    ...regimen,
    ...skinCare,
    ...notes,
  ];
  return { bundle: transaction(resources), phantoms: [] };
}

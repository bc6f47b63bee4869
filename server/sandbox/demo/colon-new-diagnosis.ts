// Demo patient 3: newly diagnosed descending colon cancer with a biopsy, no MMR/RAS/BRAF yet, and an H&E feature bag.
import type { Specimen } from '@medplum/fhirtypes';
import { encodeNpy, syntheticFeatureBag } from '../../../common/npy/npy';
import { coded, concept, condition, patient, ref, transaction, type WithId } from './builders';
import { SNOMED, SYSTEM } from './codes';
import { featureBagDocument, note, report } from './documents';
import { pastRegimen } from './medications';
import { ecog, labPanel } from './observations';
import type { PatientDemo } from './types';

/** Shape of the feature bag: tiles × features. */
export const FEATURE_BAG_SHAPE: [number, number] = [96, 64];

/** Builds patient 3's bundle. */
export function colonNewDiagnosis(): PatientDemo {
  const P = patient({
    id: 'demo-colon-new',
    mrn: 'SBX-100203',
    given: 'David',
    family: 'Okafor',
    gender: 'male',
    birthDate: '1968-02-21',
    city: 'Columbus',
  });
  const s = { subject: P };
  const primary = condition({
    ...s,
    id: 'demo-colon-new-descending-colon-adenocarcinoma',
    kind: 'primary',
    code: coded(
      'Adenocarcinoma of descending colon',
      [SYSTEM.snomed, SNOMED.colonCancer],
      [SYSTEM.icd10cm, ['C18.6', 'Malignant neoplasm of descending colon']]
    ),
    bodySite: concept(SYSTEM.snomed, SNOMED.descendingColon),
    morphology: concept(SYSTEM.snomed, SNOMED.adenocarcinoma),
    onset: '2026-11-16',
    stage: 'Clinical stage IIIB (cT3 cN1 cM0), AJCC 8th edition; pathological staging pending resection',
  });
  const diabetes = condition({
    ...s,
    id: 'demo-colon-new-type-2-diabetes',
    kind: 'other',
    code: coded(
      'Type 2 diabetes mellitus',
      [SYSTEM.snomed, ['44054006', 'Diabetes mellitus type 2']],
      [SYSTEM.icd10cm, ['E11.9', 'Type 2 diabetes mellitus without complications']]
    ),
    onset: '2023-03-14',
  });
  const anaemia = condition({
    ...s,
    id: 'demo-colon-new-iron-deficiency-anaemia',
    kind: 'other',
    code: coded('Iron deficiency anaemia from chronic blood loss', [
      SYSTEM.icd10cm,
      ['D50.0', 'Iron deficiency anemia secondary to blood loss (chronic)'],
    ]),
    onset: '2026-10-30',
  });
  const specimen: Specimen & WithId = {
    resourceType: 'Specimen',
    id: 'demo-colon-new-biopsy-2026-11-12',
    accessionIdentifier: { system: 'urn:oncoagent:sandbox:accession', value: 'SP26-04881' },
    status: 'available',
    type: { text: 'Colon biopsy, endoscopic (formalin-fixed, paraffin-embedded; block A1)' },
    subject: ref(P),
    receivedTime: '2026-11-12T15:30:00Z',
    collection: {
      collectedDateTime: '2026-11-12T10:05:00Z',
      method: { text: 'Endoscopic forceps biopsy' },
      bodySite: concept(SYSTEM.snomed, SNOMED.descendingColon),
    },
  };
  const pathology = report({
    ...s,
    id: 'demo-colon-new-pathology-2026-11-16',
    kind: 'PAT',
    title: 'Surgical pathology: descending colon biopsy',
    date: '2026-11-12',
    issued: '2026-11-16T13:20:00Z',
    specimen,
    conclusion:
      'Invasive adenocarcinoma, moderately differentiated. Mismatch repair and RAS/BRAF testing not yet performed.',
    text: [
      'SURGICAL PATHOLOGY REPORT (accession SP26-04881)',
      'Specimen: Descending colon, mass at 45 cm, endoscopic biopsies (4 fragments, block A1).',
      'Microscopic: Colonic mucosa with an infiltrating adenocarcinoma forming irregular, angulated and focally cribriform',
      'glands lined by atypical columnar cells, with intraluminal necrotic debris and desmoplastic stroma. No mucinous or',
      'signet-ring component. Lymphovascular invasion cannot be assessed on biopsy.',
      'Diagnosis: Invasive adenocarcinoma, moderately differentiated (G2).',
      'Ancillary studies: Mismatch repair immunohistochemistry and KRAS/NRAS/BRAF testing have not been performed;',
      'block A1 is suitable and can be sent on request. H&E slide A1 scanned for digital review.',
    ].join('\n'),
  });
  const ct = report({
    ...s,
    id: 'demo-colon-new-ct-2026-11-20-report',
    kind: 'RAD',
    title: 'CT chest, abdomen and pelvis with IV contrast',
    date: '2026-11-20',
    issued: '2026-11-20T16:40:00Z',
    conclusion: 'Descending colon tumour with pericolic extension and suspicious nodes; no distant metastases.',
    text: [
      'CT CHEST, ABDOMEN AND PELVIS WITH IV CONTRAST, 2026-11-20',
      'Indication: Biopsy-proven descending colon adenocarcinoma; staging.',
      'Colon: Irregular circumferential wall thickening of the mid descending colon over 5 cm with nodular extension into',
      'the pericolic fat (about 4 mm beyond the muscularis). Three pericolic nodes, largest 11 mm short axis. No obstruction.',
      'Liver: No focal lesion. Peritoneum: No nodularity or ascites. Adrenals, kidneys, pancreas and spleen unremarkable.',
      'Chest: 4 mm solid nodule in the right lower lobe, nonspecific and most likely benign; no other nodules or adenopathy.',
      'IMPRESSION: Descending colon carcinoma, radiologically T3 N1, without distant metastases.',
      'Indeterminate 4 mm right lower lobe nodule: attention on follow-up.',
    ].join('\n'),
  });
  const bag = featureBagDocument({
    ...s,
    id: 'demo-colon-new-he-tile-features',
    date: '2026-11-17T08:00:00Z',
    npy: encodeNpy(FEATURE_BAG_SHAPE, syntheticFeatureBag(20261112, ...FEATURE_BAG_SHAPE)),
    shape: FEATURE_BAG_SHAPE,
    related: [specimen, pathology],
  });
  const consult = note({
    ...s,
    id: 'demo-colon-new-surgical-consult-2026-11-24',
    kind: 'consult',
    title: 'Colorectal surgery consultation',
    date: '2026-11-24T14:00:00Z',
    author: 'Colorectal Surgery (sandbox)',
    related: [pathology, ct],
    text:
      'Referred with a biopsy-proven adenocarcinoma of the descending colon. Two months of looser stools and fatigue; no ' +
      'obstructive symptoms. Type 2 diabetes on metformin, otherwise fit. Abdomen soft, no mass, no hepatomegaly. CT ' +
      'shows a cT3 cN1 tumour without distant disease. Recommend laparoscopic left hemicolectomy with D2/CME ' +
      'lymphadenectomy; tattoo placed at colonoscopy. Request MMR immunohistochemistry on the biopsy now (Lynch ' +
      'syndrome screening; may influence adjuvant therapy). Pre-operative iron.',
  });
  const summary = note({
    ...s,
    id: 'demo-colon-new-summary-2026-11-25',
    kind: 'progress',
    title: 'Oncology progress note: clinical summary for tumor board',
    date: '2026-11-25T09:00:00Z',
    author: 'Medical Oncology (sandbox)',
    related: [pathology, ct, bag],
    text:
      'Mr Okafor is a 58-year-old man with type 2 diabetes who presented with iron-deficiency anaemia (haemoglobin 10.4 ' +
      'g/dL) and change in bowel habit. Colonoscopy on 2026-11-12 found a semi-circumferential mass at 45 cm in the ' +
      'descending colon; biopsies show moderately differentiated adenocarcinoma. Staging CT on 2026-11-20 suggests cT3 ' +
      'cN1 disease without distant metastases (clinical stage IIIB) and an indeterminate 4 mm lung nodule. CEA 6.8 ' +
      'ng/mL. ECOG 0. Mismatch repair/MSI, KRAS/NRAS and BRAF status are not yet known; the scanned H&E slide is ' +
      'available. Plan for tumor board: confirm upfront left hemicolectomy, order MMR immunohistochemistry, and decide ' +
      'which molecular results are needed before adjuvant therapy.',
  });
  const meds = [
    ...pastRegimen({
      ...s,
      regimen: 'diabetes',
      label: 'Long-term medication for type 2 diabetes and cardiovascular prevention',
      start: '2023-04-01',
      status: 'active',
      reason: diabetes,
      drugs: [
        { name: 'metformin', dosage: '1000 mg orally twice daily with meals' },
        { name: 'atorvastatin', dosage: '20 mg orally once daily' },
      ],
    }),
    ...pastRegimen({
      ...s,
      regimen: 'iron',
      label: 'Oral iron for iron deficiency anaemia',
      start: '2026-11-14',
      status: 'active',
      reason: anaemia,
      drugs: [{ name: 'ferrous sulfate', dosage: '325 mg orally once daily' }],
    }),
  ];
  const resources = [
    P,
    primary,
    diabetes,
    anaemia,
    specimen,
    ...labPanel(P, '2026-11-14', { cea: 6.8, hemoglobin: 10.4, platelets: 412, creatinine: 1, albumin: 4.1 }),
    ecog(P, '2026-11-24', 0),
    pathology,
    ct,
    bag,
    consult,
    summary,
    ...meds,
  ];
  return { bundle: transaction(resources), phantoms: [] };
}

// A deterministic synthetic colorectal cancer cohort for registry runs and their benchmark: N patients built with the
// demo builders (patient, condition, labs, ECOG, pathology and CT reports), varied in age, sex, tumour site, stage,
// labs and the wording of the resection report, plus a Group of all of them. The same seed always gives the same data.
import type { Bundle, Group } from '@medplum/fhirtypes';
import { mulberry32 } from '../../../common/random';
import { coded, concept, condition, patient, transaction, type WithId } from '../demo/builders';
import { SNOMED, SYSTEM } from '../demo/codes';
import { report } from '../demo/documents';
import { ecog, labPanel } from '../demo/observations';
import { demoId, withUuids } from '../demo/portable';
import { grossText, type Tumour } from './pathology-text';

/** The readable name of the synthetic Group; its id is `demoId(SYNTHETIC_GROUP)`. */
export const SYNTHETIC_GROUP = 'synthetic-cohort';

const GIVEN = {
  female: ['Anna', 'Maria', 'Grace', 'Leila', 'Sofia', 'Chen', 'Amara', 'Ingrid', 'Priya', 'Rosa'],
  male: ['James', 'Omar', 'Lukas', 'Kenji', 'Mateo', 'Samuel', 'Ravi', 'Piotr', 'Tomas', 'Kwame'],
};
const FAMILY = ['Smith', 'Nguyen', 'Kowalski', 'Okafor', 'Garcia', 'Haddad', 'Larsen', 'Tanaka', 'Moreau', 'Silva'];
const CITIES = ['Columbus', 'Denver', 'Lyon', 'Leeds', 'Porto', 'Osaka', 'Austin', 'Gdansk', 'Accra', 'Tampere'];
const SITES: { key: Tumour['site']; icd: [string, string]; bodySite: readonly [string, string] }[] = [
  { key: 'cecum', icd: ['C18.0', 'Malignant neoplasm of cecum'], bodySite: ['32713005', 'Cecum structure'] },
  {
    key: 'ascending',
    icd: ['C18.2', 'Malignant neoplasm of ascending colon'],
    bodySite: ['9040008', 'Ascending colon structure'],
  },
  { key: 'descending', icd: ['C18.6', 'Malignant neoplasm of descending colon'], bodySite: SNOMED.descendingColon },
  { key: 'sigmoid', icd: ['C18.7', 'Malignant neoplasm of sigmoid colon'], bodySite: SNOMED.sigmoidColon },
  { key: 'rectum', icd: ['C20', 'Malignant neoplasm of rectum'], bodySite: SNOMED.rectum },
];

export interface SyntheticOptions {
  /** Patients (default 1000). */
  count?: number;
  /** PRNG seed (default 20261201). */
  seed?: number;
}

export interface SyntheticCohort {
  /** One transaction Bundle per patient, then one with the Group (UUID ids, PUT entries). */
  bundles: Bundle[];
  /** Patient ids (UUIDs) in Group order. */
  patientIds: string[];
  groupId: string;
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)]!;
const round1 = (n: number) => Math.round(n * 10) / 10;

function onePatient(i: number, r: () => number): WithId[] {
  const id = `syn-${String(i).padStart(5, '0')}`;
  const gender = r() < 0.45 ? 'female' : 'male';
  const age = 38 + Math.floor(r() * 48);
  const site = pick(r, SITES);
  const t = 1 + Math.floor(r() * 4);
  const n = r() < 0.45 ? 0 : r() < 0.6 ? 1 : 2;
  const stage = n === 0 ? (t <= 2 ? 'I' : 'II') : 'III';
  const P = patient({
    id,
    mrn: `SYN-${100000 + i}`,
    given: pick(r, GIVEN[gender]),
    family: pick(r, FAMILY),
    gender,
    birthDate: `${2026 - age}-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`,
    city: pick(r, CITIES),
  });
  const onset = `2026-${String(1 + Math.floor(r() * 10)).padStart(2, '0')}-${String(1 + Math.floor(r() * 28)).padStart(2, '0')}`;
  const primary = condition({
    id: `${id}-primary`,
    subject: P,
    kind: 'primary',
    code: coded(
      site.key === 'rectum' ? 'Adenocarcinoma of rectum' : `Adenocarcinoma of ${site.key} colon`,
      [SYSTEM.snomed, site.key === 'rectum' ? SNOMED.rectalCancer : SNOMED.colonCancer],
      [SYSTEM.icd10cm, site.icd]
    ),
    bodySite: concept(SYSTEM.snomed, site.bodySite),
    morphology: concept(SYSTEM.snomed, SNOMED.adenocarcinoma),
    onset,
    stage: `Pathological stage ${stage} (pT${t} pN${n} cM0), AJCC 8th edition`,
  });
  const tumour: Tumour = {
    site: site.key,
    sizeCm: round1(1.2 + r() * 5),
    t,
    nodes: 12 + Math.floor(r() * 20),
    positive: n === 0 ? 0 : n === 1 ? 1 + Math.floor(r() * 3) : 4 + Math.floor(r() * 5),
    distalCm: round1(2 + r() * 12),
    radialCm: round1(0.1 + r() * 3),
    perforated: r() < 0.05,
    variant: Math.floor(r() * 3),
  };
  const pathology = report({
    id: `${id}-pathology`,
    subject: P,
    kind: 'PAT',
    title: 'Surgical pathology: colorectal resection',
    date: onset,
    issued: `${onset}T15:00:00Z`,
    conclusion: `Adenocarcinoma, pT${t} pN${n} (${tumour.positive}/${tumour.nodes} nodes).`,
    text: grossText(tumour),
  });
  const labs = labPanel(P, onset, {
    cea: round1(1 + r() * (n ? 40 : 8)),
    hemoglobin: round1(9 + r() * 6),
    platelets: Math.round(150 + r() * 300),
    creatinine: round1(0.6 + r() * 0.8),
    albumin: round1(3 + r() * 1.8),
  });
  return [P, primary, ...labs, ecog(P, onset, Math.floor(r() * 3) as 0 | 1 | 2), pathology];
}

/**
 * Builds the cohort.
 * @param options - Size and seed.
 * @returns Bundles (patients, then the Group), the patient ids and the Group id.
 */
export function syntheticCohort(options: SyntheticOptions = {}): SyntheticCohort {
  const count = options.count ?? 1000;
  const r = mulberry32(options.seed ?? 20261201);
  const people = Array.from({ length: count }, (_, i) => onePatient(i + 1, r));
  const group: Group & WithId = {
    resourceType: 'Group',
    id: SYNTHETIC_GROUP,
    identifier: [{ system: 'urn:oncoagent:sandbox:cohort', value: SYNTHETIC_GROUP }],
    active: true,
    type: 'person',
    actual: true,
    name: `Synthetic colorectal cohort (${count} patients)`,
    quantity: count,
    member: people.map((p) => ({ entity: { reference: `Patient/${p[0]!.id}` } })),
  };
  const bundles = withUuids([...people.map(transaction), transaction([group])]);
  return { bundles, patientIds: people.map((p) => demoId(p[0]!.id)), groupId: demoId(SYNTHETIC_GROUP) };
}

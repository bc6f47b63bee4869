// TNM category and stage group Observations aligned with mCODE STU4 (SNOMED CT staging types, AJCC 8th as method,
// focus the primary cancer Condition), shared by the tnm_stage builder and the synoptic lung TNM.
import type { Condition, Observation, Patient, Reference } from '@medplum/fhirtypes';
import { AJCC8_METHOD, MCODE_PROFILE, PROFILE, SYS } from './codes';

export type TnmAxis = 't' | 'n' | 'm';

/** SNOMED CT codes of the staging types mCODE STU4 uses: [generic, clinical, pathologic]. */
const CATEGORY_CODES: Record<TnmAxis, [string, string][]> = {
  t: [
    ['78873005', 'T category'],
    ['399504009', 'cT category'],
    ['384625004', 'pT category'],
  ],
  n: [
    ['277206009', 'N category'],
    ['399534004', 'cN category'],
    ['371494008', 'pN category'],
  ],
  m: [
    ['277208005', 'M category'],
    ['399387003', 'cM category'],
    ['371497001', 'pM category'],
  ],
};
const GROUP_CODES: [string, string][] = [
  ['399390009', 'TNM stage grouping'],
  ['399537006', 'Clinical TNM stage grouping'],
  ['399588009', 'Pathologic TNM stage grouping'],
];

const MCODE_CATEGORY: Record<TnmAxis, string> = {
  t: MCODE_PROFILE.primaryTumorCategory,
  n: MCODE_PROFILE.regionalNodesCategory,
  m: MCODE_PROFILE.distantMetastasesCategory,
};

/** mCODE requires a category: pathologic staging (p, yp…) rests on the specimen, other staging on the exam. */
const categoryOf = (prefix: string | null | undefined) => {
  const [code, display] = prefix?.includes('p') ? ['laboratory', 'Laboratory'] : ['exam', 'Exam'];
  return [{ coding: [{ system: SYS.obsCategory, code, display }] }];
};

const pick = (codes: [string, string][], prefix: string | null | undefined): [string, string] =>
  prefix === 'c' ? codes[1] : prefix === 'p' ? codes[2] : codes[0];
const sct = ([code, display]: [string, string]) => ({ coding: [{ system: SYS.snomed, code, display }], text: display });

/** What every TNM Observation shares. */
export interface TnmBase {
  subject: Reference<Patient>;
  issued: string;
  /** The primary cancer Condition, when known. */
  focus?: Reference<Condition>;
}

/**
 * One T, N or M category Observation (profiles oncoagent-tnm-category and mCODE's T, N or M category).
 * @param axis - t, n or m.
 * @param value - The category as the AJCC table spells it, e.g. "T3", "N1a".
 * @param prefix - c, p, yp… or null; c and p choose the clinical or pathologic staging type.
 * @param base - Subject, issued, focus.
 * @returns The Observation (status preliminary; the plan adds identifier and labels).
 */
export function tnmCategoryObservation(
  axis: TnmAxis,
  value: string,
  prefix: string | null,
  base: TnmBase
): Observation {
  return {
    resourceType: 'Observation',
    meta: { profile: [PROFILE.tnmCategory, MCODE_CATEGORY[axis]] },
    status: 'preliminary',
    category: categoryOf(prefix),
    code: sct(pick(CATEGORY_CODES[axis], prefix)),
    subject: base.subject,
    ...(base.focus ? { focus: [base.focus] } : {}),
    issued: base.issued,
    valueCodeableConcept: { text: `${prefix ?? ''}${value}` },
    method: AJCC8_METHOD,
  };
}

/**
 * The stage group Observation (profile oncoagent-tnm-stage-group, and mCODE's stage group when `focus` is known).
 * @param group - e.g. "IIIB".
 * @param prefixes - The T and N prefixes decide the staging type: both p → pathologic, both c → clinical.
 * @param base - Subject, issued, focus.
 * @param members - References to the T, N and M category Observations.
 * @param rule - The table row that decided, for the note.
 * @returns The Observation.
 */
export function tnmStageGroupObservation(
  group: string,
  prefixes: { t: string | null; n: string | null },
  base: TnmBase,
  members: Reference<Observation>[],
  rule?: string
): Observation {
  const type = prefixes.t === prefixes.n ? prefixes.t : null;
  return {
    resourceType: 'Observation',
    // mCODE's stage group requires the primary cancer as focus: without it the Observation claims ours only.
    meta: { profile: base.focus ? [PROFILE.tnmStageGroup, MCODE_PROFILE.stageGroup] : [PROFILE.tnmStageGroup] },
    status: 'preliminary',
    category: categoryOf(type),
    code: sct(pick(GROUP_CODES, type)),
    subject: base.subject,
    ...(base.focus ? { focus: [base.focus] } : {}),
    issued: base.issued,
    valueCodeableConcept: { text: group },
    method: AJCC8_METHOD,
    ...(rule ? { note: [{ text: rule }] } : {}),
    ...(members.length ? { hasMember: members } : {}),
  };
}

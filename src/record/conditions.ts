// Decides which Conditions are cancers, which one is the primary and which are metastases (mCODE first).
import type { Condition } from '@medplum/fhirtypes';
import { conceptText } from './format';

const MCODE = 'http://hl7.org/fhir/us/mcode/StructureDefinition/';
export const PRIMARY_CANCER_PROFILE = `${MCODE}mcode-primary-cancer-condition`;
export const SECONDARY_CANCER_PROFILE = `${MCODE}mcode-secondary-cancer-condition`;

const CANCER_WORDS = /cancer|carcinoma|neoplas|malignan|tumou?r|lymphoma|leuka?emia|sarcoma|melanoma|myeloma|blastoma/i;
const METASTASIS_WORDS = /metasta|secondary malignant/i;
const ICD10 = /icd-?10/i;

function hasProfile(condition: Condition, profile: string): boolean {
  return condition.meta?.profile?.some((p) => p === profile || p.startsWith(`${profile}|`)) ?? false;
}

function icd10Codes(condition: Condition): string[] {
  return (condition.code?.coding ?? [])
    .filter((c) => c.system && ICD10.test(c.system) && c.code)
    .map((c) => (c.code ?? '').toUpperCase());
}

/**
 * Whether a Condition is a cancer: an mCODE cancer profile, an ICD-10 neoplasm code (C00–D49), or cancer words.
 * @param condition - The Condition.
 * @returns True for cancer-like conditions.
 */
export function isCancer(condition: Condition): boolean {
  if (hasProfile(condition, PRIMARY_CANCER_PROFILE) || hasProfile(condition, SECONDARY_CANCER_PROFILE)) {
    return true;
  }
  if (icd10Codes(condition).some((code) => /^C\d|^D[0-4]\d/.test(code))) {
    return true;
  }
  const words = [conceptText(condition.code), ...(condition.code?.coding ?? []).map((c) => c.display)].join(' ');
  return CANCER_WORDS.test(words);
}

/**
 * Whether a Condition is a metastasis (secondary cancer): mCODE secondary profile, ICD-10 C77–C79, or its wording.
 * @param condition - The Condition.
 * @returns True for metastases.
 */
export function isMetastasis(condition: Condition): boolean {
  if (hasProfile(condition, SECONDARY_CANCER_PROFILE)) {
    return true;
  }
  if (icd10Codes(condition).some((code) => /^C7[7-9]/.test(code))) {
    return true;
  }
  const words = [conceptText(condition.code), ...(condition.code?.coding ?? []).map((c) => c.display)].join(' ');
  return METASTASIS_WORDS.test(words);
}

/**
 * The clinical status code ("active", "remission", …), or undefined when not recorded.
 * @param condition - The Condition.
 * @returns The code.
 */
export function clinicalStatus(condition: Condition): string | undefined {
  return condition.clinicalStatus?.coding?.[0]?.code ?? condition.clinicalStatus?.text;
}

function isActive(condition: Condition): boolean {
  const status = clinicalStatus(condition);
  return status === undefined || status === 'active' || status === 'recurrence' || status === 'relapse';
}

/**
 * The primary cancer: the Condition with the mCODE primary cancer profile, else the first active
 * cancer-like Condition that is not a metastasis.
 * @param conditions - All the patient's Conditions.
 * @returns The primary cancer, or undefined.
 */
export function primaryCancer(conditions: Condition[]): Condition | undefined {
  const profiled = conditions.find((c) => hasProfile(c, PRIMARY_CANCER_PROFILE));
  if (profiled) {
    return profiled;
  }
  return conditions.find((c) => isActive(c) && isCancer(c) && !isMetastasis(c));
}

/**
 * Orders Conditions for the problem list: the primary cancer first, other cancers next, then by onset, newest first.
 * @param conditions - All the patient's Conditions.
 * @returns A new, sorted array.
 */
export function sortProblems(conditions: Condition[]): Condition[] {
  const primary = primaryCancer(conditions);
  const rank = (c: Condition): number => (c === primary ? 0 : isCancer(c) ? 1 : 2);
  const onset = (c: Condition): string => c.onsetDateTime ?? c.onsetPeriod?.start ?? c.recordedDate ?? '';
  return [...conditions].sort((a, b) => rank(a) - rank(b) || onset(b).localeCompare(onset(a)));
}

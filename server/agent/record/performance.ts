// Performance status however the record holds it: ECOG/WHO or Karnofsky as a coded Observation (LOINC, SNOMED or only a
// worded code), as a value written in words ("ECOG 1", "KPS 80 %"), or in a clinic note. Scores need the grade, not the
// shape it was recorded in; ranges ("ECOG 0–1", an eligibility criterion) state no patient's grade and are skipped.
import type { Observation } from '@medplum/fhirtypes';
import { conceptText, hasCode, keyOf, LOINC } from './text';
import type { RecordText } from './texts';

export interface Performance {
  ref: string;
  value: number;
}

const SNOMED = 'http://snomed.info/sct';
/** ECOG: LOINC 89247-1 (ECOG performance status score), SNOMED 423740007 (ECOG performance status). */
const ECOG_CODES = { loinc: ['89247-1', '89262-0'], snomed: ['423740007'] };
const KPS_CODES = { loinc: ['89243-0'], snomed: ['273546003'] };
const ECOG_NAME = /\b(ECOG|Zubrod|WHO performance|WHO PS)\b|^performance status$/i;
const KPS_NAME = /karnofsky|\bKPS\b/i;

const ECOG_TEXT =
  /\b(?:(?:ECOG|Zubrod)(?:\s*(?:performance\s+status|PS))?|WHO\s*(?:performance\s+status|PS))\s*(?:score\s*)?(?:of|is|was|:|=)?\s*([0-4])\b(?!\s*(?:[-–/]|to\b|or\b)\s*\d)|\bperformance status\s*(?:\((?:ECOG|WHO)\)\s*)?(?:of|is|was|:|=)?\s*([0-4])\b(?!\s*(?:[-–/]|to\b|or\b)\s*\d)/i;
const KPS_TEXT =
  /\b(?:Karnofsky(?:\s+performance)?(?:\s+(?:status|score|index))?|KPS)\s*(?:of|is|was|:|=)?\s*(\d{2,3})\s*%?(?!\s*(?:[-–/]|to\b)\s*\d)/i;

const newestFirst = (a: Observation, b: Observation): number =>
  (b.effectiveDateTime ?? '').localeCompare(a.effectiveDateTime ?? '');

function observationValue(o: Observation, grade: RegExp): number | undefined {
  if (o.valueInteger !== undefined) return o.valueInteger;
  if (typeof o.valueQuantity?.value === 'number') return o.valueQuantity.value;
  const coded = o.valueCodeableConcept?.coding?.map((c) => c.code).find((c) => c !== undefined && /^\d{1,3}$/.test(c));
  if (coded) return Number(coded);
  const written = grade.exec(o.valueString ?? conceptText(o.valueCodeableConcept));
  return written ? Number(written[1]) : undefined;
}

function fromObservations(
  observations: Observation[],
  codes: { loinc: string[]; snomed: string[] },
  name: RegExp,
  grade: RegExp,
  valid: (v: number) => boolean
): Performance | undefined {
  const found = observations
    .filter((o) => o.status !== 'entered-in-error')
    .filter(
      (o) =>
        hasCode(o.code, codes.loinc, LOINC) || hasCode(o.code, codes.snomed, SNOMED) || name.test(conceptText(o.code))
    )
    .sort(newestFirst)
    .map((o) => ({ ref: keyOf(o), value: observationValue(o, grade) }))
    .find((p): p is Performance => p.value !== undefined && valid(p.value));
  return found;
}

function fromTexts(
  texts: readonly RecordText[],
  pattern: RegExp,
  valid: (v: number) => boolean
): Performance | undefined {
  const ordered = [...texts].reverse().sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
  for (const { ref, text } of ordered) {
    const m = pattern.exec(text);
    const value = m ? Number(m[1] ?? m[2]) : Number.NaN;
    if (valid(value)) return { ref, value };
  }
  return undefined;
}

const isEcog = (v: number): boolean => Number.isInteger(v) && v >= 0 && v <= 4;
const isKps = (v: number): boolean => Number.isInteger(v) && v >= 0 && v <= 100 && v % 10 === 0;

/**
 * The newest ECOG/WHO performance status: coded or worded Observations first, then record text.
 * @param observations - The record's Observations.
 * @param texts - The record's texts (notes, reports).
 * @returns The grade 0–4 with where it was read, or undefined.
 */
export function readEcogStatus(observations: Observation[], texts: readonly RecordText[]): Performance | undefined {
  const grade = /\b([0-4])\b/;
  return fromObservations(observations, ECOG_CODES, ECOG_NAME, grade, isEcog) ?? fromTexts(texts, ECOG_TEXT, isEcog);
}

/**
 * The newest Karnofsky performance status (0–100 in steps of 10): Observations first, then record text.
 * @param observations - The record's Observations.
 * @param texts - The record's texts.
 * @returns The status with where it was read, or undefined.
 */
export function readKarnofsky(observations: Observation[], texts: readonly RecordText[]): Performance | undefined {
  const grade = /\b(\d{2,3})\b/;
  return fromObservations(observations, KPS_CODES, KPS_NAME, grade, isKps) ?? fromTexts(texts, KPS_TEXT, isKps);
}

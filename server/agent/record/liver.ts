// Liver function and performance status from structured Observations (LOINC-coded labs with units, coded exam
// findings), plus the HCC tumour burden BCLC needs, for the liver scores.
import type { Condition, Observation } from '@medplum/fhirtypes';
import type { RecordTnm } from './staging';
import { conceptText, hasCode, keyOf, LOINC } from './text';

export interface Lab {
  ref: string;
  value: number;
  unit: string;
  date?: string;
}
export interface Graded<G extends string> {
  ref: string;
  grade: G;
  text: string;
}

export interface LiverFunction {
  bilirubin?: Lab;
  albumin?: Lab;
  inr?: Lab;
  ascites?: Graded<'none' | 'mild' | 'moderate_severe'>;
  encephalopathy?: Graded<'none' | 'grade_1_2' | 'grade_3_4'>;
}

const LABS = {
  bilirubin: { codes: ['1975-2', '42719-5', '14631-6'], text: /\bbilirubin\b(?!.*(direct|conjugated))/i },
  albumin: { codes: ['1751-7', '61151-7', '2862-1', '61152-5'], text: /^(serum )?albumin\b/i },
  inr: { codes: ['6301-6', '34714-6', '46418-0', '38875-1'], text: /\bINR\b/ },
} as const;

/** Units the scores accept, by the spellings labs send; anything else is skipped, never guessed. */
const UNITS: Record<string, string> = {
  'mg/dl': 'mg/dL',
  'umol/l': 'µmol/L',
  'µmol/l': 'µmol/L',
  'μmol/l': 'µmol/L',
  'g/dl': 'g/dL',
  'g/l': 'g/L',
  '{inr}': '',
  inr: '',
  '1': '',
  '': '',
};

const newestFirst = (a: Observation, b: Observation): number =>
  (b.effectiveDateTime ?? '').localeCompare(a.effectiveDateTime ?? '');

function latest(observations: Observation[], match: (o: Observation) => boolean): Observation | undefined {
  return observations.filter((o) => o.status !== 'entered-in-error' && match(o)).sort(newestFirst)[0];
}

function readLab(observations: Observation[], key: keyof typeof LABS): Lab | undefined {
  const def = LABS[key];
  const obs = latest(
    observations,
    (o) =>
      typeof o.valueQuantity?.value === 'number' &&
      (hasCode(o.code, def.codes, LOINC) || def.text.test(conceptText(o.code)))
  );
  const q = obs?.valueQuantity;
  const unit = UNITS[(q?.code ?? q?.unit ?? '').toLowerCase()];
  if (!obs || q?.value === undefined || unit === undefined) return undefined;
  if (key === 'inr' ? unit !== '' : unit === '') return undefined;
  return { ref: keyOf(obs), value: q.value, unit, date: obs.effectiveDateTime };
}

function graded<G extends string>(
  observations: Observation[],
  code: RegExp,
  grade: (text: string) => G | undefined
): Graded<G> | undefined {
  const obs = latest(observations, (o) => code.test(conceptText(o.code)));
  const text = obs ? (obs.valueString ?? conceptText(obs.valueCodeableConcept)) : '';
  const g = text ? grade(text) : undefined;
  return obs && g ? { ref: keyOf(obs), grade: g, text } : undefined;
}

function ascitesGrade(text: string): 'none' | 'mild' | 'moderate_severe' | undefined {
  if (/^\s*(none|absent|no\b)/i.test(text)) return 'none';
  if (/moderate|severe|tense|large|refractory|grade\s*(2|3)/i.test(text)) return 'moderate_severe';
  if (/mild|slight|small|minimal|controlled|grade\s*1/i.test(text)) return 'mild';
  return undefined;
}

function encephalopathyGrade(text: string): 'none' | 'grade_1_2' | 'grade_3_4' | undefined {
  if (/^\s*(none|absent|no\b)|grade\s*0/i.test(text)) return 'none';
  if (/grade\s*(3|4|III|IV)\b|severe|coma/i.test(text)) return 'grade_3_4';
  if (/grade\s*(1|2|I|II)\b|mild|moderate|minimal|covert/i.test(text)) return 'grade_1_2';
  return undefined;
}

/**
 * The newest liver-function values of a record.
 * @param observations - The record's Observations.
 * @returns Whatever could be read unambiguously (with units) among bilirubin, albumin, INR, ascites, encephalopathy.
 */
export function readLiverFunction(observations: Observation[]): LiverFunction {
  const bilirubin = readLab(observations, 'bilirubin');
  const albumin = readLab(observations, 'albumin');
  const inr = readLab(observations, 'inr');
  const ascites = graded(observations, /ascites/i, ascitesGrade);
  const encephalopathy = graded(observations, /encephalopathy/i, encephalopathyGrade);
  return {
    ...(bilirubin ? { bilirubin } : {}),
    ...(albumin ? { albumin } : {}),
    ...(inr ? { inr } : {}),
    ...(ascites ? { ascites } : {}),
    ...(encephalopathy ? { encephalopathy } : {}),
  };
}

/** The newest ECOG performance status (LOINC 89247-1). */
export function readEcog(observations: Observation[]): { ref: string; value: number } | undefined {
  const obs = latest(observations, (o) => hasCode(o.code, ['89247-1'], LOINC));
  const value = obs?.valueInteger ?? obs?.valueQuantity?.value ?? Number(obs?.valueCodeableConcept?.coding?.[0]?.code);
  return obs && Number.isInteger(value) && value >= 0 && value <= 4 ? { ref: keyOf(obs), value } : undefined;
}

export interface HccBurden {
  tumourCount: number;
  largestTumourCm: number;
  vascularInvasion: boolean;
  extrahepaticSpread: boolean;
}

/**
 * HCC burden for BCLC from the primary's stage summary and TNM: nodule count and size as written there
 * ("single 44 mm tumour"), macrovascular invasion = T4, extrahepatic spread = N1 or M1.
 * @param primary - The HCC condition.
 * @param tnm - Its TNM categories.
 * @returns The burden, or undefined when any part is not stated.
 */
export function readHccBurden(primary: Condition, tnm: RecordTnm | undefined): HccBurden | undefined {
  if (!tnm) return undefined;
  const text = (primary.stage ?? []).map((s) => conceptText(s.summary)).join(' ');
  const counted = /\b(\d{1,2})\s+(?:nodules|tumou?rs|lesions)\b/i.exec(text);
  const count = /\b(single|solitary|unifocal)\b/i.test(text) ? 1 : counted ? Number(counted[1]) : undefined;
  const size = /(\d+(?:\.\d+)?)\s*(mm|cm)\b/i.exec(text);
  if (!count || !size) return undefined;
  const cm = size[2]!.toLowerCase() === 'mm' ? Number(size[1]) / 10 : Number(size[1]);
  return {
    tumourCount: count,
    largestTumourCm: cm,
    vascularInvasion: /^T4/.test(tnm.t.replace(/^[a-z]+/, '')),
    extrahepaticSpread: /^N1/.test(tnm.n.replace(/^[a-z]+/, '')) || /^M1/.test(tnm.m.replace(/^[a-z]+/, '')),
  };
}

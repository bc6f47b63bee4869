// Liver function from structured Observations (LOINC-coded labs with units, coded exam findings), for the liver
// scores (performance status: performance.ts; the HCC tumour burden: hcc-burden.ts).
import type { Observation } from '@medplum/fhirtypes';
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
  '{ratio}': '',
  ratio: '',
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

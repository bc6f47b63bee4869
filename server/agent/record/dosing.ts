// What dose calculations and performance conversions need from a record: serum creatinine (with its unit), body
// weight, age, sex (and the Karnofsky status readFacts adds). Structured Observations only; nothing is guessed.
import type { Observation, Patient } from '@medplum/fhirtypes';
import { conceptText, datePart, hasCode, keyOf, LOINC } from './text';

export interface DosingFacts {
  creatinine?: { ref: string; value: number; unit: 'mg/dL' | 'µmol/L' };
  weightKg?: { ref: string; value: number };
  /** Body height in cm (for the body surface area of per-m² doses). */
  heightCm?: { ref: string; value: number };
  ageYears?: number;
  sex?: 'male' | 'female';
  /** Read with the record's text (performance.ts), so set by readFacts. */
  karnofsky?: { ref: string; value: number };
}

const newest = (obs: Observation[], match: (o: Observation) => boolean): Observation | undefined =>
  obs
    .filter((o) => o.status !== 'entered-in-error' && match(o))
    .sort((a, b) => (b.effectiveDateTime ?? '').localeCompare(a.effectiveDateTime ?? ''))[0];

function creatinine(obs: Observation[]): DosingFacts['creatinine'] {
  const o = newest(
    obs,
    (x) =>
      typeof x.valueQuantity?.value === 'number' &&
      (hasCode(x.code, ['2160-0', '14682-9', '38483-4'], LOINC) ||
        /^(serum )?creatinine\b(?!.*clearance)/i.test(conceptText(x.code)))
  );
  const unit = (o?.valueQuantity?.code ?? o?.valueQuantity?.unit ?? '').toLowerCase();
  const u = unit === 'mg/dl' ? 'mg/dL' : /^[uµμ]mol\/l$/.test(unit) ? 'µmol/L' : undefined;
  return o && u ? { ref: keyOf(o), value: o.valueQuantity!.value!, unit: u } : undefined;
}

function weight(obs: Observation[]): DosingFacts['weightKg'] {
  const o = newest(
    obs,
    (x) =>
      (hasCode(x.code, ['29463-7', '3141-9', '8335-2', '8350-1'], LOINC) ||
        /^(body )?weight\b/i.test(conceptText(x.code))) &&
      typeof x.valueQuantity?.value === 'number'
  );
  const unit = (o?.valueQuantity?.code ?? o?.valueQuantity?.unit ?? '').toLowerCase();
  if (!o) return undefined;
  const v = o.valueQuantity!.value!;
  const kg = unit === 'kg' ? v : unit === 'g' ? v / 1000 : /^(\[lb_av\]|lbs?)$/.test(unit) ? v * 0.45359237 : undefined;
  return kg ? { ref: keyOf(o), value: kg } : undefined;
}

function height(obs: Observation[]): DosingFacts['heightCm'] {
  const o = newest(
    obs,
    (x) =>
      (hasCode(x.code, ['8302-2', '8306-3', '8308-9'], LOINC) || /^(body )?height\b/i.test(conceptText(x.code))) &&
      typeof x.valueQuantity?.value === 'number'
  );
  if (!o) return undefined;
  const v = o.valueQuantity!.value!;
  const unit = (o.valueQuantity?.code ?? o.valueQuantity?.unit ?? '').toLowerCase();
  const cm = unit === 'cm' ? v : unit === 'm' ? v * 100 : /^(\[in_i\]|in)$/.test(unit) ? v * 2.54 : undefined;
  return cm ? { ref: keyOf(o), value: Math.round(cm * 10) / 10 } : undefined;
}

function age(patient: Patient, today: string): number | undefined {
  const birth = datePart(patient.birthDate);
  if (!birth || birth.length < 10) return undefined;
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < m || (tm === m && td < d) ? 1 : 0);
}

/**
 * Reads the dosing and performance facts of a record.
 * @param patient - The patient (age, sex).
 * @param observations - The record's Observations.
 * @param today - The date to count age at (YYYY-MM-DD).
 * @returns Whatever is recorded unambiguously.
 */
export function readDosing(patient: Patient, observations: Observation[], today: string): DosingFacts {
  const c = creatinine(observations);
  const w = weight(observations);
  const h = height(observations);
  const a = age(patient, today);
  const sex = patient.gender === 'male' || patient.gender === 'female' ? patient.gender : undefined;
  return {
    ...(c ? { creatinine: c } : {}),
    ...(w ? { weightKg: w } : {}),
    ...(h ? { heightCm: h } : {}),
    ...(a !== undefined ? { ageYears: a } : {}),
    ...(sex ? { sex } : {}),
  };
}

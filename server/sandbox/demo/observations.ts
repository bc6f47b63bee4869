// Observation builders: one generic final Observation, lab panels with reference ranges, and ECOG status.
import type { CodeableConcept, Observation, ObservationComponent, Patient, Specimen } from '@medplum/fhirtypes';
import { concept, ref, type WithId } from './builders';
import { LAB, type LabDef, type LabKey, LOINC, PROFILE, SYSTEM } from './codes';

/** Inputs shared by every Observation builder. */
export interface ObservationInput {
  id: string;
  subject: Patient & WithId;
  date: string;
  category: keyof typeof CATEGORY_DISPLAY;
  code: CodeableConcept;
  value?: Pick<Observation, 'valueQuantity' | 'valueCodeableConcept' | 'valueString' | 'valueInteger'>;
  component?: ObservationComponent[];
  profile?: string;
  interpretation?: string;
  note?: string;
  specimen?: Specimen & WithId;
}

const CATEGORY_DISPLAY = {
  laboratory: 'Laboratory',
  'vital-signs': 'Vital Signs',
  survey: 'Survey',
  imaging: 'Imaging',
  exam: 'Exam',
} as const;

/** A final Observation. */
export function observation(o: ObservationInput): Observation & WithId {
  return {
    resourceType: 'Observation',
    id: o.id,
    ...(o.profile ? { meta: { profile: [o.profile] } } : {}),
    status: 'final',
    category: [concept(SYSTEM.observationCategory, [o.category, CATEGORY_DISPLAY[o.category]])],
    code: o.code,
    subject: ref(o.subject),
    effectiveDateTime: o.date,
    ...o.value,
    ...(o.interpretation ? { interpretation: [{ text: o.interpretation }] } : {}),
    ...(o.note ? { note: [{ text: o.note }] } : {}),
    ...(o.specimen ? { specimen: ref(o.specimen) } : {}),
    ...(o.component ? { component: o.component } : {}),
  };
}

/**
 * Lab results for one patient, one Observation per [analyte, date, value], id `${prefix}-${analyte}-${date}`.
 * @param subject - The patient; its id is the id prefix.
 * @param rows - [analyte key, YYYY-MM-DD, value].
 * @returns Observations with LOINC codes, UCUM units, reference ranges and H/L flags.
 */
export function labs(subject: Patient & WithId, rows: [LabKey, string, number][]): (Observation & WithId)[] {
  return rows.map(([key, date, value]) => {
    const def: LabDef = LAB[key];
    const flag =
      def.high !== undefined && value > def.high ? 'H' : def.low !== undefined && value < def.low ? 'L' : 'N';
    const obs = observation({
      id: `${subject.id}-${key}-${date}`,
      subject,
      date,
      category: 'laboratory',
      code: concept(SYSTEM.loinc, [def.code, def.display]),
      value: { valueQuantity: { value, unit: def.ucum, system: SYSTEM.ucum, code: def.ucum } },
      profile: def.tumorMarker ? PROFILE.tumorMarker : undefined,
    });
    obs.referenceRange = [
      {
        ...(def.low !== undefined
          ? { low: { value: def.low, unit: def.ucum, system: SYSTEM.ucum, code: def.ucum } }
          : {}),
        ...(def.high !== undefined
          ? { high: { value: def.high, unit: def.ucum, system: SYSTEM.ucum, code: def.ucum } }
          : {}),
      },
    ];
    const display = { H: 'High', L: 'Low', N: 'Normal' }[flag];
    obs.interpretation = [concept(SYSTEM.interpretation, [flag, display])];
    return obs;
  });
}

const ECOG_TEXT = [
  'Fully active, able to carry on all pre-disease performance without restriction',
  'Restricted in physically strenuous activity but ambulatory and able to carry out work of a light or sedentary nature',
  'Ambulatory and capable of all selfcare but unable to carry out any work activities; up and about more than 50% of waking hours',
  'Capable of only limited selfcare; confined to bed or chair more than 50% of waking hours',
  'Completely disabled; cannot carry on any selfcare; totally confined to bed or chair',
];

/** An mCODE ECOG performance status Observation, id `${patient}-ecog-${date}`. */
export function ecog(subject: Patient & WithId, date: string, score: 0 | 1 | 2 | 3 | 4): Observation & WithId {
  return observation({
    id: `${subject.id}-ecog-${date}`,
    subject,
    date,
    category: 'survey',
    code: concept(SYSTEM.loinc, LOINC.ecog),
    value: { valueInteger: score },
    interpretation: `ECOG ${score}: ${ECOG_TEXT[score]}`,
    profile: PROFILE.ecog,
  });
}

/** Several analytes measured on one date, e.g. `labPanel(p, '2026-11-09', { platelets: 162, creatinine: 0.9 })`. */
export function labPanel(subject: Patient & WithId, date: string, values: Partial<Record<LabKey, number>>) {
  return labs(
    subject,
    Object.entries(values).map(([key, value]) => [key as LabKey, date, value as number])
  );
}

/** One analyte over time, e.g. `labTrend(p, 'cea', { '2026-08-14': 48.2, '2026-11-09': 93.7 })`. */
export function labTrend(subject: Patient & WithId, key: LabKey, values: Record<string, number>) {
  return labs(
    subject,
    Object.entries(values).map(([date, value]) => [key, date, value])
  );
}

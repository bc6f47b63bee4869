// Sorts Observations into the patient view's sections (genomics, MSI, MMR, TMB, tumor markers, ECOG, labs).
import type { Observation } from '@medplum/fhirtypes';
import { conceptText, formatQuantity, hasCoding, LOINC } from './format';

/** The section of the patient view an Observation belongs to. */
export type ObservationKind = 'variant' | 'msi' | 'mmr' | 'tmb' | 'tumor-marker' | 'ecog' | 'lab' | 'other';

export const VARIANT_PROFILE = 'http://hl7.org/fhir/uv/genomics-reporting/StructureDefinition/variant';

/** The tumor markers followed over time, by LOINC code. */
export const TUMOR_MARKERS: Record<string, string> = { '2039-6': 'CEA', '24108-3': 'CA 19-9', '1834-1': 'AFP' };

function codeWords(obs: Observation): string {
  return [conceptText(obs.code), ...(obs.code.coding ?? []).map((c) => c.display)].join(' ');
}

function isLoinc(obs: Observation, code: string): boolean {
  return hasCoding(obs.code, LOINC, code);
}

/**
 * Assigns an Observation to one section of the view; genomic variants win over every other reading.
 * @param obs - The Observation.
 * @returns Its kind.
 */
export function classifyObservation(obs: Observation): ObservationKind {
  const words = codeWords(obs);
  if (obs.meta?.profile?.some((p) => p.startsWith(VARIANT_PROFILE)) || isLoinc(obs, '69548-6')) {
    return 'variant';
  }
  if (isLoinc(obs, '81695-9') || /microsatellite instab/i.test(words)) {
    return 'msi';
  }
  if (/mismatch repair|\bMMR\b|\b(MLH1|MSH2|MSH6|PMS2)\b/i.test(words)) {
    return 'mmr';
  }
  if (isLoinc(obs, '94076-7') || /tumou?r mutation(al)? burden|\bTMB\b/i.test(words)) {
    return 'tmb';
  }
  if (Object.keys(TUMOR_MARKERS).some((code) => isLoinc(obs, code))) {
    return 'tumor-marker';
  }
  if (isLoinc(obs, '89247-1') || /\bECOG\b/i.test(words)) {
    return 'ecog';
  }
  const lab = obs.category?.some((c) => c.coding?.some((coding) => coding.code === 'laboratory'));
  return lab ? 'lab' : 'other';
}

/**
 * The clinically relevant date of an Observation: effective time, else issued.
 * @param obs - The Observation.
 * @returns An ISO date/dateTime, or undefined.
 */
export function observationDate(obs: Observation): string | undefined {
  return obs.effectiveDateTime ?? obs.effectivePeriod?.start ?? obs.effectiveInstant ?? obs.issued;
}

/**
 * Formats any Observation value[x] (or its data-absent reason) as text.
 * @param obs - The Observation (or one of its components).
 * @returns The value text, or undefined when there is none.
 */
export function observationValue(obs: Omit<Observation, 'resourceType' | 'status' | 'code'>): string | undefined {
  if (obs.valueQuantity) {
    return formatQuantity(obs.valueQuantity);
  }
  if (obs.valueCodeableConcept) {
    return conceptText(obs.valueCodeableConcept);
  }
  if (obs.valueString !== undefined) {
    return obs.valueString;
  }
  if (obs.valueInteger !== undefined) {
    return String(obs.valueInteger);
  }
  if (obs.valueBoolean !== undefined) {
    return obs.valueBoolean ? 'yes' : 'no';
  }
  if (obs.valueRange) {
    return `${formatQuantity(obs.valueRange.low) ?? '?'} – ${formatQuantity(obs.valueRange.high) ?? '?'}`;
  }
  if (obs.valueRatio) {
    return `${formatQuantity(obs.valueRatio.numerator) ?? '?'} / ${formatQuantity(obs.valueRatio.denominator) ?? '?'}`;
  }
  if (obs.valueDateTime) {
    return obs.valueDateTime;
  }
  const absent = conceptText(obs.dataAbsentReason);
  return absent ? `(${absent})` : undefined;
}

/**
 * The numeric value of an Observation, for trends.
 * @param obs - The Observation.
 * @returns The number, or undefined.
 */
export function numericValue(obs: Observation): number | undefined {
  return obs.valueQuantity?.value ?? obs.valueInteger;
}

/**
 * Groups Observations by code (first LOINC code, else first coding, else text), each group newest first.
 * @param observations - The Observations to group.
 * @returns Map from code key to the group, in first-seen order.
 */
export function groupByCode(observations: Observation[]): Map<string, Observation[]> {
  const groups = new Map<string, Observation[]>();
  for (const obs of observations) {
    const coding = obs.code.coding?.find((c) => c.system === LOINC) ?? obs.code.coding?.[0];
    const key = coding?.code ? `${coding.system ?? ''}|${coding.code}` : (conceptText(obs.code) ?? 'unknown');
    groups.set(key, [...(groups.get(key) ?? []), obs]);
  }
  const byDateDesc = (a: Observation, b: Observation): number =>
    (observationDate(b) ?? '').localeCompare(observationDate(a) ?? '');
  for (const group of groups.values()) {
    group.sort(byDateDesc);
  }
  return groups;
}

// Age shown in the patient banner, computed from a FHIR birthDate that may be partial ("1960", "1960-04").
import type { Patient } from '@medplum/fhirtypes';

/**
 * Computes whole years of age at a given day, counting a partial birthDate from its earliest day.
 * @param birthDate - FHIR date: YYYY, YYYY-MM or YYYY-MM-DD.
 * @param at - The day to compute the age at (defaults to now).
 * @returns The age in whole years, or undefined when the date is missing, malformed or in the future.
 */
export function ageInYears(birthDate: string | undefined, at: Date = new Date()): number | undefined {
  const match = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(birthDate ?? '');
  if (!match) {
    return undefined;
  }
  const year = Number(match[1]);
  const month = match[2] ? Number(match[2]) : 1;
  const day = match[3] ? Number(match[3]) : 1;
  let age = at.getFullYear() - year;
  const beforeBirthday = at.getMonth() + 1 < month || (at.getMonth() + 1 === month && at.getDate() < day);
  if (beforeBirthday) {
    age -= 1;
  }
  return age >= 0 ? age : undefined;
}

/**
 * The banner's age label: "64 y", "deceased (2023-01-02)", or "age unknown".
 * @param patient - The Patient.
 * @param at - The day to compute the age at.
 * @returns The label.
 */
export function ageLabel(patient: Patient, at: Date = new Date()): string {
  if (patient.deceasedDateTime) {
    return `deceased ${patient.deceasedDateTime.slice(0, 10)}`;
  }
  if (patient.deceasedBoolean) {
    return 'deceased';
  }
  const age = ageInYears(patient.birthDate, at);
  return age === undefined ? 'age unknown' : `${age} y`;
}

/**
 * The medical record number: the identifier typed MR (HL7 v2-0203), else the first identifier.
 * @param patient - The Patient.
 * @returns The MRN value, or undefined.
 */
export function medicalRecordNumber(patient: Patient): string | undefined {
  const ids = patient.identifier ?? [];
  const mr = ids.find((id) => id.type?.coding?.some((c) => c.code === 'MR'));
  return (mr ?? ids[0])?.value;
}

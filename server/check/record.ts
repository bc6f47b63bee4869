// The record check: one patient's whole record read the way the app and the workup read it (the loader's ONE batch
// request), reported as counts per resource type; and, for a token with a launch patient, whether `patient/` scopes
// really confine reads to that patient. Nothing about the patient is printed but counts and types.
import { OperationOutcomeError } from '@medplum/core';
import type { Bundle } from '@medplum/fhirtypes';
import { type PatientRecord, RECORD_LISTS } from '../../common/record/patient-record';
import { type FhirClient, withRetries } from '../fhir/fhir-client';
import { loadPatientRecord } from '../fhir/load-record';
import { CONFINE_FIX, DICOMWEB_NOTE, GRANT_FIX } from './fixes';
import { type CheckLine, line } from './report';

const textOf = (err: unknown): string =>
  err instanceof OperationOutcomeError
    ? (err.outcome.issue?.[0]?.details?.text ?? err.message)
    : err instanceof Error
      ? err.message
      : String(err);

async function search(fhir: FhirClient, path: string): Promise<Bundle> {
  const [resourceType = '', query = ''] = path.split('?');
  const searchParams = Object.fromEntries(new URLSearchParams(query));
  return (await withRetries(fhir, (signal) =>
    fhir.client.search({ resourceType, searchParams, options: { signal } })
  )) as unknown as Bundle;
}

/**
 * The patient to read: the one given, else the first the server lists.
 * @param fhir - The client.
 * @param given - --patient, or the launch patient.
 * @returns The id, or undefined when the server lists none.
 */
export async function patientToRead(fhir: FhirClient, given: string | undefined): Promise<string | undefined> {
  if (given) return given;
  const found = await search(fhir, 'Patient?_count=1&_elements=id');
  return found.entry?.[0]?.resource?.id;
}

/**
 * Reads the record and says what the app would show.
 * @param fhir - The client, with the token.
 * @param given - The patient to read, if named.
 * @returns The `record.read` line.
 */
export async function recordLine(fhir: FhirClient, given: string | undefined): Promise<CheckLine> {
  const title = 'Patient record';
  let record: PatientRecord;
  try {
    const id = await patientToRead(fhir, given);
    if (!id) return line('record.read', title, 'warn', 'the server lists no Patient this token may read', GRANT_FIX);
    record = await loadPatientRecord(fhir, id);
  } catch (err) {
    return line('record.read', title, 'fail', `the record batch failed: ${textOf(err)}`, GRANT_FIX);
  }
  const counts = Object.entries(RECORD_LISTS).map(([type, list]) => [type, record[list].length] as const);
  const found = counts.filter(([, n]) => n > 0).map(([type, n]) => `${n} ${type}`);
  const empty = counts.filter(([, n]) => n === 0).map(([type]) => type);
  const included = record.included.length ? `, ${record.included.length} included (Endpoint)` : '';
  const summary = `one batch request: ${found.join(', ') || 'no resources'}${included}`;
  const none = empty.length ? `; the app will find no ${empty.join(', ')}` : '';
  if (record.truncated.length) {
    const types = record.truncated.map((t) => t.split('?')[0]).join(', ');
    return line('record.read', title, 'warn', `${summary}${none}; partial or refused: ${types}`, GRANT_FIX);
  }
  if (record.imagingStudies.length && !record.included.some((r) => r.resourceType === 'Endpoint')) {
    return line('record.read', title, 'warn', `${summary}${none}; no ImagingStudy names a DICOMweb endpoint`, {
      any: 'give each ImagingStudy an endpoint (DICOMweb WADO-RS): images are shown and measured from it',
      medplum: DICOMWEB_NOTE,
    });
  }
  return line('record.read', title, 'ok', `${summary}${none}`);
}

/**
 * Whether a token with a launch patient can see other patients' resources.
 * @param fhir - The client, with the launch token.
 * @param patientId - The launch patient.
 * @returns The `record.confined` line.
 */
export async function confinementLine(fhir: FhirClient, patientId: string): Promise<CheckLine> {
  const title = 'Patient confinement';
  try {
    const patients = await search(fhir, 'Patient?_count=20&_elements=id');
    const observations = await search(fhir, 'Observation?_count=50&_elements=subject');
    const others =
      (patients.entry ?? []).filter((e) => e.resource?.id && e.resource.id !== patientId).length +
      (observations.entry ?? []).filter(
        (e) => (e.resource as { subject?: { reference?: string } })?.subject?.reference !== `Patient/${patientId}`
      ).length;
    return others
      ? line('record.confined', title, 'fail', `the launch token reads ${others} resources of other patients`, {
          any: 'the app asks for patient/ scopes only for the record; a user/ or system/ read scope reaches every patient',
          ...CONFINE_FIX,
        })
      : line('record.confined', title, 'ok', 'searches without a patient return only the launch patient');
  } catch {
    return line('record.confined', title, 'ok', 'searches outside the launch patient are refused');
  }
}

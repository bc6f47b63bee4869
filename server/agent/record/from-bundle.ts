// Builds a PatientRecord from a Bundle held in memory (a transaction file, a collection or a search result), for
// offline planning of a case file and for tests; `urn:uuid:` references are rewritten to `Type/<uuid>`.
import type { Bundle, Patient, Resource } from '@medplum/fhirtypes';
import { addToRecordList, emptyRecord, type PatientRecord, RECORD_LISTS } from '../../../common/record/patient-record';

/**
 * The record of the first (or the named) Patient in a Bundle.
 * @param bundle - Any Bundle with resources in `entry[].resource`.
 * @param patientId - Which patient, when the Bundle holds several.
 * @returns The record; throws when the Bundle holds no such Patient.
 */
export function recordFromBundle(bundle: Bundle, patientId?: string): PatientRecord {
  const ids = new Map<string, string>();
  const resources = (bundle.entry ?? []).flatMap((e) => {
    if (!e.resource) return [];
    const r = structuredClone(e.resource) as Resource;
    const uuid = /^urn:uuid:(.+)$/.exec(e.fullUrl ?? '')?.[1];
    if (!r.id && uuid) r.id = uuid;
    if (e.fullUrl) ids.set(e.fullUrl, `${r.resourceType}/${r.id}`);
    return [r];
  });
  const rewritten = JSON.parse(
    JSON.stringify(resources).replace(/"reference":"(urn:uuid:[^"]+)"/g, (m, urn: string) =>
      ids.has(urn) ? `"reference":"${ids.get(urn)}"` : m
    )
  ) as Resource[];
  const patient = rewritten.find(
    (r): r is Patient => r.resourceType === 'Patient' && (!patientId || r.id === patientId)
  );
  if (!patient) throw new Error(`The Bundle holds no Patient${patientId ? ` with id ${patientId}` : ''}`);
  const subject = `Patient/${patient.id}`;
  const record = emptyRecord(patient);
  for (const r of rewritten) {
    if (r.resourceType === 'Patient') continue;
    const about = (r as { subject?: { reference?: string }; patient?: { reference?: string } }).subject?.reference;
    const listed = r.resourceType in RECORD_LISTS;
    if (listed && about === subject) addToRecordList(record, r);
    else if (!listed && (about === undefined || about === subject)) record.included.push(r);
  }
  return record;
}

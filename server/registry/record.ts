// A patient's record for a registry job, from the spooled export (no FHIR round trip) in the shape the workup reads
// (common/record/patient-record.ts), ordered as the record searches would return it (newest results first).
import { existsSync, readFileSync } from 'node:fs';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { references } from '../../common/fhir/references';
import { addToRecordList, emptyRecord, type PatientRecord } from '../../common/record/patient-record';
import { RECORD_TYPES as RECORD_READ_TYPES } from '../../common/smart/scopes';
import { registryError } from './errors';

/** The resource types a record holds: what a registry export asks for (`_type`; Endpoints travel as shared). */
export const RECORD_TYPES = RECORD_READ_TYPES.filter((t) => t !== 'Endpoint');

const when = (r: Resource): string => {
  const x = r as { effectiveDateTime?: string; effectivePeriod?: { start?: string }; issued?: string };
  return x.effectiveDateTime ?? x.effectivePeriod?.start ?? x.issued ?? '';
};
const newestFirst = (a: Resource, b: Resource): number => (when(a) < when(b) ? 1 : when(a) > when(b) ? -1 : 0);

/**
 * Builds the record of one patient from a collection Bundle.
 * @param bundle - The spooled record (its Patient and the resources about it).
 * @param shared - Resources outside any patient (Endpoints…), included where the record refers to them.
 * @returns The record; throws `invalid` when the Bundle has no Patient.
 */
export function recordFromBundle(bundle: Bundle, shared: ReadonlyMap<string, Resource> = new Map()): PatientRecord {
  const resources = (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));
  const patient = resources.find((r) => r.resourceType === 'Patient');
  if (patient?.resourceType !== 'Patient') throw registryError('invalid', 'The spooled record has no Patient');
  const record = emptyRecord(patient);
  for (const r of resources) {
    addToRecordList(record, r);
  }
  record.observations.sort(newestFirst);
  record.diagnosticReports.sort(newestFirst);
  const wanted = new Set(references(record.imagingStudies));
  for (const ref of wanted) {
    const r = shared.get(ref);
    if (r) record.included.push(r);
  }
  return record;
}

/**
 * Reads a spooled record file.
 * @param file - DIR/work/records/<pid>.json.
 * @param shared - Shared resources (see {@link recordFromBundle}).
 * @returns The record, or undefined when the file is not there (e.g. a worker on another machine).
 */
export function readRecordFile(file: string, shared?: ReadonlyMap<string, Resource>): PatientRecord | undefined {
  if (!existsSync(file)) return undefined;
  return recordFromBundle(JSON.parse(readFileSync(file, 'utf8')) as Bundle, shared);
}

// The patient record as the app and the server see it: one typed shape, loaded in one batch round trip.
import type {
  Bundle,
  BundleEntry,
  Condition,
  DiagnosticReport,
  DocumentReference,
  ImagingStudy,
  Media,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Patient,
  Procedure,
  Resource,
} from '@medplum/fhirtypes';

/** Everything the workup needs about one patient, grouped by resource type. */
export interface PatientRecord {
  patient: Patient;
  conditions: Condition[];
  observations: Observation[];
  medicationRequests: MedicationRequest[];
  medicationStatements: MedicationStatement[];
  procedures: Procedure[];
  diagnosticReports: DiagnosticReport[];
  imagingStudies: ImagingStudy[];
  documentReferences: DocumentReference[];
  /** Images such as histology slides (many servers keep them as Media). */
  media: Media[];
  /** Resources pulled in by `_include` (e.g. the Endpoint of an ImagingStudy). */
  included: Resource[];
  /** Searches whose result did not fit in one page (the record is then partial). */
  truncated: string[];
}

/** Largest page asked for per search; anything beyond it is reported in `truncated`. */
export const RECORD_PAGE_SIZE = 1000;

/** The searches that make up a record, relative to the FHIR base. */
export function recordSearches(patientId: string): string[] {
  const p = encodeURIComponent(patientId);
  const n = RECORD_PAGE_SIZE;
  return [
    `Patient/${p}`,
    `Condition?patient=${p}&_count=${n}`,
    `Observation?patient=${p}&_count=${n}&_sort=-date`,
    `MedicationRequest?patient=${p}&_count=${n}`,
    `MedicationStatement?patient=${p}&_count=${n}`,
    `Procedure?patient=${p}&_count=${n}`,
    `DiagnosticReport?patient=${p}&_count=${n}&_sort=-date`,
    `ImagingStudy?patient=${p}&_count=${n}&_include=ImagingStudy:endpoint`,
    `DocumentReference?patient=${p}&_count=${n}`,
    `Media?patient=${p}&_count=${n}`,
  ];
}

/** A record holding only the Patient, for loaders to fill. */
export function emptyRecord(patient: Patient): PatientRecord {
  return {
    patient,
    conditions: [],
    observations: [],
    medicationRequests: [],
    medicationStatements: [],
    procedures: [],
    diagnosticReports: [],
    imagingStudies: [],
    documentReferences: [],
    media: [],
    included: [],
    truncated: [],
  };
}

/** Every resource of a record, the Patient first (for looking up a cited `Type/id`). */
export function recordResources(record: PatientRecord): Resource[] {
  return [
    record.patient,
    ...record.conditions,
    ...record.observations,
    ...record.medicationRequests,
    ...record.medicationStatements,
    ...record.procedures,
    ...record.diagnosticReports,
    ...record.imagingStudies,
    ...record.documentReferences,
    ...record.media,
    ...record.included,
  ];
}

/**
 * Builds the batch Bundle that fetches a whole record in one HTTP round trip.
 * @param patientId - The logical id of the Patient.
 * @returns A `batch` Bundle of GET entries.
 */
export function buildRecordBatch(patientId: string): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'batch',
    entry: recordSearches(patientId).map((url) => ({ request: { method: 'GET', url } })),
  };
}

/**
 * Turns the batch-response of {@link buildRecordBatch} into a PatientRecord.
 * @param response - The `batch-response` Bundle.
 * @returns The record; throws when the Patient itself could not be read.
 */
export function parseRecordBatch(response: Bundle): PatientRecord {
  if (response.resourceType !== 'Bundle' || !Array.isArray(response.entry)) {
    throw new Error('The FHIR server did not answer the record request with a Bundle');
  }
  const [patientEntry, ...searchEntries] = response.entry;
  const patient = patientEntry?.resource;
  if (patient?.resourceType !== 'Patient') {
    const status = patientEntry?.response?.status ?? 'no response';
    throw new Error(`The patient could not be read (status ${status})`);
  }
  const record = emptyRecord(patient);
  const searches = recordSearches(patient.id ?? '').slice(1);
  for (const [i, entry] of searchEntries.entries()) {
    addSearchResult(record, entry, searches[i] ?? '');
  }
  return record;
}

function addSearchResult(record: PatientRecord, entry: BundleEntry, search: string): void {
  const bundle = entry.resource;
  if (bundle?.resourceType !== 'Bundle') {
    record.truncated.push(`${search} (status ${entry.response?.status ?? 'unknown'})`);
    return;
  }
  if (bundle.link?.some((l) => l.relation === 'next')) {
    record.truncated.push(search);
  }
  for (const e of bundle.entry ?? []) {
    if (e.resource) {
      addResource(record, e.resource, e.search?.mode === 'include');
    }
  }
}

/** Which list of the record holds each resource type about the patient. */
export const RECORD_LISTS = {
  Condition: 'conditions',
  Observation: 'observations',
  MedicationRequest: 'medicationRequests',
  MedicationStatement: 'medicationStatements',
  Procedure: 'procedures',
  DiagnosticReport: 'diagnosticReports',
  ImagingStudy: 'imagingStudies',
  DocumentReference: 'documentReferences',
  Media: 'media',
} as const satisfies Record<string, keyof PatientRecord>;

/**
 * Adds a resource to the list of the record that holds its type.
 * @param record - The record being built.
 * @param resource - A resource about the patient.
 * @returns False when no list holds that type (the caller decides: include it, or leave it out).
 */
export function addToRecordList(record: PatientRecord, resource: Resource): boolean {
  const list = RECORD_LISTS[resource.resourceType as keyof typeof RECORD_LISTS];
  if (!list) return false;
  (record[list] as Resource[]).push(resource);
  return true;
}

function addResource(record: PatientRecord, resource: Resource, included: boolean): void {
  if (included || !addToRecordList(record, resource)) record.included.push(resource);
}

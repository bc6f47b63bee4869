// Loads a patient's whole record from any FHIR R4 server in one batch request (≤2 round trips by design).
import type { Bundle } from '@medplum/fhirtypes';
import type { FhirResource } from 'fhir-kit-client';
import { buildRecordBatch, type PatientRecord, parseRecordBatch } from '../../common/record/patient-record';
import { type FhirClient, toOutcomeError, withRetries } from './fhir-client';

/**
 * Fetches the record: one POST of a batch Bundle (Patient + every clinical search, endpoints included).
 * @param fhir - Client for the EHR's FHIR server, carrying the user's token.
 * @param patientId - Logical id of the Patient.
 * @param signal - The caller's cancellation: stops the request in flight and any retry.
 * @returns The record; `truncated` lists searches that did not fit one page.
 */
export async function loadPatientRecord(
  fhir: FhirClient,
  patientId: string,
  signal?: AbortSignal
): Promise<PatientRecord> {
  const batch = buildRecordBatch(patientId);
  const response = (await withRetries(
    fhir,
    (attempt) => fhir.client.batch({ body: batch as unknown as FhirResource, options: { signal: attempt } }),
    { signal }
  )) as unknown as Bundle;
  try {
    return parseRecordBatch(response);
  } catch (err) {
    const status = response.entry?.[0]?.response?.status;
    throw toOutcomeError(
      { response: { status: status ? Number.parseInt(status, 10) : 502 }, message: (err as Error).message },
      fhir.baseUrl
    );
  }
}

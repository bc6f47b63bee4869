// Loads the whole patient record in one batch request with the user's SMART token, failing as an AppError.
import type { Bundle } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import { buildRecordBatch, type PatientRecord, parseRecordBatch } from '../../common/record/patient-record';
import { type AppError, StatusError, toAppError } from './app-error';

/**
 * The FHIR base URL without trailing slashes. Batch requests go to the base itself: fhirclient would turn
 * `url: ''` into `base + '/'`, which some servers route differently, so the absolute base is passed instead.
 * @param client - The SMART client.
 * @returns The base URL.
 */
export function fhirBase(client: Client): string {
  return client.state.serverUrl.replace(/\/+$/, '');
}

/** A rejected record load: the AppError to show. */
export class RecordLoadError extends Error {
  constructor(readonly appError: AppError) {
    super(appError.message);
    this.name = 'RecordLoadError';
  }
}

async function postBatch(client: Client, patientId: string): Promise<PatientRecord> {
  const response: unknown = await client.request({
    url: fhirBase(client),
    method: 'POST',
    body: JSON.stringify(buildRecordBatch(patientId)),
    headers: { 'content-type': 'application/fhir+json', accept: 'application/fhir+json' },
  });
  const bundle = response as Bundle | undefined;
  if (typeof response !== 'object' || bundle?.resourceType !== 'Bundle') {
    throw new Error('the answer to the batch request is not a FHIR Bundle');
  }
  const patientStatus = Number.parseInt(bundle.entry?.[0]?.response?.status ?? '', 10);
  if (patientStatus >= 400) {
    throw new StatusError(patientStatus, `Reading Patient/${patientId} failed`, 'patient');
  }
  return parseRecordBatch(bundle);
}

/**
 * Loads the launch patient's record.
 * @param client - The SMART client from `FHIR.oauth2.ready()`.
 * @returns The record; rejects with a {@link RecordLoadError}.
 */
export async function loadRecord(client: Client): Promise<PatientRecord> {
  const base = fhirBase(client);
  const patientId = client.patient.id;
  if (!patientId) {
    throw new RecordLoadError({
      kind: 'not-found',
      message:
        'No patient was chosen at launch. Relaunch OncoAgent from a patient chart, or pick a patient when the EHR asks.',
    });
  }
  try {
    return await postBatch(client, patientId);
  } catch (error) {
    throw new RecordLoadError(
      toAppError(error, { fhirBase: base, patientId, grantedScope: client.state.tokenResponse?.scope })
    );
  }
}

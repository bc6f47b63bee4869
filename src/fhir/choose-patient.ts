// When the EHR gives no patient at launch (a practitioner's standalone launch on Medplum, for one), the clinician
// chooses one in the app. The choice goes into the session's launch context, so every part of the app that reads
// `client.patient.id` (record, workup, write-back) uses it.
import type { Bundle, Patient } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import { fhirBase } from './load-record';

/** One row of the picker. */
export interface PatientChoice {
  id: string;
  name: string;
  birthDate?: string;
  mrn?: string;
}

const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/;

/**
 * Searches patients by name with the clinician's token.
 * @param client - The SMART client.
 * @param name - Part of the name ("" lists the first ones the server returns).
 * @returns Up to 20 patients.
 */
export async function searchPatients(client: Client, name: string): Promise<PatientChoice[]> {
  const query = new URLSearchParams({ _count: '20', ...(name.trim() ? { name: name.trim() } : {}) });
  const bundle = (await client.request({
    url: `${fhirBase(client)}/Patient?${query}`,
    headers: { accept: 'application/fhir+json' },
  })) as Bundle<Patient>;
  return (bundle?.entry ?? [])
    .map((e) => e.resource)
    .filter((p): p is Patient => p?.resourceType === 'Patient' && FHIR_ID.test(p.id ?? ''))
    .map((p) => {
      const n = p.name?.[0];
      const name = n?.text ?? [...(n?.given ?? []), n?.family].filter(Boolean).join(' ');
      const mrn = p.identifier?.find((i) => i.type?.coding?.some((c) => c.code === 'MR'))?.value;
      return {
        id: p.id!,
        name: name || 'Unnamed patient',
        ...(p.birthDate ? { birthDate: p.birthDate } : {}),
        ...(mrn ? { mrn } : {}),
      };
    });
}

/**
 * Sets the session's patient to the chosen one (only when the EHR gave none).
 * @param client - The SMART client.
 * @param id - The chosen patient's id.
 */
export function choosePatient(client: Client, id: string): void {
  if (!FHIR_ID.test(id)) throw new Error('not a FHIR id');
  if (client.state.tokenResponse?.patient) throw new Error('the EHR already chose the patient for this session');
  client.state.tokenResponse = { ...client.state.tokenResponse, patient: id };
}

// The app's side of the one commit (common/writeback/commit.ts): the transport carries the clinician's own token to
// the EHR's FHIR base; every entry of every answer is checked there, so the app never shows "saved" for a refusal.
import type Client from 'fhirclient/lib/Client';
import { type FhirTransport, fetchTransport } from '../../common/fhir/transport';
import { fhirBase } from '../fhir/load-record';

export { type CommitReport, commitPlan, type RefusedEntry, type WrittenEntry } from '../../common/writeback/commit';

/**
 * The transport of the SMART session: the FHIR base it was launched with and its current access token.
 * @param client - The fhirclient Client.
 * @returns The transport.
 */
export function clientTransport(client: Client): FhirTransport {
  return fetchTransport({ baseUrl: fhirBase(client), authorization: () => client.getAuthorizationHeader() });
}

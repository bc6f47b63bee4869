// The shared FHIR transport (common/fhir/transport.ts) for a server-side client: its base URL, token, timeout and
// retries. Redirects are not followed, so a write never lands on another origin.
import { type FhirTransport, fetchTransport } from '../../common/fhir/transport';
import type { FhirClient } from './fhir-client';

/**
 * The transport of a server-side FHIR client.
 * @param fhir - The client (base URL and token).
 * @returns The transport.
 */
export function fhirTransport(fhir: FhirClient): FhirTransport {
  return fetchTransport({
    baseUrl: fhir.baseUrl,
    authorization: () => (fhir.token ? `Bearer ${fhir.token}` : undefined),
    timeoutMs: fhir.timeoutMs,
    retries: fhir.retries,
  });
}

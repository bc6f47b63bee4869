// The shared FHIR transport (common/fhir/transport.ts) for a server-side client: its base URL, token, timeout and
// retries. Redirects are not followed, so a write never lands on another origin.
import { type FhirTransport, fetchTransport } from '../../common/fhir/transport';
import { anySignal } from '../net/signals';
import type { FhirClient } from './fhir-client';

/**
 * The transport of a server-side FHIR client.
 * @param fhir - The client (base URL, token and the signal it may be bound to).
 * @returns The transport; each call stops when its own signal or the client's aborts.
 */
export function fhirTransport(fhir: FhirClient): FhirTransport {
  const send = fetchTransport({
    baseUrl: fhir.baseUrl,
    authorization: () => (fhir.token ? `Bearer ${fhir.token}` : undefined),
    timeoutMs: fhir.timeoutMs,
    retries: fhir.retries,
  });
  return (call, signal) => send(call, anySignal(signal, fhir.signal));
}

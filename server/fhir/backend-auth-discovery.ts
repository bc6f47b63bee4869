// SMART discovery for backend clients: the token endpoint of a FHIR server from `.well-known/smart-configuration`, and
// whether it accepts signed client assertions (private_key_jwt) with the key's algorithm.
import { OperationOutcomeError } from '@medplum/core';
import type { OperationOutcomeIssue } from '@medplum/fhirtypes';
import type { AssertionAlg } from './backend-auth-keys';

export interface DiscoveryOptions {
  http: typeof fetch;
  timeoutMs: number;
  signal?: AbortSignal;
  /** Set when a private key will be used: the server must list private_key_jwt (and this algorithm, if it lists any). */
  assertionAlg?: AssertionAlg;
}

interface SmartConfiguration {
  token_endpoint?: unknown;
  token_endpoint_auth_methods_supported?: unknown;
  token_endpoint_auth_signing_alg_values_supported?: unknown;
}

/**
 * A failure of backend authentication as an OperationOutcomeError.
 * @param code - `transient` means unavailable (CLI exit 2); anything else is the caller's problem (exit 1).
 * @param text - What happened, without secrets.
 * @returns The error.
 */
export function authFailure(code: OperationOutcomeIssue['code'], text: string): OperationOutcomeError {
  return new OperationOutcomeError({
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { text } }],
  });
}

/**
 * A server's text for the terminal: printable characters only, at most 300.
 * @param value - An `error` or `error_description` from the server.
 * @returns The text, or undefined when there is none.
 */
export function safeText(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.replace(/[^\x20-\x7e\u00a0-\uffff]/g, ' ').trim();
  return text ? text.slice(0, 300) : undefined;
}

/**
 * Finds the token endpoint.
 * @param fhirBase - The FHIR base URL.
 * @param o - HTTP client, timeout, cancellation and the assertion algorithm when a key is used.
 * @returns The token endpoint URL; throws OperationOutcomeError (`transient`: unreachable; `not-supported`: no SMART
 *   configuration, or no private_key_jwt for a key).
 */
export async function discoverTokenEndpoint(fhirBase: string, o: DiscoveryOptions): Promise<string> {
  const base = fhirBase.replace(/\/+$/, '');
  const url = `${base}/.well-known/smart-configuration`;
  let response: Response;
  try {
    const signal = o.signal
      ? AbortSignal.any([o.signal, AbortSignal.timeout(o.timeoutMs)])
      : AbortSignal.timeout(o.timeoutMs);
    response = await o.http(url, { headers: { accept: 'application/json' }, redirect: 'manual', signal });
  } catch (err) {
    if (o.signal?.aborted) throw o.signal.reason;
    const timedOut = (err as Error).name === 'TimeoutError';
    const origin = new URL(url).origin;
    throw authFailure(
      'transient',
      `SMART discovery: ${timedOut ? `no answer from ${origin} in ${o.timeoutMs / 1000} s` : `cannot reach ${origin}`}`
    );
  }
  if (response.status >= 500) throw authFailure('transient', `SMART discovery at ${base} failed (${response.status})`);
  const config = (response.ok ? await response.json().catch(() => ({})) : {}) as SmartConfiguration;
  if (typeof config.token_endpoint !== 'string' || !/^https?:\/\//i.test(config.token_endpoint)) {
    throw authFailure(
      'not-supported',
      `${base} publishes no SMART configuration with a token_endpoint; use a token instead`
    );
  }
  if (o.assertionAlg) {
    const methods = config.token_endpoint_auth_methods_supported;
    if (Array.isArray(methods) && !methods.includes('private_key_jwt')) {
      throw authFailure(
        'not-supported',
        `${base} does not accept signed client assertions (token_endpoint_auth_methods_supported lacks private_key_jwt); use a client secret`
      );
    }
    const algs = config.token_endpoint_auth_signing_alg_values_supported;
    if (Array.isArray(algs) && algs.length > 0 && !algs.includes(o.assertionAlg)) {
      const listed = algs
        .filter((a) => typeof a === 'string')
        .join(', ')
        .slice(0, 100);
      throw authFailure('not-supported', `${base} accepts client assertions signed ${listed}, not ${o.assertionAlg}`);
    }
  }
  return config.token_endpoint;
}

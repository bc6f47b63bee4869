// Access tokens for unattended clients (the CLI, the registry pipeline) by SMART Backend Services: discovery of the
// token endpoint, then client_credentials authenticated by a signed client assertion (private_key_jwt) or a client
// secret (HTTP Basic). Tokens are kept until shortly before they expire, never logged, and the POST is never retried.
import { anySignal } from '../net/signals';
import { clientAssertion, JWT_BEARER } from './backend-auth-assertion';
import { authFailure, discoverTokenEndpoint, safeText } from './backend-auth-discovery';
import { loadSigningKey, type SigningKey } from './backend-auth-keys';

export { authFailure } from './backend-auth-discovery';
export type { AssertionAlg } from './backend-auth-keys';

/** Hands out a valid access token; the same one until shortly before it expires. */
export interface TokenSource {
  /** @param signal - Cancels this call's requests (on top of the source's own signal). */
  token(signal?: AbortSignal): Promise<string>;
}

/** How a backend client authenticates: a private key file (private_key_jwt) or a client secret (HTTP Basic). */
export type BackendCredential =
  | { privateKeyFile: string; keyId?: string; alg?: string; clientSecret?: undefined }
  | { clientSecret: string; privateKeyFile?: undefined };

export type BackendTokenOptions = BackendCredential & {
  /** FHIR base URL; its `.well-known/smart-configuration` names the token endpoint. */
  fhirBase: string;
  clientId: string;
  /** Space-separated SMART scopes, e.g. `system/Patient.rs system/Observation.rs`. */
  scope: string;
  /** Cancels every request of this source. */
  signal?: AbortSignal;
  /** Timeout of each request (default 20 s). */
  timeoutMs?: number;
  /** Ask for a new token this long before the current one expires (default 60 s). */
  refreshBeforeMs?: number;
  /** Tests: the HTTP client and the clock. */
  fetch?: typeof fetch;
  now?: () => number;
};

interface TokenAnswer {
  access_token?: unknown;
  expires_in?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * A token source for a backend client. Nothing is requested until the first `token()` call; a bad key file, a server
 * without private_key_jwt or a refused client fail that call with an OperationOutcomeError whose text says why.
 * @param o - FHIR base, client id, the private key file (with optional key id and algorithm) or the secret, scope.
 * @returns The token source.
 */
export function backendToken(o: BackendTokenOptions): TokenSource {
  if (Boolean(o.privateKeyFile) === Boolean(o.clientSecret)) {
    throw authFailure('invalid', 'A backend client needs either a private key file or a client secret (not both)');
  }
  const http = o.fetch ?? fetch;
  const now = o.now ?? Date.now;
  const timeoutMs = o.timeoutMs ?? 20_000;
  let key: Promise<SigningKey> | undefined;
  let endpoint: string | undefined;
  let cached: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const request = async (signal: AbortSignal | undefined): Promise<string> => {
    let signing: SigningKey | undefined;
    if (o.privateKeyFile) {
      key ??= loadSigningKey(o.privateKeyFile, { alg: o.alg, kid: o.keyId });
      try {
        signing = await key;
      } catch (err) {
        key = undefined;
        throw err;
      }
    }
    endpoint ??= await discoverTokenEndpoint(o.fhirBase, { http, timeoutMs, signal, assertionAlg: signing?.alg });
    const form = new URLSearchParams({ grant_type: 'client_credentials', scope: o.scope });
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      accept: 'application/json',
    };
    if (signing) {
      form.set('client_assertion_type', JWT_BEARER);
      form.set('client_assertion', clientAssertion(signing, o.clientId, endpoint, now()));
    } else {
      const pair = `${encodeURIComponent(o.clientId)}:${encodeURIComponent(o.clientSecret ?? '')}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    let response: Response;
    try {
      response = await http(endpoint, {
        method: 'POST',
        headers,
        body: form.toString(),
        redirect: 'manual',
        signal: anySignal(signal, AbortSignal.timeout(timeoutMs)),
      });
    } catch (err) {
      if (signal?.aborted) throw signal.reason;
      const timedOut = (err as Error).name === 'TimeoutError';
      const origin = new URL(endpoint).origin;
      throw authFailure(
        'transient',
        `Token request: ${timedOut ? `no answer from ${origin} in ${timeoutMs / 1000} s` : `cannot reach ${origin}`}`
      );
    }
    const body = (await response.json().catch(() => ({}))) as TokenAnswer;
    if (response.status >= 500) throw authFailure('transient', `The token endpoint failed (${response.status})`);
    if (response.status >= 300 && response.status < 400) {
      throw authFailure('invalid', `The token endpoint answered with a redirect (${response.status}); not followed`);
    }
    if (!response.ok || typeof body.access_token !== 'string') {
      const why = safeText(body.error_description) ?? safeText(body.error) ?? `status ${response.status}`;
      throw authFailure('security', `The token endpoint refused client "${o.clientId}": ${why}`);
    }
    const lifetimeMs = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in * 1000 : 0;
    const margin = Math.min(o.refreshBeforeMs ?? 60_000, lifetimeMs / 2);
    cached = { token: body.access_token, renewAt: now() + lifetimeMs - margin };
    return body.access_token;
  };

  return {
    token(signal?: AbortSignal): Promise<string> {
      if (cached && now() < cached.renewAt) return Promise.resolve(cached.token);
      pending ??= request(anySignal(o.signal, signal)).finally(() => {
        pending = undefined;
      });
      return pending;
    },
  };
}

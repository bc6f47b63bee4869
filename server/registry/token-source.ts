// Where a registry run and its workers get access tokens: a fixed token (`--token`, ONCOAGENT_FHIR_TOKEN, none for an
// open server) or a SMART Backend Services client (server/fhir/backend-auth.ts), which renews its token before it
// expires — a cohort run outlives one backend token.
import { type BackendCredential, backendToken, type TokenSource } from '../fhir/backend-auth';

export type { TokenSource } from '../fhir/backend-auth';

/**
 * A fixed token.
 * @param token - The token; undefined or empty sends requests without Authorization.
 * @returns The source.
 */
export function staticToken(token: string | undefined): TokenSource {
  return { token: async () => token ?? '' };
}

/**
 * Reuses a token for `ttlMs`, sharing one request among concurrent callers; a failed request is not kept.
 * @param fetchToken - Obtains a fresh token (e.g. the in-process sandbox's client).
 * @param ttlMs - How long one token is used (default 4 minutes).
 * @returns The source.
 */
export function cachedToken(fetchToken: () => Promise<string>, ttlMs = 240_000): TokenSource {
  let current: { value: Promise<string>; at: number } | undefined;
  return {
    token() {
      if (!current || Date.now() - current.at >= ttlMs) {
        const entry = { value: fetchToken(), at: Date.now() };
        current = entry;
        entry.value.catch(() => {
          if (current === entry) current = undefined;
        });
      }
      return current.value;
    },
  };
}

export interface CredentialFlags {
  fhirBase: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  /** `kid` of the private key (default: from the JWK, or its thumbprint). */
  keyId?: string;
  /** RS384 or ES384 (default: from the key). */
  alg?: string;
  scope: string;
}

/**
 * The token source the flags describe: a backend client when a client id is given, else the fixed token.
 * @param f - FHIR base, token, client id with a secret or a private key file, scopes.
 * @returns The source (nothing is requested before the first `token()`).
 */
export function tokenSourceOf(f: CredentialFlags): TokenSource {
  if (!f.clientId) return staticToken(f.token);
  const credential: BackendCredential = f.privateKey
    ? { privateKeyFile: f.privateKey, keyId: f.keyId, alg: f.alg }
    : { clientSecret: f.clientSecret ?? '' };
  return backendToken({ fhirBase: f.fhirBase, clientId: f.clientId, scope: f.scope, ...credential });
}

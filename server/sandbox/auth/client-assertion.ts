// Verifies SMART Backend Services client assertions (RFC 7523 private_key_jwt) at the token endpoint: RS384/ES384
// signature by a key of the client's JWKS, iss = sub = client_id, aud = this token endpoint, a short exp, a jti never
// used before. Each refusal is `invalid_client` (401) saying exactly which rule failed.
import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';
import { decodeJwt } from '../../http/auth/jws';
import type { SandboxClient } from './clients';
import type { JtiReplayCache } from './jti-replay';
import { OAuthError } from './oauth-error';

export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Longest assertion lifetime accepted (the spec's 5 minutes), plus this much clock skew, seconds. */
const MAX_LIFETIME_S = 300;
const SKEW_S = 30;

const ALGS: Record<string, { kty: 'RSA' | 'EC'; crv?: string }> = {
  RS384: { kty: 'RSA' },
  ES384: { kty: 'EC', crv: 'P-384' },
};

export interface AssertionContext {
  /** The token endpoint URL the assertion's `aud` must name exactly. */
  tokenEndpoint: string;
  replay: JtiReplayCache;
  now?: () => number;
}

const refuse = (text: string): OAuthError => new OAuthError('invalid_client', text, 401);

function publicKeys(client: SandboxClient, alg: string, kid: unknown): KeyObject[] {
  const spec = ALGS[alg]!;
  const usable = (client.jwks ?? []).filter(
    (k: JsonWebKey) =>
      k.kty === spec.kty &&
      (spec.crv === undefined || k.crv === spec.crv) &&
      (k.alg === undefined || k.alg === alg) &&
      (k.use === undefined || k.use === 'sig')
  );
  const byKid = typeof kid === 'string' ? usable.filter((k) => k.kid === kid) : [];
  return (byKid.length > 0 ? byKid : usable).flatMap((k) => {
    try {
      return [createPublicKey({ key: k, format: 'jwk' })];
    } catch {
      return [];
    }
  });
}

/**
 * Authenticates a client by its assertion.
 * @param form - The token request's form fields.
 * @param clients - The registered clients.
 * @param context - The token endpoint URL, the replay cache and the clock.
 * @returns The client; throws OAuthError `invalid_client` (401).
 */
export function verifyClientAssertion(
  form: Record<string, string>,
  clients: Map<string, SandboxClient>,
  context: AssertionContext
): SandboxClient {
  const type = form.client_assertion_type;
  if (!type) throw refuse(`client_assertion_type is missing; it must be ${JWT_BEARER}`);
  if (type !== JWT_BEARER) throw refuse(`client_assertion_type must be ${JWT_BEARER}`);
  const assertion = form.client_assertion ?? '';
  if (!assertion) throw refuse('client_assertion is missing');
  const decoded = decodeJwt(assertion);
  if (!decoded) throw refuse('client_assertion is not a signed JWT');
  const alg = String(decoded.header.alg);
  if (!ALGS[alg]) throw refuse(`client_assertion alg ${alg.slice(0, 10)} is not accepted; sign with RS384 or ES384`);
  const { iss, sub, aud, exp, nbf, jti } = decoded.claims as Record<string, unknown>;
  if (typeof iss !== 'string' || iss !== sub) throw refuse('client_assertion iss and sub must both be the client_id');
  if (form.client_id !== undefined && form.client_id !== iss)
    throw refuse('client_id does not match the assertion iss');
  const client = clients.get(iss);
  if (!client) throw refuse('Unknown client');
  if (!client.jwks?.length) throw refuse(`Client ${client.id} has no registered public key for client assertions`);
  const [header, body, signature] = assertion.split('.') as [string, string, string];
  const data = Buffer.from(`${header}.${body}`);
  const sig = Buffer.from(signature, 'base64url');
  const ok = publicKeys(client, alg, decoded.header.kid).some((key) =>
    verify('sha384', data, alg === 'ES384' ? { key, dsaEncoding: 'ieee-p1363' } : key, sig)
  );
  if (!ok) throw refuse(`client_assertion signature does not verify with any key registered for ${client.id}`);
  const audiences = Array.isArray(aud) ? aud : [aud];
  if (!audiences.includes(context.tokenEndpoint)) {
    throw refuse(`client_assertion aud must be the token endpoint ${context.tokenEndpoint}`);
  }
  const nowS = (context.now?.() ?? Date.now()) / 1000;
  if (typeof exp !== 'number') throw refuse('client_assertion has no exp');
  if (exp <= nowS) throw refuse('client_assertion has expired');
  if (exp > nowS + MAX_LIFETIME_S + SKEW_S) throw refuse('client_assertion exp is more than 5 minutes ahead');
  if (typeof nbf === 'number' && nbf > nowS + SKEW_S) throw refuse('client_assertion is not valid yet (nbf)');
  if (typeof jti !== 'string' || jti.length === 0) throw refuse('client_assertion has no jti');
  if (jti.length > 256) throw refuse('client_assertion jti is too long');
  if (!context.replay.use(client.id, jti, exp, nowS * 1000)) {
    throw refuse('client_assertion jti was already used (replayed assertion)');
  }
  return client;
}

// The client assertion of SMART Backend Services (RFC 7523 `private_key_jwt`): a short-lived JWT signed RS384 or
// ES384 by the client's private key, naming the client (iss = sub) and the token endpoint (aud), single-use by `jti`.
import { randomBytes, sign } from 'node:crypto';
import type { SigningKey } from './backend-auth-keys';

/** The `client_assertion_type` of a JWT client assertion. */
export const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** Lifetime of an assertion, seconds: under the spec's 5 minutes so that a server clock a little behind accepts it. */
export const ASSERTION_TTL_S = 240;

export interface AssertionClaims {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  jti: string;
}

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

/**
 * Signs a client assertion.
 * @param key - The client's private key, its algorithm and key id.
 * @param clientId - The client id (iss and sub).
 * @param tokenEndpoint - The token endpoint URL exactly as discovered (aud).
 * @param nowMs - The clock (tests).
 * @returns The compact JWS.
 */
export function clientAssertion(key: SigningKey, clientId: string, tokenEndpoint: string, nowMs = Date.now()): string {
  const iat = Math.floor(nowMs / 1000);
  const claims: AssertionClaims = {
    iss: clientId,
    sub: clientId,
    aud: tokenEndpoint,
    exp: iat + ASSERTION_TTL_S,
    iat,
    jti: randomBytes(18).toString('base64url'),
  };
  const header = b64url(JSON.stringify({ alg: key.alg, typ: 'JWT', kid: key.kid }));
  const body = b64url(JSON.stringify(claims));
  const data = Buffer.from(`${header}.${body}`);
  const signature =
    key.alg === 'ES384'
      ? sign('sha384', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' })
      : sign('sha384', data, key.privateKey);
  return `${header}.${body}.${b64url(signature)}`;
}

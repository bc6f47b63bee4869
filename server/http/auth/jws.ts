// Verifies a JWT access token against an EHR's JSON Web Key Set with node:crypto alone: RS256/RS384/ES256/ES384
// signatures, `exp`, `nbf` and `aud`. Anything else (alg none, HMAC, an unknown key) is refused.
import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';

export type JwtClaims = Record<string, unknown> & { sub?: unknown; exp?: unknown; nbf?: unknown; aud?: unknown };

export interface JwtHeader {
  alg?: unknown;
  kid?: unknown;
}

/** Why a token was refused; `unknown-key` means "refresh the key set and try once more". */
export class JwtRejected extends Error {
  constructor(
    readonly reason: 'malformed' | 'algorithm' | 'unknown-key' | 'signature' | 'expired' | 'not-yet-valid' | 'audience',
    message: string
  ) {
    super(message);
    this.name = 'JwtRejected';
  }
}

const ALGORITHMS: Record<string, { hash: string; kty: 'RSA' | 'EC'; crv?: string }> = {
  RS256: { hash: 'sha256', kty: 'RSA' },
  RS384: { hash: 'sha384', kty: 'RSA' },
  ES256: { hash: 'sha256', kty: 'EC', crv: 'P-256' },
  ES384: { hash: 'sha384', kty: 'EC', crv: 'P-384' },
};

/** Clock skew tolerated for `nbf`, seconds (`exp` is strict: the EHR would refuse the token anyway). */
const SKEW_S = 30;

function decodePart<T>(part: string): T {
  const value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as unknown;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
  return value as T;
}

/**
 * Reads a compact JWS without verifying it (to decide whether a token is a JWT at all).
 * @param token - The bearer token.
 * @returns Header and claims, or undefined for an opaque token.
 */
export function decodeJwt(token: string): { header: JwtHeader; claims: JwtClaims } | undefined {
  const parts = token.split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p))) return undefined;
  try {
    const header = decodePart<JwtHeader>(parts[0]!);
    if (typeof header.alg !== 'string') return undefined;
    return { header, claims: decodePart<JwtClaims>(parts[1]!) };
  } catch {
    return undefined;
  }
}

function pickKey(keys: readonly JsonWebKey[], header: JwtHeader, alg: string): KeyObject {
  const spec = ALGORITHMS[alg]!;
  const usable = keys.filter(
    (k) =>
      k.kty === spec.kty &&
      (spec.crv === undefined || k.crv === spec.crv) &&
      (k.use === undefined || k.use === 'sig') &&
      (k.alg === undefined || k.alg === alg)
  );
  const matching = typeof header.kid === 'string' ? usable.filter((k) => k.kid === header.kid) : usable;
  if (matching.length !== 1)
    throw new JwtRejected('unknown-key', 'The token was signed with a key the EHR does not publish');
  try {
    return createPublicKey({ key: matching[0]!, format: 'jwk' });
  } catch {
    throw new JwtRejected('unknown-key', 'The EHR publishes a key that cannot be read');
  }
}

const trimSlash = (s: string) => s.replace(/\/+$/, '');

export interface VerifyJwtOptions {
  /** Accepted audiences (the FHIR base, the app's client id); compared without trailing slashes. */
  audiences: readonly string[];
  /** Now, in milliseconds (tests). */
  now?: number;
}

/**
 * Verifies signature, algorithm, expiry, not-before and (when the token names one) audience.
 * @param token - A compact JWS.
 * @param keys - The EHR's JWKS keys.
 * @param options - Accepted audiences and the clock.
 * @returns The claims; throws {@link JwtRejected}.
 */
export function verifyJwt(token: string, keys: readonly JsonWebKey[], options: VerifyJwtOptions): JwtClaims {
  const decoded = decodeJwt(token);
  if (!decoded) throw new JwtRejected('malformed', 'The token is not a JWT');
  const alg = decoded.header.alg as string;
  const spec = ALGORITHMS[alg];
  if (!spec) throw new JwtRejected('algorithm', `Tokens signed with ${alg.slice(0, 10)} are not accepted`);
  const key = pickKey(keys, decoded.header, alg);
  const [header, body, signature] = token.split('.') as [string, string, string];
  const ok = verify(
    spec.hash,
    Buffer.from(`${header}.${body}`),
    spec.kty === 'EC' ? { key, dsaEncoding: 'ieee-p1363' } : key,
    Buffer.from(signature, 'base64url')
  );
  if (!ok) throw new JwtRejected('signature', 'The token signature is not valid');
  const { claims } = decoded;
  const nowS = (options.now ?? Date.now()) / 1000;
  if (typeof claims.exp !== 'number' || claims.exp <= nowS) {
    throw new JwtRejected('expired', 'The access token has expired');
  }
  if (typeof claims.nbf === 'number' && claims.nbf - SKEW_S > nowS) {
    throw new JwtRejected('not-yet-valid', 'The access token is not valid yet');
  }
  if (claims.aud !== undefined) {
    const named = (Array.isArray(claims.aud) ? claims.aud : [claims.aud]).filter((a) => typeof a === 'string');
    const accepted = new Set(options.audiences.map(trimSlash));
    if (!named.some((a) => accepted.has(trimSlash(a as string)))) {
      throw new JwtRejected('audience', 'The access token was issued for another server or app');
    }
  }
  return claims;
}

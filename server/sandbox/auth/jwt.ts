// Signs and verifies the sandbox's JSON Web Tokens with keys made at start: access tokens RS256, id_tokens RS256 or
// (emulating Medplum) ES256; both public keys are published as a JWKS. Verification also refuses revoked tokens.
import { generateKeyPairSync, type KeyObject, randomUUID, sign, verify } from 'node:crypto';

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number; jti?: string };

/** The signature algorithms the sandbox signs with. */
export type SigningAlg = 'RS256' | 'ES256';

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** Thrown by {@link TokenSigner.verify}: `expired` when only the expiry failed, `invalid` otherwise. */
export class JwtError extends Error {
  constructor(
    readonly reason: 'invalid' | 'expired',
    message: string
  ) {
    super(message);
  }
}

interface Key {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

function makeKey(type: 'rsa' | 'ec'): Key {
  const { privateKey, publicKey } =
    type === 'rsa'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 })
      : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return { kid: randomUUID(), privateKey, publicKey };
}

/** Signers whose keys live only in this process (restarting the sandbox invalidates old tokens). */
export class TokenSigner {
  private readonly rsa = makeKey('rsa');
  private readonly ec = makeKey('ec');
  /** Key id of the RS256 key (access tokens). */
  readonly kid = this.rsa.kid;

  /** @param options - `isRevoked`: whether an access token's `jti` was revoked (checked by {@link verify}). */
  constructor(private readonly options: { isRevoked?: (jti: string) => boolean } = {}) {}

  /**
   * Signs a payload; `iat` is added.
   * @param payload - The claims.
   * @param alg - RS256 (default) or ES256.
   * @returns The compact JWS.
   */
  sign(payload: JwtPayload, alg: SigningAlg = 'RS256'): string {
    const key = alg === 'RS256' ? this.rsa : this.ec;
    const header = b64url(JSON.stringify({ alg, typ: 'JWT', kid: key.kid }));
    const body = b64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...payload }));
    const data = Buffer.from(`${header}.${body}`);
    const signature =
      alg === 'RS256'
        ? sign('RSA-SHA256', data, key.privateKey)
        : sign('SHA256', data, { key: key.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${header}.${body}.${b64url(signature)}`;
  }

  /**
   * Verifies an access token: RS256 signature, expiry, and that it was not revoked.
   * @param token - A compact JWS.
   * @returns The claims; throws JwtError otherwise.
   */
  verify(token: string): JwtPayload {
    const parts = token.split('.');
    if (parts.length !== 3) throw new JwtError('invalid', 'Malformed token');
    const [header, body, signature] = parts as [string, string, string];
    const ok = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${body}`),
      this.rsa.publicKey,
      Buffer.from(signature, 'base64url')
    );
    if (!ok) throw new JwtError('invalid', 'Bad token signature');
    let payload: JwtPayload;
    try {
      payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as JwtPayload;
    } catch {
      throw new JwtError('invalid', 'Malformed token payload');
    }
    if (typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now()) {
      throw new JwtError('expired', 'The access token has expired');
    }
    if (typeof payload.jti === 'string' && this.options.isRevoked?.(payload.jti)) {
      throw new JwtError('invalid', 'The access token has been revoked');
    }
    return payload;
  }

  /** The public keys as a JSON Web Key Set. */
  jwks(): { keys: Record<string, unknown>[] } {
    const entry = (key: Key, alg: SigningAlg) => ({
      ...key.publicKey.export({ format: 'jwk' }),
      kid: key.kid,
      alg,
      use: 'sig',
    });
    return { keys: [entry(this.rsa, 'RS256'), entry(this.ec, 'ES256')] };
  }
}

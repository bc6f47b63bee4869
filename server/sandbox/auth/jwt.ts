// Signs and verifies the sandbox's JSON Web Tokens (RS256) with a key made at start; publishes it as a JWKS.
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign,
  verify,
} from 'node:crypto';

export type JwtPayload = Record<string, unknown> & { exp?: number; iat?: number };

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

/** An RS256 signer whose key lives only in this process (restarting the sandbox invalidates old tokens). */
export class TokenSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  readonly kid = randomUUID();

  constructor() {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    this.privateKey = createPrivateKey(privateKey.export({ format: 'pem', type: 'pkcs8' }));
    this.publicKey = createPublicKey(this.privateKey);
  }

  /**
   * Signs a payload; `iat` is added.
   * @param payload - The claims.
   * @returns The compact JWS.
   */
  sign(payload: JwtPayload): string {
    const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT', kid: this.kid }));
    const body = b64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...payload }));
    const signature = sign('RSA-SHA256', Buffer.from(`${header}.${body}`), this.privateKey);
    return `${header}.${body}.${b64url(signature)}`;
  }

  /**
   * Verifies signature and expiry.
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
      this.publicKey,
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
    return payload;
  }

  /** The public key as a JSON Web Key Set. */
  jwks(): { keys: Record<string, unknown>[] } {
    return { keys: [{ ...this.publicKey.export({ format: 'jwk' }), kid: this.kid, alg: 'RS256', use: 'sig' }] };
  }
}

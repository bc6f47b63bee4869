// The private keys of SMART Backend Services clients: read from a JWK, a JWKS holding one private key, or a PEM file;
// made as an ES384 or RS384 pair whose public half is a JWKS to register with an EHR. Errors name the file, never its
// content (it is a secret).
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type JsonWebKey,
  type KeyObject,
} from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { OperationOutcomeError } from '@medplum/core';
import { authFailure } from './backend-auth-discovery';

/** The client assertion algorithms the SMART Backend Services spec requires servers to support. */
export type AssertionAlg = 'RS384' | 'ES384';

export const ASSERTION_ALGS: readonly AssertionAlg[] = ['RS384', 'ES384'];

/** A private key ready to sign client assertions. */
export interface SigningKey {
  privateKey: KeyObject;
  alg: AssertionAlg;
  /** The `kid` header: the JWK's own, the one asked for, or the RFC 7638 thumbprint of the public key. */
  kid: string;
}

/** A bad key file or option: exit 1 at the CLI. */
export function keyProblem(text: string): OperationOutcomeError {
  return authFailure('invalid', text);
}

/**
 * The RFC 7638 thumbprint of a public key (SHA-256 of its required members in lexicographic order).
 * @param jwk - An RSA or EC public (or private) JWK.
 * @returns The base64url thumbprint.
 */
export function jwkThumbprint(jwk: JsonWebKey): string {
  const members =
    jwk.kty === 'EC' ? { crv: jwk.crv, kty: jwk.kty, x: jwk.x, y: jwk.y } : { e: jwk.e, kty: jwk.kty, n: jwk.n };
  return createHash('sha256').update(JSON.stringify(members)).digest('base64url');
}

/** The algorithm a key can sign with: ES384 needs P-384, RS384 an RSA key of at least 2048 bits. */
function algOf(key: KeyObject, wanted: string | undefined, file: string): AssertionAlg {
  const details = key.asymmetricKeyDetails ?? {};
  const natural: AssertionAlg | undefined =
    key.asymmetricKeyType === 'ec' && details.namedCurve === 'secp384r1'
      ? 'ES384'
      : key.asymmetricKeyType === 'rsa' && (details.modulusLength ?? 0) >= 2048
        ? 'RS384'
        : undefined;
  if (!natural) {
    throw keyProblem(`${file}: the key must be EC P-384 (ES384) or RSA of at least 2048 bits (RS384)`);
  }
  if (wanted !== undefined && wanted !== natural) {
    throw keyProblem(`${file}: the key signs ${natural}, not ${wanted}`);
  }
  return natural;
}

function fromJson(json: unknown, file: string): { jwk: JsonWebKey } {
  const record = (json ?? {}) as { keys?: unknown; d?: unknown };
  if (Array.isArray(record.keys)) {
    const privates = record.keys.filter((k): k is JsonWebKey => typeof k === 'object' && k !== null && 'd' in k);
    if (privates.length !== 1) {
      throw keyProblem(`${file}: a JWKS must hold exactly one private key (it holds ${privates.length})`);
    }
    return { jwk: privates[0]! };
  }
  if (typeof record.d !== 'string') throw keyProblem(`${file}: the JWK is a public key; the private key is needed`);
  return { jwk: record as JsonWebKey };
}

/**
 * Reads a private key file.
 * @param file - A private JWK (JSON), a JWKS with one private key, or a PEM private key (PKCS#8, SEC1 or PKCS#1).
 * @param options - `alg` (RS384 | ES384; inferred from the key when absent) and `kid` (default: the JWK's, else the
 *   key's thumbprint).
 * @returns The signing key; throws an `invalid` OperationOutcomeError naming the file, never quoting it.
 */
export async function loadSigningKey(file: string, options: { alg?: string; kid?: string } = {}): Promise<SigningKey> {
  if (options.alg !== undefined && !(ASSERTION_ALGS as readonly string[]).includes(options.alg)) {
    throw keyProblem(`--alg must be RS384 or ES384, got "${options.alg.slice(0, 12)}"`);
  }
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw keyProblem(`Cannot read the private key file ${file}`);
  }
  let privateKey: KeyObject;
  let jwk: JsonWebKey | undefined;
  try {
    if (text.trimStart().startsWith('{')) {
      jwk = fromJson(JSON.parse(text), file).jwk;
      privateKey = createPrivateKey({ key: jwk, format: 'jwk' });
    } else if (text.includes('-----BEGIN') && text.includes('PRIVATE KEY-----')) {
      if (text.includes('ENCRYPTED'))
        throw keyProblem(`${file}: encrypted PEM keys are not supported; decrypt it first`);
      privateKey = createPrivateKey({ key: text, format: 'pem' });
    } else {
      throw keyProblem(`${file} is neither a JWK/JWKS (JSON) nor a PEM private key`);
    }
  } catch (err) {
    if (err instanceof OperationOutcomeError) throw err;
    throw keyProblem(`${file} does not hold a readable private key`);
  }
  const jwkAlg = typeof jwk?.alg === 'string' ? jwk.alg : undefined;
  if (jwkAlg !== undefined && !(ASSERTION_ALGS as readonly string[]).includes(jwkAlg)) {
    throw keyProblem(`${file}: the JWK is for ${jwkAlg.slice(0, 12)}; client assertions use RS384 or ES384`);
  }
  const alg = algOf(privateKey, options.alg ?? jwkAlg, file);
  const kid =
    options.kid ?? (typeof jwk?.kid === 'string' ? jwk.kid : undefined) ?? jwkThumbprint(publicJwk(privateKey));
  return { privateKey, alg, kid };
}

/** The public JWK of a key (no private members). */
export function publicJwk(key: KeyObject): JsonWebKey {
  return createPublicKey(key).export({ format: 'jwk' });
}

/** A new key pair: the private JWK to keep, and the public JWKS to register with the EHR. */
export interface BackendKeyPair {
  privateJwk: JsonWebKey;
  jwks: { keys: JsonWebKey[] };
  kid: string;
}

/**
 * Makes a key pair for client assertions.
 * @param alg - ES384 (P-384, the default) or RS384 (RSA 3072).
 * @returns The private JWK and the public JWKS, both with `kid` (the thumbprint), `alg` and `use: sig`.
 */
export function generateBackendKeyPair(alg: AssertionAlg = 'ES384'): BackendKeyPair {
  const { privateKey } =
    alg === 'ES384'
      ? generateKeyPairSync('ec', { namedCurve: 'P-384' })
      : generateKeyPairSync('rsa', { modulusLength: 3072 });
  const pub = publicJwk(privateKey);
  const kid = jwkThumbprint(pub);
  const meta = { kid, alg, use: 'sig' };
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), ...meta },
    jwks: { keys: [{ ...pub, ...meta }] },
    kid,
  };
}

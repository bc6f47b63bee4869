// Key pair files for SMART Backend Services: the private JWK (mode 0600, never overwritten) and the public JWKS an
// integrator registers with the EHR. Used by `oncoagent keys generate` and by the sandbox at its first start.
import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AssertionAlg,
  type BackendKeyPair,
  generateBackendKeyPair,
  keyProblem,
  loadSigningKey,
  publicJwk,
} from './backend-auth-keys';

/** Where a key pair lives. */
export interface KeyPairFiles {
  /** The private JWK (mode 0600). */
  privateKeyFile: string;
  /** The public JWKS. */
  jwksFile: string;
}

/** The file names in a key folder. */
export function keyPairFiles(dir: string, prefix = ''): KeyPairFiles {
  return { privateKeyFile: join(dir, `${prefix}private-key.jwk.json`), jwksFile: join(dir, `${prefix}jwks.json`) };
}

/**
 * Writes a new key pair; an existing private key is never replaced (the EHR holds its public half).
 * @param files - Where to write.
 * @param pair - The key pair (default: a new one of `alg`).
 * @param alg - ES384 (default) or RS384 when no pair is given.
 * @returns The pair written; throws an `invalid` OperationOutcomeError when the private key file exists.
 */
export async function writeKeyPair(
  files: KeyPairFiles,
  pair?: BackendKeyPair,
  alg: AssertionAlg = 'ES384'
): Promise<BackendKeyPair> {
  const made = pair ?? generateBackendKeyPair(alg);
  await mkdir(join(files.privateKeyFile, '..'), { recursive: true, mode: 0o700 });
  try {
    await writeFile(files.privateKeyFile, `${JSON.stringify(made.privateJwk, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') {
      throw keyProblem(`${files.privateKeyFile} already exists; it is not replaced (move it away first)`);
    }
    throw keyProblem(`Cannot write ${files.privateKeyFile}`);
  }
  // The mode given to writeFile is filtered by the umask; the private key must be 0600 whatever the umask.
  await chmod(files.privateKeyFile, 0o600);
  await writeFile(files.jwksFile, `${JSON.stringify(made.jwks, null, 2)}\n`, { mode: 0o644 });
  return made;
}

/** Only the public members of each key (a JWKS file may hold a private key by mistake). */
function publicOnly(keys: unknown[]): JsonWebKey[] {
  return keys.map((k) => {
    const jwk = k as JsonWebKey;
    const pub = createPublicKey({ key: jwk, format: 'jwk' }).export({ format: 'jwk' });
    return { ...pub, ...(jwk.kid ? { kid: jwk.kid } : {}), ...(jwk.alg ? { alg: jwk.alg } : {}), use: 'sig' };
  });
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The public JWKS of a key pair folder: made at the first call, reused afterwards (rebuilt from the private key when
 * only the JWKS file was lost).
 * @param files - The key pair's files.
 * @returns The public keys and whether the pair was just created.
 */
export async function loadOrCreateKeyPair(files: KeyPairFiles): Promise<{ keys: JsonWebKey[]; created: boolean }> {
  const text = await readText(files.jwksFile);
  if (text === undefined) {
    const key = await readText(files.privateKeyFile);
    if (key === undefined) return { keys: (await writeKeyPair(files)).jwks.keys, created: true };
    const signing = await loadSigningKey(files.privateKeyFile);
    const jwk = { ...publicJwk(signing.privateKey), kid: signing.kid, alg: signing.alg, use: 'sig' };
    await writeFile(files.jwksFile, `${JSON.stringify({ keys: [jwk] }, null, 2)}\n`, { mode: 0o644 });
    return { keys: [jwk], created: false };
  }
  try {
    const keys = (JSON.parse(text) as { keys?: unknown }).keys;
    if (!Array.isArray(keys) || keys.length === 0) throw new Error('no keys');
    return { keys: publicOnly(keys), created: false };
  } catch {
    throw keyProblem(`${files.jwksFile} is not a JSON Web Key Set`);
  }
}

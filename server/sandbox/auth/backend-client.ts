// The public keys of the sandbox's SMART Backend Services client `oncoagent-backend`: injected (tests), or an ES384
// key pair made at the sandbox's first start in its data folder and reused afterwards (the private JWK mode 0600).
import type { JsonWebKey } from 'node:crypto';
import { keyPairFiles, loadOrCreateKeyPair } from '../../fhir/backend-auth-key-files';
import { BACKEND_CLIENT_ID } from './clients';

/** Where `oncoagent-backend`'s keys come from: a public JWKS given as is, or a folder holding (or to hold) the pair. */
export type BackendKeyOption = { jwks: { keys: JsonWebKey[] } } | { dir: string };

export interface BackendClientKeys {
  /** The public keys assertions are verified with. */
  keys: JsonWebKey[];
  /** The private key's path, when the sandbox keeps the pair (printed at start; never its content). */
  privateKeyFile?: string;
  /** Whether the pair was made just now. */
  created: boolean;
}

/**
 * Resolves the backend client's keys.
 * @param option - Injected keys or a key folder; absent: no key (every assertion of `oncoagent-backend` is refused).
 * @returns The public keys, and where the private key is.
 */
export async function backendClientKeys(option?: BackendKeyOption): Promise<BackendClientKeys> {
  if (!option) return { keys: [], created: false };
  if ('jwks' in option) return { keys: option.jwks.keys, created: false };
  const files = keyPairFiles(option.dir, `${BACKEND_CLIENT_ID}.`);
  const { keys, created } = await loadOrCreateKeyPair(files);
  return { keys, privateKeyFile: files.privateKeyFile, created };
}

// `oncoagent keys generate`: a key pair for SMART Backend Services. The private JWK (mode 0600) stays with the client
// (`--private-key`); the public JWKS is what an integrator registers with the EHR for the client id.
import { resolve } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { keyPairFiles, writeKeyPair } from '../fhir/backend-auth-key-files';
import { CliError } from './cli-error';

export interface KeysGenerateFlags {
  out?: string;
  alg?: string;
}

export interface KeysResult {
  privateKeyFile: string;
  jwksFile: string;
  kid: string;
  alg: 'ES384' | 'RS384';
}

/**
 * Writes a new key pair to a folder; an existing private key there is never replaced.
 * @param flags - `--out DIR` and `--alg ES384|RS384` (default ES384).
 * @param stdout - Where to print the paths and the key id (never the key).
 * @returns The files and the key id.
 */
export async function keysGenerateCommand(
  flags: KeysGenerateFlags,
  stdout: { write(text: string): unknown } = process.stdout
): Promise<KeysResult> {
  if (!flags.out) throw new CliError('--out DIR is required');
  const alg = flags.alg ?? 'ES384';
  if (alg !== 'ES384' && alg !== 'RS384') throw new CliError('--alg must be ES384 or RS384');
  const files = keyPairFiles(resolve(flags.out));
  let kid: string;
  try {
    kid = (await writeKeyPair(files, undefined, alg)).kid;
  } catch (err) {
    if (err instanceof OperationOutcomeError) throw new CliError(err.outcome.issue?.[0]?.details?.text ?? err.message);
    throw err;
  }
  stdout.write(
    `Private key (keep it secret, mode 0600): ${files.privateKeyFile}\n` +
      `Public JWKS (register it with the EHR):  ${files.jwksFile}\n` +
      `Key id (kid): ${kid}   algorithm: ${alg}\n` +
      `Use: oncoagent workup --fhir URL --client-id ID --private-key ${files.privateKeyFile} --patient ID\n`
  );
  return { ...files, kid, alg };
}

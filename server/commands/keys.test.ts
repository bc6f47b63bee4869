// `oncoagent keys generate`: a private JWK only its owner can read, a public JWKS to register, the paths and key id
// printed (never the key), and an existing key never overwritten.
import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSigningKey } from '../fhir/backend-auth-keys';
import { CliError } from './cli-error';
import { keysGenerateCommand } from './keys';

describe('keysGenerateCommand', () => {
  for (const alg of ['ES384', 'RS384'] as const) {
    it(`writes an ${alg} pair whose private key signs and whose JWKS holds only the public key`, async () => {
      const out = await mkdtemp(join(tmpdir(), 'keys-'));
      let printed = '';
      const result = await keysGenerateCommand({ out, alg }, { write: (t: string) => (printed += t) });
      expect((await stat(result.privateKeyFile)).mode & 0o777).toBe(0o600);
      const jwks = JSON.parse(await readFile(result.jwksFile, 'utf8'));
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kid: result.kid, alg, use: 'sig' });
      for (const member of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(jwks.keys[0]).not.toHaveProperty(member);
      const key = await loadSigningKey(result.privateKeyFile);
      expect(key).toMatchObject({ alg, kid: result.kid });
      const privateJwk = JSON.parse(await readFile(result.privateKeyFile, 'utf8'));
      expect(printed).toContain(result.privateKeyFile);
      expect(printed).toContain(result.kid);
      expect(printed).not.toContain(privateJwk.d);
    });
  }

  it('refuses to overwrite a key, a bad algorithm and a missing --out (exit 1)', async () => {
    const out = await mkdtemp(join(tmpdir(), 'keys-'));
    const quiet = { write: () => true };
    const first = await keysGenerateCommand({ out }, quiet);
    const before = await readFile(first.privateKeyFile, 'utf8');
    await expect(keysGenerateCommand({ out }, quiet)).rejects.toThrow(/already exists/);
    expect(await readFile(first.privateKeyFile, 'utf8')).toBe(before);
    await expect(keysGenerateCommand({ out, alg: 'HS256' }, quiet)).rejects.toBeInstanceOf(CliError);
    await expect(keysGenerateCommand({}, quiet)).rejects.toThrow(/--out DIR is required/);
  });
});

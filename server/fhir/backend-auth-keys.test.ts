// Key files for SMART Backend Services: every accepted format gives a key that signs, the key id is the JWK's or the
// RFC 7638 thumbprint, and a bad file is named without a word of its content.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { keyPairFiles, loadOrCreateKeyPair, writeKeyPair } from './backend-auth-key-files';
import { generateBackendKeyPair, jwkThumbprint, loadSigningKey } from './backend-auth-keys';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'backend-keys-'));
});

async function file(name: string, content: string): Promise<string> {
  const path = join(dir, name);
  await writeFile(path, content);
  return path;
}

async function problem(run: Promise<unknown>): Promise<string> {
  const err = await run.then(
    () => undefined,
    (e: unknown) => e
  );
  expect(err).toBeInstanceOf(OperationOutcomeError);
  return (err as OperationOutcomeError).outcome.issue?.[0]?.details?.text ?? '';
}

describe('jwkThumbprint', () => {
  it('matches the RFC 7638 example', () => {
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMs' +
      'tn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajr' +
      'n1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(jwkThumbprint({ kty: 'RSA', n, e: 'AQAB', alg: 'RS256', kid: '2011-04-29' })).toBe(
      'NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs'
    );
  });
});

describe('loadSigningKey', () => {
  it('reads a private JWK, a JWKS with one private key, and PEM (PKCS#8, SEC1, PKCS#1)', async () => {
    const pair = generateBackendKeyPair('ES384');
    const jwk = await loadSigningKey(await file('k.jwk.json', JSON.stringify(pair.privateJwk)));
    expect(jwk).toMatchObject({ alg: 'ES384', kid: pair.kid });
    const set = await loadSigningKey(
      await file('set.json', JSON.stringify({ keys: [...pair.jwks.keys, pair.privateJwk] }))
    );
    expect(set.kid).toBe(pair.kid);

    const ec = generateKeyPairSync('ec', { namedCurve: 'P-384' }).privateKey;
    const pkcs8 = await loadSigningKey(await file('ec8.pem', ec.export({ format: 'pem', type: 'pkcs8' }) as string));
    expect(pkcs8.alg).toBe('ES384');
    const sec1 = await loadSigningKey(await file('ec1.pem', ec.export({ format: 'pem', type: 'sec1' }) as string), {
      kid: 'chosen',
    });
    expect(sec1).toMatchObject({ alg: 'ES384', kid: 'chosen' });
    // Without a kid anywhere, the key id is the thumbprint of the public key (what `keys generate` registers).
    expect(pkcs8.kid).toBe(jwkThumbprint(ec.export({ format: 'jwk' })));

    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
    const pkcs1 = await loadSigningKey(await file('rsa.pem', rsa.export({ format: 'pem', type: 'pkcs1' }) as string));
    expect(pkcs1.alg).toBe('RS384');
  });

  it('refuses keys that cannot sign RS384/ES384, public keys and ambiguous sets', async () => {
    const p256 = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' });
    expect(await problem(loadSigningKey(await file('p256.pem', p256 as string)))).toMatch(/P-384.*RSA/);
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
      format: 'pem',
      type: 'pkcs8',
    });
    expect(await problem(loadSigningKey(await file('small.pem', small as string)))).toMatch(/at least 2048/);
    const pair = generateBackendKeyPair('ES384');
    expect(await problem(loadSigningKey(await file('pub.json', JSON.stringify(pair.jwks))))).toMatch(/exactly one/);
    expect(await problem(loadSigningKey(await file('pub1.json', JSON.stringify(pair.jwks.keys[0]))))).toMatch(
      /public key/
    );
    const es = await file('es.json', JSON.stringify(pair.privateJwk));
    expect(await problem(loadSigningKey(es, { alg: 'RS384' }))).toMatch(/signs ES384, not RS384/);
    expect(await problem(loadSigningKey(es, { alg: 'HS256' }))).toMatch(/RS384 or ES384/);
  });

  it('names a bad file without quoting it', async () => {
    const secret = 'd-value-that-must-never-be-printed';
    const broken = await file('broken.json', `{"kty":"EC","crv":"P-384","d":"${secret}"}`);
    const text = await problem(loadSigningKey(broken));
    expect(text).toContain(broken);
    expect(text).not.toContain(secret);
    const garbage = await file('garbage.txt', secret);
    expect(await problem(loadSigningKey(garbage))).not.toContain(secret);
    expect(await problem(loadSigningKey(join(dir, 'missing.pem')))).toMatch(/Cannot read .*missing\.pem/);
  });
});

describe('key pair files', () => {
  it('writes the private JWK 0600 and the public JWKS, never replaces a key, and reuses the pair', async () => {
    const files = keyPairFiles(join(dir, 'pair'), 'oncoagent-backend.');
    const first = await loadOrCreateKeyPair(files);
    expect(first.created).toBe(true);
    expect((await stat(files.privateKeyFile)).mode & 0o777).toBe(0o600);
    const jwks = JSON.parse(await readFile(files.jwksFile, 'utf8'));
    expect(jwks.keys[0]).not.toHaveProperty('d');
    expect(jwks.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-384', alg: 'ES384', use: 'sig' });
    const again = await loadOrCreateKeyPair(files);
    expect(again.created).toBe(false);
    expect(again.keys[0]?.x).toBe(first.keys[0]?.x);
    expect(await problem(writeKeyPair(files))).toMatch(/already exists/);
    const signing = await loadSigningKey(files.privateKeyFile);
    expect(signing.kid).toBe(first.keys[0]?.kid);
  });
});

// The client assertion as a SMART Backend Services server checks it: header, claims, and a signature that node:crypto
// verifies with the public key alone.
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ASSERTION_TTL_S, clientAssertion } from './backend-auth-assertion';
import type { SigningKey } from './backend-auth-keys';

const TOKEN_URL = 'https://ehr.example.org/auth/token';
const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

function keyOf(alg: 'ES384' | 'RS384'): SigningKey {
  const { privateKey } =
    alg === 'ES384'
      ? generateKeyPairSync('ec', { namedCurve: 'P-384' })
      : generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, alg, kid: `kid-${alg}` };
}

describe('clientAssertion', () => {
  for (const alg of ['ES384', 'RS384'] as const) {
    it(`is a ${alg} JWT naming the client and the token endpoint, valid at most 5 minutes`, () => {
      const key = keyOf(alg);
      const now = Date.UTC(2030, 0, 1);
      const jwt = clientAssertion(key, 'registry-client', TOKEN_URL, now);
      const [header, body, signature] = jwt.split('.') as [string, string, string];
      expect(decode(header)).toEqual({ alg, typ: 'JWT', kid: `kid-${alg}` });
      const claims = decode(body);
      expect(claims).toMatchObject({ iss: 'registry-client', sub: 'registry-client', aud: TOKEN_URL });
      expect(claims.iat).toBe(now / 1000);
      expect(claims.exp - claims.iat).toBe(ASSERTION_TTL_S);
      expect(claims.exp - now / 1000).toBeLessThanOrEqual(300);
      expect(claims.jti).toMatch(/^[A-Za-z0-9_-]{20,}$/);
      const publicKey = createPublicKey(key.privateKey);
      const data = Buffer.from(`${header}.${body}`);
      const sig = Buffer.from(signature, 'base64url');
      const opts = alg === 'ES384' ? { key: publicKey, dsaEncoding: 'ieee-p1363' as const } : publicKey;
      expect(verify('sha384', data, opts, sig)).toBe(true);
      // JOSE ES384 signatures are the raw 96-byte r||s, not DER.
      if (alg === 'ES384') expect(sig.length).toBe(96);
      const tampered = Buffer.from(
        `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: 'x' })).toString('base64url')}`
      );
      expect(verify('sha384', tampered, opts, sig)).toBe(false);
    });
  }

  it('uses a new jti every time', () => {
    const key = keyOf('ES384');
    const jtis = new Set(
      Array.from({ length: 20 }, () => decode(clientAssertion(key, 'c', TOKEN_URL).split('.')[1]!).jti)
    );
    expect(jtis.size).toBe(20);
  });
});

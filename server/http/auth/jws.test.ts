// JWT checks against a key set: each accepted algorithm, and every reason a token is refused (expired, wrong
// audience, tampered, unsigned or HMAC, unknown key), with the app's client id accepted as audience (Medplum).
import { describe, expect, it } from 'vitest';
import { decodeJwt, JwtRejected, verifyJwt } from './jws';
import { type Alg, makeKey, signJwt } from './testing/fake-ehr';

const BASE = 'https://ehr.example/fhir/R4';
const now = Date.UTC(2025, 0, 1);
const claims = (extra: Record<string, unknown> = {}) => ({
  sub: 'Practitioner/1',
  aud: BASE,
  exp: now / 1000 + 300,
  ...extra,
});
const reason = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof JwtRejected ? err.reason : `other: ${(err as Error).message}`;
  }
  return 'accepted';
};

describe('verifyJwt', () => {
  it.each(['RS256', 'RS384', 'ES256', 'ES384'] as Alg[])('accepts a valid %s token and returns its claims', (alg) => {
    const key = makeKey(alg);
    const token = signJwt(key, claims());
    expect(verifyJwt(token, [key.jwk], { audiences: [BASE], now })).toMatchObject({ sub: 'Practitioner/1' });
  });

  it('refuses an expired token, a token for another audience, and accepts the client id or no aud', () => {
    const key = makeKey('RS256');
    const check = (c: Record<string, unknown>) =>
      reason(() => verifyJwt(signJwt(key, c), [key.jwk], { audiences: [BASE, 'oncoagent'], now }));
    expect(check(claims({ exp: now / 1000 - 1 }))).toBe('expired');
    expect(check(claims({ exp: undefined }))).toBe('expired');
    expect(check(claims({ aud: 'https://other.example/fhir' }))).toBe('audience');
    expect(check(claims({ aud: ['x', 'y'] }))).toBe('audience');
    expect(check(claims({ nbf: now / 1000 + 3600 }))).toBe('not-yet-valid');
    expect(check(claims({ aud: `${BASE}/` }))).toBe('accepted');
    expect(check(claims({ aud: 'oncoagent' }))).toBe('accepted');
    expect(check(claims({ aud: undefined }))).toBe('accepted');
  });

  it('refuses a tampered payload, a signature by another key, alg none, HMAC and an unknown key id', () => {
    const key = makeKey('ES256');
    const other = makeKey('ES256');
    const token = signJwt(key, claims());
    const [head, , sig] = token.split('.');
    const forgedBody = Buffer.from(JSON.stringify(claims({ sub: 'Practitioner/admin' }))).toString('base64url');
    const verify = (t: string, keys = [key.jwk]) => reason(() => verifyJwt(t, keys, { audiences: [BASE], now }));
    expect(verify(`${head}.${forgedBody}.${sig}`)).toBe('signature');
    expect(verify(signJwt(other, claims(), { kid: key.kid }))).toBe('signature');
    expect(verify(signJwt(key, claims(), { alg: 'none' }))).toBe('algorithm');
    expect(verify(signJwt(key, claims(), { alg: 'HS256' }))).toBe('algorithm');
    expect(verify(signJwt(key, claims(), { kid: 'rotated-away' }))).toBe('unknown-key');
    // An RSA key cannot stand in for an EC algorithm.
    expect(
      verify(
        token,
        [makeKey('RS256').jwk].map((k) => ({ ...k, kid: key.kid }))
      )
    ).toBe('unknown-key');
  });
});

describe('decodeJwt', () => {
  it('tells JWTs from opaque tokens', () => {
    expect(decodeJwt(signJwt(makeKey('RS256'), claims()))?.claims.sub).toBe('Practitioner/1');
    expect(decodeJwt('2YotnFZFEjr1zCsicMWpAA')).toBeUndefined();
    expect(decodeJwt('a.b.c')).toBeUndefined();
  });
});

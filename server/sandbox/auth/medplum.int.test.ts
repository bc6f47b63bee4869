// `--emulate medplum` at the authorization server: what a Medplum 4.5 server does that a spec-conformant sandbox
// would hide (no standalone patient, `iss` with a trailing slash, ES256 id_token, exact redirect_uri).
import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAndExchange, authorizeCode, ehrLaunch } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo/portable';

let medplum: TestServer;
let plain: TestServer;
const patient = demoId('demo-crc-met');

const header = (jwt: string | undefined) =>
  JSON.parse(Buffer.from(jwt?.split('.')[0] ?? '', 'base64url').toString()) as { alg: string; kid: string };

async function readPatient(server: TestServer, token: string | undefined): Promise<number> {
  const res = await fetch(`${server.fhirBase}/Patient/${patient}`, { headers: { Authorization: `Bearer ${token}` } });
  return res.status;
}

beforeAll(async () => {
  [medplum, plain] = await Promise.all([
    startTestServer({ emulate: { server: 'medplum', atomicTransactions: false } }),
    startTestServer(),
  ]);
});
afterAll(async () => {
  await Promise.all([medplum?.close(), plain?.close()]);
});

describe('EHR launch', () => {
  it('gives iss with a trailing slash, accepts aud with or without it, and the token works', async () => {
    for (const trailing of [true, false]) {
      const { launch, iss } = await ehrLaunch(medplum.url, patient);
      expect(iss).toBe(`${medplum.fhirBase}/`);
      const { status, body } = await authorizeAndExchange({
        server: medplum.url,
        fhirBase: medplum.fhirBase,
        aud: trailing ? iss : medplum.fhirBase,
        scope: 'launch openid fhirUser patient/*.rs',
        launch,
      });
      expect(status).toBe(200);
      expect(body.patient).toBe(patient);
      expect(await readPatient(medplum, body.access_token)).toBe(200);
      const viaIss = await fetch(`${iss}Patient/${patient}`, {
        headers: { Authorization: `Bearer ${body.access_token}` },
      });
      expect(viaIss.status).toBe(200);
    }
  });

  it('keeps iss without a slash in the default mode', async () => {
    expect((await ehrLaunch(plain.url, patient)).iss).toBe(plain.fhirBase);
  });
});

describe('standalone launch', () => {
  it('returns no patient for launch/patient (Medplum shows no picker)', async () => {
    const first = await authorizeCode({
      server: medplum.url,
      fhirBase: medplum.fhirBase,
      scope: 'launch/patient openid fhirUser patient/*.rs',
    });
    expect(first.status).toBe(302);
    expect(first.location?.searchParams.get('code')).toBeTruthy();
    const { body } = await authorizeAndExchange({
      server: medplum.url,
      fhirBase: medplum.fhirBase,
      scope: 'launch/patient openid fhirUser patient/*.rs',
    });
    expect(body.access_token).toBeDefined();
    expect(body.patient).toBeUndefined();
  });

  it('still shows the picker in the default mode', async () => {
    const { status, html } = await authorizeCode({
      server: plain.url,
      fhirBase: plain.fhirBase,
      scope: 'launch/patient patient/*.rs',
    });
    expect(status).toBe(200);
    expect(html).toContain('data-patient=');
  });
});

describe('id_token', () => {
  it('is signed ES256 with a key published in the JWKS; access tokens stay RS256', async () => {
    const { launch } = await ehrLaunch(medplum.url, patient);
    const { body } = await authorizeAndExchange({
      server: medplum.url,
      fhirBase: medplum.fhirBase,
      scope: 'launch openid fhirUser patient/*.rs',
      launch,
    });
    const idHeader = header(body.id_token);
    expect(idHeader.alg).toBe('ES256');
    expect(header(body.access_token).alg).toBe('RS256');
    const jwks = (await (await fetch(`${medplum.url}/sandbox/auth/jwks`)).json()) as { keys: JsonWebKey[] };
    const jwk = jwks.keys.find((k) => k.kid === idHeader.kid);
    expect(jwk?.kty).toBe('EC');
    expect(jwk?.d).toBeUndefined();
    const [h, p, s] = (body.id_token ?? '').split('.') as [string, string, string];
    const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
    const ok = verify(
      'SHA256',
      Buffer.from(`${h}.${p}`),
      { key, dsaEncoding: 'ieee-p1363' },
      Buffer.from(s, 'base64url')
    );
    expect(ok).toBe(true);
    const config = (await (await fetch(`${medplum.fhirBase}/.well-known/smart-configuration`)).json()) as Record<
      string,
      unknown
    >;
    expect(config.id_token_signing_alg_values_supported).toEqual(['ES256']);
  });

  it('is RS256 in the default mode', async () => {
    const { launch } = await ehrLaunch(plain.url, patient);
    const { body } = await authorizeAndExchange({
      server: plain.url,
      fhirBase: plain.fhirBase,
      scope: 'launch openid fhirUser patient/*.rs',
      launch,
    });
    expect(header(body.id_token).alg).toBe('RS256');
  });
});

describe('redirect_uri', () => {
  const tryRedirect = (server: TestServer, redirectUri: string) =>
    authorizeCode({ server: server.url, fhirBase: server.fhirBase, scope: 'patient/*.rs', redirectUri });

  it('must match the registered URI exactly', async () => {
    expect((await tryRedirect(medplum, `${medplum.url}/index.html`)).location?.searchParams.get('code')).toBeTruthy();
    for (const uri of [`${medplum.url}/index.html?x=1`, `${medplum.url}/other.html`, 'http://localhost:1/index.html']) {
      const res = await tryRedirect(medplum, uri);
      expect(res.status).toBe(400);
      expect(res.location).toBeUndefined();
    }
  });

  it('keeps the own-origin and loopback leniency in the default mode', async () => {
    for (const uri of [`${plain.url}/other.html`, 'http://localhost:1/index.html']) {
      expect((await tryRedirect(plain, uri)).location?.searchParams.get('code')).toBeTruthy();
    }
  });
});

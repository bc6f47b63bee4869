// The sandbox's URLs (launch redirect, issuer, token audience, redirect checks) come from configuration, never from
// the request's Host header: a forged Host must not move them.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAndExchange, ehrLaunch } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo/portable';

let server: TestServer;
const patient = demoId('demo-crc-met');
const EVIL = 'evil.example:4444';

/** GET with a forged Host header (fetch would not let us set it). */
function getWithHost(path: string, host: string): Promise<{ status: number; location?: string; body: string }> {
  const url = new URL(path, server.url);
  return new Promise((done, fail) => {
    const req = request(
      { hostname: '127.0.0.1', port: url.port, path: url.pathname + url.search, headers: { Host: host } },
      (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, location: res.headers.location, body }));
      }
    );
    req.on('error', fail);
    req.end();
  });
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('URLs from configuration, not from Host', () => {
  it('sends the EHR launch to the configured app and FHIR base', async () => {
    const res = await getWithHost(`/sandbox/launch?patient=${patient}`, EVIL);
    expect(res.status).toBe(302);
    const target = new URL(res.location ?? '');
    expect(target.origin).toBe(server.url);
    expect(target.searchParams.get('iss')).toBe(server.fhirBase);
  });

  it('publishes the configured endpoints in discovery and on the EHR page', async () => {
    const config = JSON.parse((await getWithHost('/sandbox/fhir/R4/.well-known/smart-configuration', EVIL)).body);
    expect(config.authorization_endpoint).toBe(`${server.url}/sandbox/auth/authorize`);
    expect(config.issuer).toBe(`${server.url}/sandbox/auth`);
    const page = await getWithHost('/sandbox', EVIL);
    expect(page.body).not.toContain('evil.example');
  });

  it('does not accept a redirect_uri or aud on the forged host', async () => {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'oncoagent',
      redirect_uri: `http://${EVIL}/index.html`,
      scope: 'launch/patient patient/*.rs',
      state: 's',
      aud: `http://${EVIL}/sandbox/fhir/R4`,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const res = await getWithHost(`/sandbox/auth/authorize?${params}`, EVIL);
    expect(res.status).toBe(400);
    expect(res.location).toBeUndefined();
  });

  it('issues tokens for the configured issuer and audience', async () => {
    const { launch } = await ehrLaunch(server.url, patient);
    const { body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch patient/*.rs',
      launch,
    });
    const claims = JSON.parse(Buffer.from(body.access_token?.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.aud).toBe(server.fhirBase);
    expect(claims.iss).toBe(`${server.url}/sandbox/auth`);
  });
});

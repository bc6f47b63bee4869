// Refresh-token rotation with reuse detection, and the RFC 7009 revocation endpoint, over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authorizeAndExchange,
  ehrLaunch,
  refreshToken,
  revokeToken,
  type TokenResponse,
} from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo/portable';

let server: TestServer;
const patient = demoId('demo-crc-met');

async function login(clientId = 'oncoagent', clientSecret?: string): Promise<TokenResponse> {
  const { launch } = await ehrLaunch(server.url, patient);
  const scope = 'launch openid fhirUser offline_access patient/*.rs';
  const { body } = await authorizeAndExchange({
    server: server.url,
    fhirBase: server.fhirBase,
    scope,
    launch,
    clientId,
    clientSecret,
  });
  if (!body.access_token || !body.refresh_token) throw new Error(`no tokens: ${body.error_description}`);
  return body;
}

async function readPatient(token: string | undefined): Promise<number> {
  const res = await fetch(`${server.fhirBase}/Patient/${patient}`, { headers: { Authorization: `Bearer ${token}` } });
  return res.status;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('refresh token rotation', () => {
  it('rotates: each refresh token works once and gives a new one', async () => {
    const first = await login();
    const second = await refreshToken(server.url, first.refresh_token ?? '');
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).toBeDefined();
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.patient).toBe(patient);
  });

  it('revokes the whole family when a rotated refresh token is presented again', async () => {
    const first = await login();
    const second = await refreshToken(server.url, first.refresh_token ?? '');
    const replay = await refreshToken(server.url, first.refresh_token ?? '');
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const successor = await refreshToken(server.url, second.body.refresh_token ?? '');
    expect(successor.status).toBe(400);
    expect(successor.body.error).toBe('invalid_grant');
    expect(await readPatient(second.body.access_token)).toBe(401);
    expect(await readPatient(first.access_token)).toBe(401);
  });

  it("does not let another client use or burn the app's refresh token", async () => {
    const first = await login();
    const stolen = await refreshToken(server.url, first.refresh_token ?? '', '', 'oncoagent-confidential:test-secret');
    expect(stolen.status).toBe(400);
    expect(stolen.body.error).toBe('invalid_grant');
    expect((await refreshToken(server.url, first.refresh_token ?? '')).status).toBe(200);
  });
});

describe('revocation endpoint (RFC 7009)', () => {
  it('is published in the SMART configuration', async () => {
    const res = await fetch(`${server.fhirBase}/.well-known/smart-configuration`);
    const config = (await res.json()) as Record<string, unknown>;
    expect(config.revocation_endpoint).toBe(`${server.url}/sandbox/auth/revoke`);
  });

  it('revoking an access token makes the FHIR endpoint refuse it', async () => {
    const tokens = await login();
    expect(await readPatient(tokens.access_token)).toBe(200);
    const res = await revokeToken(server.url, {
      token: tokens.access_token ?? '',
      token_type_hint: 'access_token',
      client_id: 'oncoagent',
    });
    expect(res.status).toBe(200);
    expect(await readPatient(tokens.access_token)).toBe(401);
    const dicom = await fetch(`${server.url}/sandbox/dicomweb/studies/1.2.3/series`, {
      headers: { Authorization: `Bearer ${tokens.access_token}` },
    });
    expect(dicom.status).toBe(401);
  });

  it('revoking a refresh token revokes its family', async () => {
    const first = await login();
    const second = await refreshToken(server.url, first.refresh_token ?? '');
    const res = await revokeToken(server.url, { token: second.body.refresh_token ?? '', client_id: 'oncoagent' });
    expect(res.status).toBe(200);
    expect((await refreshToken(server.url, second.body.refresh_token ?? '')).body.error).toBe('invalid_grant');
    expect(await readPatient(second.body.access_token)).toBe(401);
  });

  it('answers 200 for an unknown token, 400 without a token', async () => {
    expect((await revokeToken(server.url, { token: 'not-a-token', client_id: 'oncoagent' })).status).toBe(200);
    const missing = await revokeToken(server.url, { client_id: 'oncoagent' });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
  });

  it('authenticates confidential clients and refuses to revoke another client’s token', async () => {
    const confidential = await login('oncoagent-confidential', 'test-secret');
    const unauthenticated = await revokeToken(server.url, {
      token: confidential.refresh_token ?? '',
      client_id: 'oncoagent-confidential',
    });
    expect(unauthenticated.status).toBe(401);
    expect(unauthenticated.body.error).toBe('invalid_client');
    const app = await login();
    const foreign = await revokeToken(
      server.url,
      { token: app.access_token ?? '' },
      'oncoagent-confidential:test-secret'
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toBe('unauthorized_client');
    expect(await readPatient(app.access_token)).toBe(200);
    const own = await revokeToken(
      server.url,
      { token: confidential.refresh_token ?? '', token_type_hint: 'refresh_token' },
      'oncoagent-confidential:test-secret'
    );
    expect(own.status).toBe(200);
    const again = await refreshToken(
      server.url,
      confidential.refresh_token ?? '',
      '',
      'oncoagent-confidential:test-secret'
    );
    expect(again.body.error).toBe('invalid_grant');
    expect(await readPatient(confidential.access_token)).toBe(401);
  });

  it('puts a jti in every access token', async () => {
    const tokens = await login();
    const claims = JSON.parse(Buffer.from(tokens.access_token?.split('.')[1] ?? '', 'base64url').toString());
    expect(typeof claims.jti).toBe('string');
  });
});

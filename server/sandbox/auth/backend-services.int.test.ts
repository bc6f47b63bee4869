// SMART Backend Services at the sandbox's token endpoint: a good client assertion of `oncoagent-backend` gets a system/
// token that reads the FHIR API; each bad assertion is refused `invalid_client` saying which rule failed; client
// secrets keep working; and `oncoagent workup --private-key` runs end to end.
import { createHmac, createPrivateKey, type KeyObject, randomUUID, sign } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { createWorkupDeps } from '../../agent/deps';
import { CliError } from '../../commands/cli-error';
import { workupCommand } from '../../commands/workup';
import { generateBackendKeyPair } from '../../fhir/backend-auth-keys';
import { demoId } from '../demo/portable';

const JWT_BEARER = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const pair = generateBackendKeyPair('ES384');
const privateKey = createPrivateKey({ key: pair.privateJwk, format: 'jwk' });
const stranger = createPrivateKey({ key: generateBackendKeyPair('ES384').privateJwk, format: 'jwk' });
let ehr: TestServer;
let tokenUrl: string;
let keyFile: string;

beforeAll(async () => {
  ehr = await startTestServer({ backendKeys: { jwks: pair.jwks } });
  tokenUrl = `${ehr.url}/sandbox/auth/token`;
  const dir = await mkdtemp(join(tmpdir(), 'backend-services-'));
  keyFile = join(dir, 'oncoagent-backend.private-key.jwk.json');
  await writeFile(keyFile, JSON.stringify(pair.privateJwk), { mode: 0o600 });
});
afterAll(async () => {
  await ehr?.close();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An assertion with the given claims and header changes, signed ES384 by `key` (or HS256 / none when asked). */
function assertion(
  claims: Record<string, unknown> = {},
  o: { key?: KeyObject; alg?: string; header?: Record<string, unknown> } = {}
): string {
  const now = Math.floor(Date.now() / 1000);
  const alg = o.alg ?? 'ES384';
  const header = b64({ alg, typ: 'JWT', kid: pair.kid, ...o.header });
  const body = b64({
    iss: 'oncoagent-backend',
    sub: 'oncoagent-backend',
    aud: tokenUrl,
    exp: now + 240,
    jti: randomUUID(),
    ...claims,
  });
  const data = `${header}.${body}`;
  if (alg === 'none') return `${data}.`;
  if (alg === 'HS256')
    return `${data}.${createHmac('sha256', JSON.stringify(pair.jwks.keys[0])).update(data).digest('base64url')}`;
  const signature = sign('sha384', Buffer.from(data), { key: o.key ?? privateKey, dsaEncoding: 'ieee-p1363' });
  return `${data}.${signature.toString('base64url')}`;
}

async function tokenRequest(fields: Record<string, string>, headers: Record<string, string> = {}) {
  const res = await fetch(tokenUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'system/*.rs', ...fields }).toString(),
  });
  return { status: res.status, body: (await res.json()) as Record<string, string> };
}

const withAssertion = (jwt: string) => tokenRequest({ client_assertion_type: JWT_BEARER, client_assertion: jwt });

describe('SMART Backend Services (private_key_jwt)', () => {
  it('advertises private_key_jwt with RS384 and ES384', async () => {
    const config = (await (await fetch(`${ehr.fhirBase}/.well-known/smart-configuration`)).json()) as Record<
      string,
      string[]
    >;
    expect(config.token_endpoint_auth_methods_supported).toContain('private_key_jwt');
    expect(config.token_endpoint_auth_signing_alg_values_supported).toEqual(['RS384', 'ES384']);
    expect(config.capabilities).toContain('client-confidential-asymmetric');
  });

  it('gives a system/ token for a good assertion, and the token reads the FHIR API', async () => {
    const { status, body } = await tokenRequest({
      client_assertion_type: JWT_BEARER,
      client_assertion: assertion(),
      scope: 'system/Patient.rs system/Observation.crus system/Patient.cruds',
    });
    expect(status).toBe(200);
    expect(body.token_type).toBe('Bearer');
    // Least privilege: reads and result writes, never delete.
    expect(body.scope).toBe('system/Patient.rs system/Observation.crus');
    const patient = await fetch(`${ehr.fhirBase}/Patient/${demoId('demo-hcc')}`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(patient.status).toBe(200);
    expect(((await patient.json()) as { id: string }).id).toBe(demoId('demo-hcc'));
  });

  const refusals: [string, () => Promise<{ status: number; body: Record<string, string> }>, RegExp][] = [
    ['wrong aud', () => withAssertion(assertion({ aud: `${ehr.fhirBase}` })), /aud must be the token endpoint/],
    [
      'aud with a trailing slash',
      () => withAssertion(assertion({ aud: `${tokenUrl}/` })),
      /aud must be the token endpoint/,
    ],
    ['expired', () => withAssertion(assertion({ exp: Math.floor(Date.now() / 1000) - 5 })), /has expired/],
    ['no exp', () => withAssertion(assertion({ exp: undefined })), /has no exp/],
    [
      'exp too far ahead',
      () => withAssertion(assertion({ exp: Math.floor(Date.now() / 1000) + 3600 })),
      /more than 5 minutes ahead/,
    ],
    ['wrong key', () => withAssertion(assertion({}, { key: stranger })), /signature does not verify/],
    [
      'wrong key with an unknown kid',
      () => withAssertion(assertion({}, { key: stranger, header: { kid: 'other' } })),
      /signature does not verify/,
    ],
    ['alg none', () => withAssertion(assertion({}, { alg: 'none' })), /alg none is not accepted/],
    ['alg HS256', () => withAssertion(assertion({}, { alg: 'HS256' })), /alg HS256 is not accepted/],
    ['iss ≠ sub', () => withAssertion(assertion({ sub: 'someone-else' })), /iss and sub must both be the client_id/],
    ['no jti', () => withAssertion(assertion({ jti: undefined })), /has no jti/],
    ['unknown client', () => withAssertion(assertion({ iss: 'nobody', sub: 'nobody' })), /Unknown client/],
    [
      'missing client_assertion_type',
      () => tokenRequest({ client_assertion: assertion() }),
      /client_assertion_type is missing/,
    ],
    [
      'another client_assertion_type',
      () => tokenRequest({ client_assertion_type: 'urn:x', client_assertion: assertion() }),
      /client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer/,
    ],
    [
      'a secret instead of an assertion',
      () =>
        tokenRequest({}, { authorization: `Basic ${Buffer.from('oncoagent-backend:test-secret').toString('base64')}` }),
      /authenticates with a signed client assertion/,
    ],
  ];
  for (const [name, run, why] of refusals) {
    it(`refuses ${name} with invalid_client`, async () => {
      const { status, body } = await run();
      expect(status).toBe(401);
      expect(body.error).toBe('invalid_client');
      expect(body.error_description).toMatch(why);
      expect(body.access_token).toBeUndefined();
    });
  }

  it('refuses a replayed assertion (same jti), even within its lifetime', async () => {
    const jwt = assertion();
    expect((await withAssertion(jwt)).status).toBe(200);
    const again = await withAssertion(jwt);
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({
      error: 'invalid_client',
      error_description: expect.stringMatching(/already used/),
    });
  });

  it('keeps client secrets working for oncoagent-cli', async () => {
    const basic = Buffer.from('oncoagent-cli:test-secret').toString('base64');
    const { status, body } = await tokenRequest({}, { authorization: `Basic ${basic}` });
    expect(status).toBe(200);
    expect(body.scope).toBe('system/*.rs');
  });
});

describe('oncoagent workup --client-id oncoagent-backend --private-key FILE', () => {
  const deps = () =>
    createWorkupDeps({ answerer: createTestAnswerer(), traceDir: false, env: { ONCOAGENT_OFFLINE: '1' } });

  it('gets a token with the key and runs the workup', async () => {
    let text = '';
    const flags = {
      fhir: ehr.fhirBase,
      patient: demoId('demo-hcc'),
      clientId: 'oncoagent-backend',
      privateKey: keyFile,
    };
    const result = await workupCommand(flags, deps, { stdout: { write: (t: string) => (text += t) } });
    expect(result.patient.id).toBe(demoId('demo-hcc'));
    expect(text).toMatch(/^# Tumour-board workup: Walter Lindqvist/);
  });

  it('exits 1 naming a bad key file, and 1 with the reason when the key is not the registered one', async () => {
    const io = { stdout: { write: () => true } };
    const missing = join(tmpdir(), 'no-such-key.jwk.json');
    const flags = { fhir: ehr.fhirBase, patient: demoId('demo-hcc'), clientId: 'oncoagent-backend' };
    const bad = await workupCommand({ ...flags, privateKey: missing }, deps, io).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(CliError);
    expect((bad as CliError).exitCode).toBe(1);
    expect((bad as CliError).message).toContain(missing);
    const otherFile = join(tmpdir(), `stranger-${randomUUID()}.pem`);
    await writeFile(otherFile, stranger.export({ format: 'pem', type: 'pkcs8' }) as string, { mode: 0o600 });
    const refused = await workupCommand({ ...flags, privateKey: otherFile }, deps, io).catch((e: unknown) => e);
    expect((refused as CliError).exitCode).toBe(1);
    expect((refused as CliError).message).toMatch(/refused client "oncoagent-backend": .*signature does not verify/);
  });
});

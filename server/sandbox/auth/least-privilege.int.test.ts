// Least privilege at the sandbox's authorization server: a client gets only what its registration allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../../common/smart/scopes';
import { authorizeAndExchange, authorizeCode, backendToken, ehrLaunch } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo/portable';

let server: TestServer;
const patient = demoId('demo-crc-met');
const other = demoId('demo-hcc');

async function appToken(scope: string, clientId?: string, clientSecret?: string) {
  const { launch } = await ehrLaunch(server.url, patient);
  return authorizeAndExchange({ server: server.url, fhirBase: server.fhirBase, scope, launch, clientId, clientSecret });
}

async function fhir(path: string, token: string, init: RequestInit = {}): Promise<number> {
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' };
  return (await fetch(`${server.fhirBase}/${path}`, { ...init, headers })).status;
}

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('scopes a client may be granted', () => {
  it('gives the public app no user/*.cruds: other patients stay unwritable and nothing can be deleted', async () => {
    const { status, body } = await appToken('launch openid fhirUser user/*.cruds');
    expect(status).toBe(200);
    const granted = body.scope?.split(' ') ?? [];
    expect(granted).not.toContain('user/*.cruds');
    expect(granted.some((s) => /\.[crus]*d/.test(s))).toBe(false);
    const token = body.access_token ?? '';
    expect(await fhir(`Patient/${other}`, token)).toBe(200);
    expect(await fhir(`Patient/${other}`, token, { method: 'DELETE' })).toBe(403);
    const bogus = { resourceType: 'Patient', id: other, name: [{ family: 'Changed' }] };
    expect(await fhir(`Patient/${other}`, token, { method: 'PUT', body: JSON.stringify(bogus) })).toBe(403);
    const cond = { resourceType: 'Condition', subject: { reference: `Patient/${other}` }, code: { text: 'x' } };
    expect(await fhir('Condition', token, { method: 'POST', body: JSON.stringify(cond) })).toBe(403);
  });

  it("grants the app's own default scope unchanged", async () => {
    const { body } = await appToken(DEFAULT_SCOPE);
    expect(body.scope).toBe(DEFAULT_SCOPE);
    expect(body.patient).toBe(patient);
  });

  it('narrows a wildcard request to what the registration allows', async () => {
    const { body } = await appToken('launch patient/*.cruds');
    const granted = body.scope?.split(' ') ?? [];
    expect(granted).toContain('patient/*.rs');
    expect(granted).toContain('patient/Observation.crus');
    expect(granted.some((s) => s.startsWith('patient/*.') && s.includes('d'))).toBe(false);
    const obs = { resourceType: 'Observation', status: 'final', code: { text: 'x' } };
    const own = JSON.stringify({ ...obs, subject: { reference: `Patient/${patient}` } });
    expect(await fhir('Observation', body.access_token ?? '', { method: 'POST', body: own })).toBe(201);
    const cond = JSON.stringify({
      resourceType: 'Condition',
      code: { text: 'x' },
      subject: { reference: `Patient/${patient}` },
    });
    expect(await fhir('Condition', body.access_token ?? '', { method: 'POST', body: cond })).toBe(403);
  });

  it('drops unknown and system scopes, and answers invalid_scope when nothing is left', async () => {
    const { body } = await appToken('launch patient/*.rs system/*.* made-up');
    expect(body.scope).toBe('launch patient/*.rs');
    const { location } = await authorizeCode({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'system/*.* user/Patient.d made-up',
    });
    expect(location?.searchParams.get('error')).toBe('invalid_scope');
    expect(location?.searchParams.get('state')).toBe('st-123');
  });

  it('keeps the confidential app client within the same list', async () => {
    const { body } = await appToken('launch patient/*.cruds user/*.cruds', 'oncoagent-confidential', 'test-secret');
    expect(body.scope?.split(' ').some((s) => s.endsWith('.cruds'))).toBe(false);
  });

  it('keeps the CLI backend client on system/ scopes', async () => {
    const full = await backendToken(server.url, 'test-secret');
    expect(full.body.scope).toBe('system/*.*');
    const narrow = await backendToken(server.url, 'test-secret', 'system/Patient.rs patient/*.cruds');
    expect(narrow.body.scope).toBe('system/Patient.rs');
    expect((await backendToken(server.url, 'test-secret', 'user/*.cruds')).body.error).toBe('invalid_scope');
  });
});

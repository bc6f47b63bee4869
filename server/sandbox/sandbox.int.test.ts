// The sandbox EHR over real HTTP: SMART authorization (PKCE, scopes, expiry) and the FHIR API's guarantees.
import type { Bundle, BundleEntry, Observation, OperationOutcome, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeAndExchange, backendToken, ehrLaunch } from '../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { SANDBOX_USER } from './auth/token';

// biome-ignore lint/suspicious/noExplicitAny: the tests read whatever FHIR JSON the server answers
type Json = any;

let server: TestServer;
let system: string;

const fixture: Bundle = {
  resourceType: 'Bundle',
  type: 'transaction',
  entry: ['pa', 'pb'].flatMap((id) => [
    {
      resource: { resourceType: 'Patient', id, name: [{ family: id.toUpperCase(), given: ['Test'] }] },
      request: { method: 'PUT', url: `Patient/${id}` },
    },
    {
      resource: {
        resourceType: 'Observation',
        id: `${id}-cea`,
        status: 'final',
        code: { text: 'CEA' },
        subject: { reference: `Patient/${id}` },
        effectiveDateTime: '2025-01-01',
      },
      request: { method: 'PUT', url: `Observation/${id}-cea` },
    },
  ]),
};

async function fhir(path: string, token?: string, init: RequestInit = {}): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/fhir+json',
    ...(init.headers as Record<string, string>),
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  const res = await fetch(`${server.fhirBase}/${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

async function patientToken(patient: string, scope = 'launch openid fhirUser patient/*.rs'): Promise<string> {
  const { launch } = await ehrLaunch(server.url, patient);
  const { body } = await authorizeAndExchange({ server: server.url, fhirBase: server.fhirBase, scope, launch });
  return body.access_token ?? '';
}

beforeAll(async () => {
  server = await startTestServer({ demo: false });
  system = (await backendToken(server.url, 'test-secret')).body.access_token ?? '';
  const loaded = await fhir('', system, { method: 'POST', body: JSON.stringify(fixture) });
  expect(loaded.status).toBe(200);
});
afterAll(() => server.close());

describe('SMART authorization server', () => {
  it('publishes discovery with PKCE S256 and the launch capabilities', async () => {
    const res = await fetch(`${server.fhirBase}/.well-known/smart-configuration`);
    const config = (await res.json()) as Json;
    expect(config.code_challenge_methods_supported).toEqual(['S256']);
    expect(config.capabilities).toEqual(
      expect.arrayContaining(['launch-ehr', 'launch-standalone', 'context-ehr-patient'])
    );
    expect(config.token_endpoint).toBe(`${server.url}/sandbox/auth/token`);
    const meta = await fhir('metadata');
    expect(meta.status).toBe(200);
    expect(JSON.stringify(meta.body.rest[0].security)).toContain('oauth-uris');
  });

  it('EHR launch gives a token bound to the patient, with id_token and refresh token', async () => {
    const { launch, iss } = await ehrLaunch(server.url, 'pa');
    expect(iss).toBe(server.fhirBase);
    const { status, body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch openid fhirUser online_access patient/*.rs',
      launch,
    });
    expect(status).toBe(200);
    expect(body.patient).toBe('pa');
    const idToken = JSON.parse(Buffer.from(body.id_token?.split('.')[1] ?? '', 'base64url').toString());
    expect(idToken.fhirUser).toBe(`${server.fhirBase}/${SANDBOX_USER}`);
    const refreshed = await fetch(`${server.url}/sandbox/auth/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: body.refresh_token ?? '',
        client_id: 'oncoagent',
      }),
    });
    expect(((await refreshed.json()) as { patient?: string }).patient).toBe('pa');
  });

  it('standalone launch lets the user pick the patient', async () => {
    const { body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch/patient openid fhirUser patient/*.rs',
      pick: 'pb',
    });
    expect(body.patient).toBe('pb');
  });

  it('rejects a PKCE verifier that does not match the challenge', async () => {
    const { launch } = await ehrLaunch(server.url, 'pa');
    const { status, body } = await authorizeAndExchange({
      server: server.url,
      fhirBase: server.fhirBase,
      scope: 'launch patient/*.rs',
      launch,
      wrongVerifier: true,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_grant');
  });

  it('refuses authorize without PKCE, and a wrong client secret', async () => {
    const params = new URLSearchParams({
      response_type: 'code',
      client_id: 'oncoagent',
      redirect_uri: `${server.url}/index.html`,
      scope: 'patient/*.rs',
      state: 's',
      aud: server.fhirBase,
    });
    const res = await fetch(`${server.url}/sandbox/auth/authorize?${params}`, { redirect: 'manual' });
    expect(new URL(res.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_request');
    expect((await backendToken(server.url, 'wrong')).status).toBe(401);
  });
});

describe('FHIR endpoint access control', () => {
  it('answers 401 without a token, with a forged token and with an expired one', async () => {
    expect((await fhir('Patient/pa')).status).toBe(401);
    expect((await fhir('Patient/pa', `${system}x`)).status).toBe(401);
    const expired = server.sandbox.signer.sign({
      aud: server.fhirBase,
      scope: 'system/*.*',
      exp: Math.floor(Date.now() / 1000) - 5,
    });
    const res = await fhir('Patient/pa', expired);
    expect(res.status).toBe(401);
    expect((res.body as OperationOutcome).issue?.[0]?.code).toBe('expired');
  });

  it('confines a patient token to its own compartment', async () => {
    const token = await patientToken('pa');
    expect((await fhir('Patient/pa', token)).status).toBe(200);
    expect((await fhir('Patient/pb', token)).status).toBe(403);
    expect((await fhir('Observation/pb-cea', token)).status).toBe(403);
    const search = await fhir('Observation?patient=pb', token);
    expect(search.status).toBe(200);
    expect(search.body.entry ?? []).toHaveLength(0);
    const all = await fhir('Observation', token);
    expect(all.body.entry.map((e: { resource: Observation }) => e.resource?.id)).toEqual(['pa-cea']);
    const patients = await fhir('Patient', token);
    expect(patients.body.entry.map((e: { resource: Patient }) => e.resource?.id)).toEqual(['pa']);
  });

  it('answers 403 when the token lacks the scope', async () => {
    const token = await patientToken('pa', 'launch patient/Patient.rs');
    expect((await fhir('Patient/pa', token)).status).toBe(200);
    const res = await fhir('Observation?patient=pa', token);
    expect(res.status).toBe(403);
    expect(res.body.resourceType).toBe('OperationOutcome');
    const write = await fhir('Patient/pa', token, {
      method: 'PUT',
      body: JSON.stringify({ resourceType: 'Patient', id: 'pa' }),
    });
    expect(write.status).toBe(403);
  });

  it('keeps a patient token from writing into another patient', async () => {
    const token = await patientToken('pa', 'launch patient/*.cruds');
    const other = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'x' },
      subject: { reference: 'Patient/pb' },
    };
    expect((await fhir('Observation', token, { method: 'POST', body: JSON.stringify(other) })).status).toBe(403);
    const own = { ...other, subject: { reference: 'Patient/pa' } };
    expect((await fhir('Observation', token, { method: 'POST', body: JSON.stringify(own) })).status).toBe(201);
  });
});

describe('FHIR REST behaviour', () => {
  it('creates, reads, vreads, updates, searches with bare ids and deletes', async () => {
    const obs = {
      resourceType: 'Observation',
      status: 'final',
      code: { text: 'AFP' },
      subject: { reference: 'Patient/pa' },
      effectiveDateTime: '2026-05-01',
    };
    const created = await fhir('Observation', system, { method: 'POST', body: JSON.stringify(obs) });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    const vid = created.body.meta.versionId as string;
    const updated = await fhir(`Observation/${id}`, system, {
      method: 'PUT',
      body: JSON.stringify({ ...created.body, status: 'amended' }),
    });
    expect(updated.body.status).toBe('amended');
    expect((await fhir(`Observation/${id}/_history/${vid}`, system)).body.status).toBe('final');
    const sorted = await fhir('Observation?patient=pa&_sort=-date', system);
    expect(sorted.body.entry[0].resource.id).toBe(id);
    expect(sorted.body.entry[0].fullUrl).toBe(`${server.fhirBase}/Observation/${id}`);
    expect((await fhir(`Observation/${id}`, system, { method: 'DELETE' })).status).toBe(200);
    expect((await fhir(`Observation/${id}`, system)).status).toBe(404);
  });

  it('pages with _count and supports _include and _revinclude', async () => {
    const page = await fhir('Observation?_count=1', system);
    expect(page.body.entry).toHaveLength(1);
    expect(page.body.link.find((l: { relation: string }) => l.relation === 'next')).toBeDefined();
    const inc = await fhir('Observation?patient=pa&_include=Observation:subject', system);
    expect(inc.body.entry.some((e: BundleEntry) => e.search?.mode === 'include' && e.resource?.id === 'pa')).toBe(true);
    const rev = await fhir('Patient?_id=pb&_revinclude=Observation:subject', system);
    expect(rev.body.entry.map((e: BundleEntry) => e.resource?.id)).toEqual(['pb', 'pb-cea']);
  });

  it('rejects an invalid resource with a 400 OperationOutcome', async () => {
    const bad = { resourceType: 'Observation', status: 'final', code: { text: 'x' }, bogus: true };
    const res = await fhir('Observation', system, { method: 'POST', body: JSON.stringify(bad) });
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    const notJson = await fhir('Observation', system, { method: 'POST', body: '{oops' });
    expect(notJson.status).toBe(400);
  });

  it('commits a transaction atomically: one bad entry writes nothing', async () => {
    const before = (await fhir('Patient?_count=100', system)).body.entry.length;
    const invalid: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          fullUrl: 'urn:uuid:1b7a5b9e-0000-4000-8000-000000000001',
          resource: { resourceType: 'Patient', name: [{ family: 'New' }] },
          request: { method: 'POST', url: 'Patient' },
        },
        {
          resource: { resourceType: 'Observation', status: 'final', code: { text: 'x' }, nonsense: 1 } as Observation,
          request: { method: 'POST', url: 'Observation' },
        },
      ],
    };
    expect((await fhir('', system, { method: 'POST', body: JSON.stringify(invalid) })).status).toBe(400);
    const failingLate: Bundle = {
      resourceType: 'Bundle',
      type: 'transaction',
      entry: [
        {
          resource: { resourceType: 'Patient', id: 'late', name: [{ family: 'Late' }] },
          request: { method: 'PUT', url: 'Patient/late' },
        },
        { request: { method: 'DELETE', url: 'Observation/does-not-exist' } },
      ],
    };
    const res = await fhir('', system, { method: 'POST', body: JSON.stringify(failingLate) });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect((await fhir('Patient/late', system)).status).toBe(404);
    expect((await fhir('Patient?_count=100', system)).body.entry.length).toBe(before);
  });

  it('answers a batch entry by entry', async () => {
    const batch: Bundle = {
      resourceType: 'Bundle',
      type: 'batch',
      entry: [{ request: { method: 'GET', url: 'Patient/pa' } }, { request: { method: 'GET', url: 'Patient/nope' } }],
    };
    const res = await fhir('', system, { method: 'POST', body: JSON.stringify(batch) });
    expect(res.body.type).toBe('batch-response');
    expect(res.body.entry.map((e: BundleEntry) => e.response?.status)).toEqual(['200', '404']);
  });
});

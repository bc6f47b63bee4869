// `--emulate medplum` at the FHIR endpoint: what a Medplum 4.5.2 server refuses or does differently (UUID ids,
// transactions as batches unless atomic, atomic-transaction limits, scope wildcards, profiles needing
// StructureDefinition access), next to the spec-conformant default that must not change.
import type { BundleEntry, Observation, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { bundleOf, fhir, patientToken, post, seed, statuses, systemToken, uuid } from './test-support';

const PA = uuid('mp-pa');
const EXISTING = Array.from({ length: 51 }, (_, i) => uuid(`mp-existing-${i}`));
const PROFILE = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-observation-lab';

let plain: TestServer;
let batchLike: TestServer;
let atomic: TestServer;

const patients = (): Patient[] => [PA, ...EXISTING].map((id) => ({ resourceType: 'Patient', id }));

beforeAll(async () => {
  [plain, batchLike, atomic] = await Promise.all([
    startTestServer({ demo: false }),
    startTestServer({ demo: false, emulate: { server: 'medplum', atomicTransactions: false } }),
    startTestServer({ demo: false, emulate: { server: 'medplum', atomicTransactions: true } }),
  ]);
  for (const server of [plain, batchLike, atomic]) await seed(server, patients());
});
afterAll(async () => {
  await Promise.all([plain?.close(), batchLike?.close(), atomic?.close()]);
});

const observation = (extra: Partial<Observation> = {}): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: { text: 'CEA' },
  subject: { reference: `Patient/${PA}` },
  ...extra,
});

const tagged = (tag: string): Partial<Observation> => ({ identifier: [{ system: 'urn:test:mp', value: tag }] });

const countTagged = async (server: TestServer, token: string, tag: string): Promise<number> =>
  (await fhir(server, `Observation?identifier=urn:test:mp|${tag}&_summary=count`, token)).body.total;

describe('ids', () => {
  it('refuses a non-UUID id and create-by-PUT like Medplum; the default mode allows both', async () => {
    for (const server of [batchLike, plain]) {
      const medplum = server === batchLike;
      const token = await systemToken(server);
      const named = await fhir(server, 'Patient/not-a-uuid', token, {
        method: 'PUT',
        body: JSON.stringify({ resourceType: 'Patient', id: 'not-a-uuid' }),
      });
      expect(named.status).toBe(medplum ? 400 : 201);
      if (medplum) expect(named.body.issue[0].details.text).toBe('Invalid id');
      const fresh = uuid(`new-by-put-${medplum}`);
      const byPut = await fhir(server, `Patient/${fresh}`, token, {
        method: 'PUT',
        body: JSON.stringify({ resourceType: 'Patient', id: fresh }),
      });
      expect(byPut.status).toBe(medplum ? 404 : 201);
      const update = await fhir(server, `Patient/${PA}`, token, {
        method: 'PUT',
        body: JSON.stringify({ resourceType: 'Patient', id: PA, active: true }),
      });
      expect(update.status).toBe(200);
    }
  });

  it('gives every created resource a new random UUID, ignoring a posted id', async () => {
    for (const server of [batchLike, plain]) {
      const created = await post(server, 'Patient', await systemToken(server), { resourceType: 'Patient', id: PA });
      expect(created.status).toBe(201);
      expect(created.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(created.body.id).not.toBe(PA);
    }
  });
});

describe('transactions without atomic transactions (Medplum default)', () => {
  it('runs entries one by one: refused entries get their own status in a 200, earlier ones stay written', async () => {
    const token = await systemToken(batchLike);
    const urn = 'urn:uuid:8d1c7e2a-4f1b-4c59-9a44-2f8a1d3e5b60';
    const res = await post(
      batchLike,
      '',
      token,
      bundleOf('transaction', [
        { fullUrl: urn, resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } },
        {
          resource: observation({ subject: { reference: urn }, ...tagged('kept') }),
          request: { method: 'POST', url: 'Observation' },
        },
        { resource: { resourceType: 'Patient', id: 'bad' }, request: { method: 'PUT', url: 'Patient/bad' } },
      ])
    );
    expect(res.status).toBe(200);
    expect(res.body.type).toBe('transaction-response');
    expect(statuses(res.body)).toEqual(['201', '201', '400']);
    const kept = await fhir(batchLike, 'Observation?identifier=urn:test:mp|kept', token);
    expect(kept.body.entry[0].resource.subject.reference).toBe(`Patient/${res.body.entry[0].resource.id}`);
  });

  it('answers an entry the token may not write with 403 inside the 200', async () => {
    const token = await systemToken(batchLike, 'system/Patient.crs system/Observation.rs');
    const res = await post(
      batchLike,
      '',
      token,
      bundleOf('transaction', [
        { resource: { resourceType: 'Patient' }, request: { method: 'POST', url: 'Patient' } },
        { resource: observation(tagged('no-scope')), request: { method: 'POST', url: 'Observation' } },
      ])
    );
    expect(res.status).toBe(200);
    expect(statuses(res.body)).toEqual(['201', '403']);
  });
});

describe('atomic transactions', () => {
  const conditional = (tag: string, n: number): BundleEntry[] => [
    {
      resource: observation(tagged(tag)),
      request: { method: 'POST', url: 'Observation', ifNoneExist: `identifier=urn:test:mp|${tag}` },
    },
    ...Array.from({ length: n - 1 }, () => ({
      resource: observation(tagged(tag)),
      request: { method: 'POST' as const, url: 'Observation' },
    })),
  ];

  it('refuses more than 8 entries with a conditional one, and more than 50 updates, writing nothing', async () => {
    const token = await systemToken(atomic);
    const nine = await post(atomic, '', token, bundleOf('transaction', conditional('nine', 9)));
    expect(nine.status).toBe(400);
    expect(nine.text).toContain('Transaction requires strict isolation but has too many entries');
    expect(await countTagged(atomic, token, 'nine')).toBe(0);
    const eight = await post(atomic, '', token, bundleOf('transaction', conditional('eight', 8)));
    expect(eight.status).toBe(200);
    expect(await countTagged(atomic, token, 'eight')).toBe(8);
    const updates = EXISTING.map((id) => ({
      resource: { resourceType: 'Patient', id, active: false } as Patient,
      request: { method: 'PUT' as const, url: `Patient/${id}` },
    }));
    const tooMany = await post(atomic, '', token, bundleOf('transaction', updates));
    expect(tooMany.status).toBe(400);
    expect(tooMany.text).toContain('more update operations than allowed');
    expect((await fhir(atomic, `Patient/${EXISTING[0]}`, token)).body.active).toBeUndefined();
  });

  it('rolls everything back when one entry fails', async () => {
    const token = await systemToken(atomic);
    const res = await post(
      atomic,
      '',
      token,
      bundleOf('transaction', [
        { resource: observation(tagged('rolled')), request: { method: 'POST', url: 'Observation' } },
        { resource: { resourceType: 'Patient', id: 'bad' }, request: { method: 'PUT', url: 'Patient/bad' } },
      ])
    );
    expect(res.status).toBe(400);
    expect(await countTagged(atomic, token, 'rolled')).toBe(0);
  });

  it('has no such limits in the default mode', async () => {
    const token = await systemToken(plain);
    const updates = EXISTING.map((id) => ({
      resource: { resourceType: 'Patient', id, active: true } as Patient,
      request: { method: 'PUT' as const, url: `Patient/${id}` },
    }));
    const res = await post(plain, '', token, bundleOf('transaction', [...updates, ...conditional('plain', 12)]));
    expect(res.status).toBe(200);
    expect(await countTagged(plain, token, 'plain')).toBe(12);
  });
});

describe('scopes', () => {
  it('ignores write scopes next to a read-only wildcard (the default mode follows SMART)', async () => {
    for (const server of [batchLike, plain]) {
      const medplum = server === batchLike;
      const system = await systemToken(server, 'system/*.rs system/Observation.c');
      expect((await post(server, 'Observation', system, observation())).status).toBe(medplum ? 403 : 201);
      const launch = await patientToken(server, PA, 'launch patient/*.rs patient/Observation.crus');
      const res = await post(server, 'Observation', launch, observation());
      expect(res.status).toBe(medplum ? 403 : 201);
      if (medplum) expect(res.body.issue[0].details.text).toBe('Forbidden');
    }
  });

  it('accepts explicit per-type scopes, but a meta.profile needs StructureDefinition access', async () => {
    const profiled = observation({ meta: { profile: [PROFILE] } });
    for (const server of [batchLike, plain]) {
      const medplum = server === batchLike;
      const explicit = await patientToken(server, PA, 'launch patient/Observation.crus patient/Patient.rs');
      expect((await post(server, 'Observation', explicit, observation())).status).toBe(201);
      expect((await post(server, 'Observation', explicit, profiled)).status).toBe(medplum ? 403 : 201);
      const withSd = await patientToken(
        server,
        PA,
        'launch patient/Observation.crus patient/Patient.rs user/StructureDefinition.rs'
      );
      expect((await post(server, 'Observation', withSd, profiled)).status).toBe(201);
    }
  });

  it('answers refused batch entries with 403 inside a 200', async () => {
    const token = await patientToken(batchLike, PA, 'launch patient/*.rs patient/Observation.crus');
    const res = await post(
      batchLike,
      '',
      token,
      bundleOf('batch', [
        { request: { method: 'GET', url: `Patient/${PA}` } },
        { resource: observation(), request: { method: 'POST', url: 'Observation' } },
      ])
    );
    expect(res.status).toBe(200);
    expect(statuses(res.body)).toEqual(['200', '403']);
  });
});

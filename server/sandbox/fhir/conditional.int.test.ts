// Conditional writes (If-None-Exist, conditional update/delete) with a patient token, in a single request, a batch and
// a transaction: the condition is searched only within what the token can see, so another patient's resources are
// never returned, never changed, and never betray their existence (no 412 "multiple matches"), in both modes.
import type { Observation, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { bundleOf, fhir, mintToken, patientToken, post, seed, statuses, systemToken, uuid } from './test-support';

const PA = uuid('cond-pa');
const PB = uuid('cond-pb');
/** Identifiers only B's Observations carry: `secret` once, `twice` on two of them (one pair per test case). */
const CASES = ['post', 'transaction', 'batch', 'update', 'delete'];
const secret = (c: string) => `urn:test:secret|${c}`;
const twice = (c: string) => `urn:test:twice|${c}`;
const q = (identifier: string) => `identifier=${encodeURIComponent(identifier)}`;
const B_OBS = CASES.flatMap((c) => [
  { id: uuid(`cond-pb-${c}-1`), identifier: secret(c) },
  { id: uuid(`cond-pb-${c}-2`), identifier: twice(c) },
  { id: uuid(`cond-pb-${c}-3`), identifier: twice(c) },
]);
const B_IDS = B_OBS.map((o) => o.id);

const obs = (id: string | undefined, patient: string, identifier: string, text = 'CEA'): Observation => ({
  resourceType: 'Observation',
  ...(id ? { id } : {}),
  status: 'final',
  code: { text },
  subject: { reference: `Patient/${patient}` },
  identifier: [{ system: identifier.split('|')[0], value: identifier.split('|')[1] }],
});

describe.each([
  ['default', undefined],
  ['medplum', { server: 'medplum' as const, atomicTransactions: true }],
])('conditional writes confined to the caller (%s mode)', (_mode, emulate) => {
  let server: TestServer;
  let tokenA: string;
  let system: string;

  beforeAll(async () => {
    server = await startTestServer({ demo: false, ...(emulate ? { emulate } : {}) });
    const patients: Patient[] = [PA, PB].map((id) => ({ resourceType: 'Patient', id, name: [{ family: id }] }));
    await seed(server, [...patients, ...B_OBS.map((o) => obs(o.id, PB, o.identifier, 'secret B value'))]);
    tokenA = await patientToken(server, PA, 'launch openid patient/Observation.crus patient/Patient.rs');
    system = await systemToken(server);
  });
  afterAll(() => server.close());

  const assertBUntouched = async () => {
    for (const id of B_IDS) {
      const res = await fhir(server, `Observation/${id}`, system);
      expect(res.status).toBe(200);
      expect(res.body.subject.reference).toBe(`Patient/${PB}`);
      expect(res.body.meta.versionId).toBeDefined();
      expect((await fhir(server, `Observation/${id}/_history`, system)).body.entry).toHaveLength(1);
    }
  };

  const noLeak = (text: string) => {
    for (const id of B_IDS) expect(text).not.toContain(id);
    expect(text).not.toContain('secret B value');
  };

  it('If-None-Exist on a single POST creates the caller its own resource instead of returning B’s', async () => {
    const res = await post(server, 'Observation', tokenA, obs(undefined, PA, secret('post')), {
      'If-None-Exist': q(secret('post')),
    });
    expect(res.status).toBe(201);
    expect(res.body.subject.reference).toBe(`Patient/${PA}`);
    noLeak(res.text);
    const dup = await post(server, 'Observation', tokenA, obs(undefined, PA, twice('post')), {
      'If-None-Exist': q(twice('post')),
    });
    expect(dup.status).toBe(201);
    noLeak(dup.text);
    await assertBUntouched();
  });

  it('If-None-Exist inside a transaction and a batch does the same', async () => {
    for (const type of ['transaction', 'batch'] as const) {
      const res = await post(
        server,
        '',
        tokenA,
        bundleOf(type, [
          {
            resource: obs(undefined, PA, secret(type)),
            request: { method: 'POST', url: 'Observation', ifNoneExist: q(secret(type)) },
          },
          {
            resource: obs(undefined, PA, twice(type)),
            request: { method: 'POST', url: 'Observation', ifNoneExist: q(twice(type)) },
          },
        ])
      );
      expect(res.status).toBe(200);
      expect(statuses(res.body)).toEqual(['201', '201']);
      noLeak(res.text);
    }
    await assertBUntouched();
  });

  it('a conditional update or delete never reaches B’s resources', async () => {
    const update = await fhir(server, `Observation?${q(twice('update'))}`, tokenA, {
      method: 'PUT',
      body: JSON.stringify(obs(undefined, PA, twice('update'), 'overwritten')),
    });
    expect(update.status).toBeLessThan(300);
    noLeak(update.text);
    const inBundle = await post(
      server,
      '',
      tokenA,
      bundleOf('batch', [
        {
          resource: obs(undefined, PA, secret('update')),
          request: { method: 'PUT', url: `Observation?${q(secret('update'))}` },
        },
      ])
    );
    noLeak(inBundle.text);
    const tokenD = mintToken(server, 'launch patient/Observation.cruds', PA);
    for (const identifier of [secret('delete'), twice('delete')]) {
      const del = await fhir(server, `Observation?${q(identifier)}`, tokenD, { method: 'DELETE' });
      expect(del.status, del.text).toBeLessThan(300);
      noLeak(del.text);
    }
    await assertBUntouched();
  });

  it('refuses writing into B with a message that names no id', async () => {
    const res = await post(server, 'Observation', tokenA, obs(undefined, PB, 'urn:x|y'));
    expect(res.status).toBe(403);
    noLeak(res.text);
    expect(res.text).not.toContain(PB);
  });
});

describe('conditional create without search permission (default mode)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ demo: false });
    await seed(server, [
      { resourceType: 'Patient', id: PA },
      { resourceType: 'Patient', id: PB },
      obs(B_IDS[0], PB, secret('post'), 'secret B value'),
    ]);
  });
  afterAll(() => server.close());

  it('is refused, since the condition is a search the token may not run', async () => {
    const tokenC = await patientToken(server, PA, 'launch patient/Observation.c');
    const res = await post(server, 'Observation', tokenC, obs(undefined, PA, secret('post')), {
      'If-None-Exist': q(secret('post')),
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(B_IDS[0]);
    const plain = await post(server, 'Observation', tokenC, obs(undefined, PA, 'urn:x|new'));
    expect(plain.status).toBe(201);
  });
});

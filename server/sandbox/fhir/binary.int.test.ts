// Binary follows its securityContext: under patient/ scopes a Binary tied to another patient (directly or through a
// resource in that patient's compartment) cannot be read, searched, batch-read or written, in both modes.
import type { Binary, DocumentReference, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { bundleOf, fhir, mintToken, patientToken, post, seed, statuses, systemToken, uuid } from './test-support';

const PA = uuid('bin-pa');
const PB = uuid('bin-pb');
const DOC_B = uuid('bin-doc-b');
const BIN = {
  ownPatient: uuid('bin-a-patient'),
  ownDoc: uuid('bin-a-doc'),
  otherPatient: uuid('bin-b-patient'),
  otherDoc: uuid('bin-b-doc'),
  unsecured: uuid('bin-none'),
};
const DOC_A = uuid('bin-doc-a');

const binary = (id: string, securityContext?: string): Binary => ({
  resourceType: 'Binary',
  id,
  contentType: 'text/plain',
  data: Buffer.from(`report for ${securityContext ?? 'nobody'}`).toString('base64'),
  ...(securityContext ? { securityContext: { reference: securityContext } } : {}),
});

const doc = (id: string, patient: string): DocumentReference => ({
  resourceType: 'DocumentReference',
  id,
  status: 'current',
  subject: { reference: `Patient/${patient}` },
  content: [{ attachment: { contentType: 'text/plain', url: `Binary/${id}` } }],
});

describe.each([
  ['default', undefined],
  ['medplum', { server: 'medplum' as const, atomicTransactions: false }],
])('Binary under patient/ scopes (%s mode)', (_mode, emulate) => {
  let server: TestServer;
  let tokenA: string;

  beforeAll(async () => {
    server = await startTestServer({ demo: false, ...(emulate ? { emulate } : {}) });
    const patients: Patient[] = [PA, PB].map((id) => ({ resourceType: 'Patient', id }));
    await seed(server, [
      ...patients,
      doc(DOC_A, PA),
      doc(DOC_B, PB),
      binary(BIN.ownPatient, `Patient/${PA}`),
      binary(BIN.ownDoc, `DocumentReference/${DOC_A}`),
      binary(BIN.otherPatient, `Patient/${PB}`),
      binary(BIN.otherDoc, `DocumentReference/${DOC_B}`),
      binary(BIN.unsecured),
    ]);
    tokenA = await patientToken(server, PA, 'launch openid patient/*.rs');
  });
  afterAll(() => server.close());

  it("reads the launch patient's Binaries and refuses the other patient's", async () => {
    expect((await fhir(server, `Binary/${BIN.ownPatient}`, tokenA)).status).toBe(200);
    expect((await fhir(server, `Binary/${BIN.ownDoc}`, tokenA)).status).toBe(200);
    for (const id of [BIN.otherPatient, BIN.otherDoc, BIN.unsecured]) {
      const res = await fhir(server, `Binary/${id}`, tokenA);
      expect(res.status).toBe(403);
      expect(res.text).not.toContain(id);
      expect(res.text).not.toContain('report for');
    }
    const system = await systemToken(server);
    expect((await fhir(server, `Binary/${BIN.otherDoc}`, system)).status).toBe(200);
  });

  it('searches and batch-reads only what the launch patient may see', async () => {
    const found = await fhir(server, 'Binary?_count=50', tokenA);
    expect(found.status).toBe(200);
    expect(found.body.entry.map((e: { resource: Binary }) => e.resource.id).sort()).toEqual(
      [BIN.ownPatient, BIN.ownDoc].sort()
    );
    const batch = await post(
      server,
      '',
      tokenA,
      bundleOf('batch', [
        { request: { method: 'GET', url: `Binary/${BIN.ownDoc}` } },
        { request: { method: 'GET', url: `Binary/${BIN.otherPatient}` } },
        { request: { method: 'GET', url: 'Binary' } },
      ])
    );
    expect(statuses(batch.body)).toEqual(['200', '403', '200']);
    expect(batch.text).not.toContain(BIN.otherPatient);
    expect(batch.text).not.toContain(BIN.otherDoc);
  });

  it('refuses a patient token writing a Binary tied to another patient', async () => {
    const tokenW = mintToken(server, 'launch patient/Binary.cru', PA);
    const { id: _id, ...other } = binary('x', `Patient/${PB}`);
    expect((await post(server, 'Binary', tokenW, other)).status).toBe(403);
    const { id: _own, ...own } = binary('x', `Patient/${PA}`);
    const created = await post(server, 'Binary', tokenW, own);
    expect(created.status, created.text).toBe(201);
  });
});

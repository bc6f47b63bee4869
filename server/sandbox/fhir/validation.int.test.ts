// What the sandbox refuses to store: a PATCH whose result is invalid (both modes), and codes outside a required
// binding (default mode only: Medplum 4.5 stores `gender: "bogus"`, so its emulation must too).
import type { DiagnosticReport, Observation, Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { bundleOf, fhir, post, seed, statuses, systemToken, uuid } from './test-support';

const PATIENT = uuid('val-patient');
const OBS = uuid('val-obs');

const jsonPatch = (server: TestServer, path: string, token: string, ops: unknown[]) =>
  fhir(server, path, token, {
    method: 'PATCH',
    body: JSON.stringify(ops),
    headers: { 'Content-Type': 'application/json-patch+json' },
  });

const report = (status: string): DiagnosticReport =>
  ({ resourceType: 'DiagnosticReport', status, code: { text: 'CT chest' } }) as DiagnosticReport;

describe.each([
  ['default', undefined],
  ['medplum', { server: 'medplum' as const, atomicTransactions: true }],
])('validation on write (%s mode)', (mode, emulate) => {
  let server: TestServer;
  let system: string;
  const medplum = mode === 'medplum';

  beforeAll(async () => {
    server = await startTestServer({ demo: false, ...(emulate ? { emulate } : {}) });
    const observation: Observation = {
      resourceType: 'Observation',
      id: OBS,
      status: 'final',
      code: { text: 'CEA' },
      subject: { reference: `Patient/${PATIENT}` },
    };
    await seed(server, [{ resourceType: 'Patient', id: PATIENT, gender: 'female' }, observation]);
    system = await systemToken(server);
  });
  afterAll(() => server.close());

  it('refuses a PATCH that removes a required element, and keeps the stored version', async () => {
    const res = await jsonPatch(server, `Observation/${OBS}`, system, [{ op: 'remove', path: '/status' }]);
    expect(res.status).toBe(400);
    expect(res.body.resourceType).toBe('OperationOutcome');
    const stored = await fhir(server, `Observation/${OBS}`, system);
    expect(stored.body.status).toBe('final');
    expect((await fhir(server, `Observation/${OBS}/_history`, system)).body.entry).toHaveLength(1);
    const ok = await jsonPatch(server, `Observation/${OBS}`, system, [
      { op: 'replace', path: '/status', value: 'amended' },
    ]);
    expect(ok.status).toBe(200);
    expect(ok.body.status).toBe('amended');
  });

  it(`${medplum ? 'stores' : 'refuses'} codes outside a required binding`, async () => {
    const bogusPatient = await post(server, 'Patient', system, { resourceType: 'Patient', gender: 'bogus' });
    expect(bogusPatient.status).toBe(medplum ? 201 : 400);
    const bogusReport = await post(server, 'DiagnosticReport', system, report('bogus'));
    expect(bogusReport.status).toBe(medplum ? 201 : 400);
    if (!medplum) expect(bogusReport.text).toContain('DiagnosticReport.status');
    const patched = await jsonPatch(server, `Patient/${PATIENT}`, system, [
      { op: 'replace', path: '/gender', value: 'bogus' },
    ]);
    expect(patched.status).toBe(medplum ? 200 : 400);
    const inTransaction = await post(
      server,
      '',
      system,
      bundleOf('transaction', [
        { resource: report('final'), request: { method: 'POST', url: 'DiagnosticReport' } },
        {
          resource: { resourceType: 'Patient', gender: 'bogus' } as unknown as Patient,
          request: { method: 'POST', url: 'Patient' },
        },
      ])
    );
    expect(inTransaction.status).toBe(medplum ? 200 : 400);
    if (medplum) expect(statuses(inTransaction.body)).toEqual(['201', '201']);
    else expect(inTransaction.text).toContain('Bundle.entry[1]');
  });

  it('accepts valid codes', async () => {
    expect((await post(server, 'DiagnosticReport', system, report('final'))).status).toBe(201);
    expect((await post(server, 'Patient', system, { resourceType: 'Patient', gender: 'unknown' })).status).toBe(201);
  });
});

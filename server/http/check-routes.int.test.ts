// GET /api/check as the app calls it after a launch: the read-only checks with the caller's own token and launch
// patient, nothing written to the EHR, refused without the launch token, and Medplum's unconfined patient/ scopes found.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { CheckReport } from '../check';
import { demoId } from '../sandbox/demo/portable';

const PATIENT = demoId('demo-crc-met');
let plain: TestServer;
let medplum: TestServer;

beforeAll(async () => {
  [plain, medplum] = await Promise.all([
    startTestServer(),
    startTestServer({ emulate: { server: 'medplum', atomicTransactions: true } }),
  ]);
});
afterAll(async () => {
  await Promise.all([plain?.close(), medplum?.close()]);
});

async function getCheck(server: TestServer, headers: Record<string, string>): Promise<Response> {
  return fetch(`${server.url}/api/check`, { headers: { accept: 'application/json', ...headers } });
}

describe('GET /api/check', () => {
  it('runs the read-only checks with the launch token: every line ok, nothing written to the EHR', async () => {
    plain.fhirRequests.length = 0;
    const res = await getCheck(plain, plain.apiHeaders(PATIENT, { scope: DEFAULT_SCOPE }));
    expect(res.status).toBe(200);
    const report = (await res.json()) as CheckReport;
    expect(report.exitCode).toBe(0);
    expect(report.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    const ids = report.checks.map((c) => c.id);
    expect(ids).toEqual(
      expect.arrayContaining(['discovery.smart', 'auth.scopes', 'record.read', 'record.confined', 'profiles'])
    );
    expect(ids.some((id) => id.startsWith('write.'))).toBe(false);
    const writes = plain.fhirRequests.filter((r) => !r.startsWith('GET ') && !/^POST \/sandbox\/fhir\/R4\/?$/.test(r));
    expect(writes).toEqual([]);
    expect(JSON.stringify(report)).not.toContain(PATIENT);
  });

  it('is refused without the launch token', async () => {
    const res = await getCheck(plain, { 'x-fhir-base': plain.fhirBase, 'x-patient-id': PATIENT });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { resourceType: string }).resourceType).toBe('OperationOutcome');
  });

  it('finds a launch token that reads other patients (the old app scopes: user/*.rs beside patient/ scopes)', async () => {
    const res = await getCheck(medplum, medplum.apiHeaders(PATIENT, { scope: `${DEFAULT_SCOPE} user/*.rs` }));
    const report = (await res.json()) as CheckReport;
    expect(report.exitCode).toBe(1);
    const confined = report.checks.find((c) => c.id === 'record.confined');
    expect(confined?.status).toBe('fail');
    expect(confined?.found).toMatch(/reads \d+ resources of other patients/);
    expect(confined?.fix?.medplum).toContain('AccessPolicy');
    expect(report.checks.find((c) => c.id === 'auth.scopes')?.status).toBe('fail');
  });
});

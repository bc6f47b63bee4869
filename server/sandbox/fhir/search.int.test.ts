// Search controls over HTTP (_summary, _total) on the demo data, and malformed URLs answered 400, never 500.
import type { BundleEntry, Observation } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { demoId } from '../demo/portable';
import { fhir, patientToken, systemToken } from './test-support';

let server: TestServer;
let system: string;

beforeAll(async () => {
  server = await startTestServer();
  system = await systemToken(server);
});
afterAll(() => server.close());

const isSubsetted = (e: BundleEntry) => e.resource?.meta?.tag?.some((t) => t.code === 'SUBSETTED') === true;

describe('_summary and _total', () => {
  it('_summary=count gives the real total and no entries', async () => {
    const all = await fhir(server, 'Observation?_count=1000', system);
    expect(all.body.entry.length).toBeGreaterThan(50);
    const counted = await fhir(server, 'Observation?_summary=count', system);
    expect(counted.status).toBe(200);
    expect(counted.body.total).toBe(all.body.entry.length);
    expect(counted.body.entry ?? []).toEqual([]);
    const token = await patientToken(server, demoId('demo-crc-met'), 'launch patient/*.rs');
    const own = await fhir(server, 'Observation?_summary=count', token);
    const ownAll = await fhir(server, 'Observation?_count=1000', token);
    expect(own.body.total).toBe(ownAll.body.entry.length);
    expect(own.body.total).toBeLessThan(counted.body.total);
  });

  it('_summary=true keeps summary elements and marks them SUBSETTED; data drops the narrative; false is whole', async () => {
    const full = await fhir(server, 'Observation?_count=5', system);
    const summary = await fhir(server, 'Observation?_count=5&_summary=true', system);
    expect(summary.body.entry.every(isSubsetted)).toBe(true);
    expect(summary.body.entry.some((e: { resource: Observation }) => e.resource.category)).toBe(false);
    expect(full.body.entry.some((e: { resource: Observation }) => e.resource.category)).toBe(true);
    expect(full.body.entry.some(isSubsetted)).toBe(false);
    const data = await fhir(server, 'Observation?_count=5&_summary=data', system);
    expect(data.body.entry.every((e: { resource: Observation }) => e.resource.text === undefined)).toBe(true);
    const whole = await fhir(server, 'Observation?_count=5&_summary=false', system);
    expect(whole.body.entry).toEqual(full.body.entry);
    expect((await fhir(server, 'Observation?_summary=maybe', system)).status).toBe(400);
  });

  it('_total=none leaves the total out', async () => {
    const res = await fhir(server, 'Observation?_total=none&_count=1', system);
    expect(res.body.total).toBeUndefined();
    expect(res.body.entry).toHaveLength(1);
  });
});

describe('malformed URLs', () => {
  it('answers a bad percent-encoding in the path or query with a 400 OperationOutcome', async () => {
    for (const path of [
      '%',
      '%zz',
      'Patient/%E0%A4%A',
      'Observation?code=%E0%A4%A',
      'Observation?%=1',
      'Patient%2Fx',
    ]) {
      const res = await fhir(server, path, system);
      expect(res.status, path).toBe(400);
      expect(res.body.resourceType, path).toBe('OperationOutcome');
    }
    const encoded = await fhir(server, `Patient/${encodeURIComponent(demoId('demo-hcc'))}`, system);
    expect(encoded.status).toBe(200);
  });
});

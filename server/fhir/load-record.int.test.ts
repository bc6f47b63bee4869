// loadPatientRecord and DICOM retrieval against the real sandbox over HTTP, with the user's token passed through.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSlice } from '../../common/dicom/decode';
import { authorizeAndExchange, ehrLaunch } from '../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { DEMO_PATIENT_IDS } from '../sandbox/demo';
import { checkUrl, retrieveInstance, studyUid } from './dicom';
import { createFhirClient } from './fhir-client';
import { loadPatientRecord } from './load-record';

let server: TestServer;
let token: string;
const patientId = DEMO_PATIENT_IDS[0]!;

beforeAll(async () => {
  server = await startTestServer();
  const { launch } = await ehrLaunch(server.url, patientId);
  const { body } = await authorizeAndExchange({
    server: server.url,
    fhirBase: server.fhirBase,
    scope: 'launch openid fhirUser patient/*.rs',
    launch,
  });
  token = body.access_token ?? '';
});
afterAll(() => server.close());

describe('loadPatientRecord', () => {
  it('loads the whole record in at most two round trips', async () => {
    const fhir = createFhirClient({ baseUrl: server.fhirBase, token });
    server.fhirRequests.length = 0;
    const record = await loadPatientRecord(fhir, patientId);
    expect(server.fhirRequests.length).toBeLessThanOrEqual(2);
    expect(record.patient.id).toBe(patientId);
    expect(record.conditions.length).toBeGreaterThan(0);
    expect(record.observations.length).toBeGreaterThan(0);
    expect(record.diagnosticReports.length).toBeGreaterThan(0);
    expect(record.imagingStudies.length).toBe(2);
    expect(record.included.some((r) => r.resourceType === 'Endpoint')).toBe(true);
    expect(record.truncated).toEqual([]);
  });

  it('says the token expired or is missing instead of crashing', async () => {
    const fhir = createFhirClient({ baseUrl: server.fhirBase, token: 'not-a-token', retries: 0 });
    await expect(loadPatientRecord(fhir, patientId)).rejects.toThrow(/rejected the access token/);
  });

  it('refuses another patient with this token', async () => {
    const fhir = createFhirClient({ baseUrl: server.fhirBase, token, retries: 0 });
    await expect(loadPatientRecord(fhir, DEMO_PATIENT_IDS[1]!)).rejects.toThrow();
  });

  it('says when the FHIR server cannot be reached', async () => {
    const fhir = createFhirClient({ baseUrl: 'http://127.0.0.1:9/fhir', token, retries: 1, timeoutMs: 2000 });
    await expect(loadPatientRecord(fhir, patientId)).rejects.toThrow(/Cannot reach the FHIR server/);
  });
});

describe('DICOM retrieval', () => {
  it('fetches an instance by WADO-RS from the study endpoint with the user token', async () => {
    const fhir = createFhirClient({ baseUrl: server.fhirBase, token });
    const record = await loadPatientRecord(fhir, patientId);
    const study = record.imagingStudies[0]!;
    const endpointRef = study.endpoint?.[0]?.reference ?? '';
    const endpoint = record.included.find((r) => `${r.resourceType}/${r.id}` === endpointRef);
    expect(endpoint?.resourceType).toBe('Endpoint');
    const series = study.series![0]!;
    const bytes = await retrieveInstance(fhir, endpoint as never, {
      study: studyUid(study)!,
      series: series.uid,
      instance: series.instance![0]!.uid,
    });
    const slice = decodeSlice(bytes);
    expect(slice.rows).toBe(512);
    expect(slice.pixelSpacingMm?.[0]).toBeGreaterThan(0);
  });

  it('refuses URLs outside the FHIR server origin', () => {
    const fhir = createFhirClient({ baseUrl: server.fhirBase, token });
    expect(() => checkUrl('https://evil.example.org/x.dcm', fhir)).toThrow(/Refused/);
    expect(checkUrl('Binary/1', fhir).sameOrigin).toBe(true);
    expect(checkUrl('https://pacs.example.org/x', fhir, { pacsOrigins: ['https://pacs.example.org'] }).sameOrigin).toBe(
      false
    );
  });

  it('rejects DICOMweb requests without a token', async () => {
    const res = await fetch(`${server.url}/sandbox/dicomweb/studies/1.2.3`);
    expect(res.status).toBe(401);
  });
});

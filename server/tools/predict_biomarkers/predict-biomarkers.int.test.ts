// predict_biomarkers against the real sandbox over HTTP: the demo patient's feature-bag DocumentReference, read with a
// backend token, runs end to end, as does a bag stored as a Binary that the DocumentReference points to.
import type { Binary, DocumentReference } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeNpy } from '../../../common/npy/npy';
import { backendToken } from '../../../tests/support/smart-flow';
import { startTestServer, type TestServer } from '../../../tests/support/test-server';
import { createFhirClient, type FhirClient } from '../../fhir/fhir-client';
import { demoId } from '../../sandbox/demo/portable';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { predictBiomarkersTool as tool } from './index';
import { makeSyntheticBag } from './synthetic-bag';

let server: TestServer;
let fhir: FhirClient;
const config = readToolConfig({});

beforeAll(async () => {
  server = await startTestServer();
  const { body } = await backendToken(server.url, 'test-secret');
  fhir = createFhirClient({ baseUrl: server.fhirBase, token: body.access_token, retries: 0 });
});
afterAll(() => server.close());

describe('predict_biomarkers over the sandbox', () => {
  it("runs the demo model on demo-colon-new's histology feature bag", async () => {
    const run = await runTool(
      tool,
      { features: `DocumentReference/${demoId('demo-colon-new-he-tile-features')}` },
      { config, fhir }
    );
    expect(run.status, run.message).toBe('ok');
    expect(run.output?.bag).toEqual({ n: 96, d: 64 });
    expect(run.output?.source).toBe(`DocumentReference/${demoId('demo-colon-new-he-tile-features')}`);
    expect(run.output?.predictions.map((p) => p.target)).toEqual(['MSI', 'KRAS', 'BRAF']);
    expect(run.output?.disclaimer).toBe('Demo model, not clinically validated: do not use for patient care.');
    expect(server.fhirRequests).toContain(
      `GET /sandbox/fhir/R4/DocumentReference/${demoId('demo-colon-new-he-tile-features')}`
    );
  });

  it('follows an attachment url to a Binary on the FHIR server', async () => {
    const bag = makeSyntheticBag({ seed: 21, n: 80, d: 64, positive: { KRAS: true } });
    const binary = (await fhir.client.create({
      resourceType: 'Binary',
      body: {
        resourceType: 'Binary',
        contentType: 'application/x-npy',
        data: Buffer.from(encodeNpy(bag.shape, bag.data)).toString('base64'),
      } satisfies Binary,
    })) as unknown as Binary;
    const doc = (await fhir.client.create({
      resourceType: 'DocumentReference',
      body: {
        resourceType: 'DocumentReference',
        status: 'current',
        subject: { reference: `Patient/${demoId('demo-colon-new')}` },
        content: [{ attachment: { contentType: 'application/x-npy', url: `Binary/${binary.id}` } }],
      } satisfies DocumentReference,
    })) as unknown as DocumentReference;
    const run = await runTool(tool, { features: `DocumentReference/${doc.id}`, targets: ['KRAS'] }, { config, fhir });
    expect(run.status, run.message).toBe('ok');
    expect(run.output?.predictions).toEqual([expect.objectContaining({ target: 'KRAS', label: 'KRAS mutated' })]);
    expect(server.fhirRequests).toContain(`GET /sandbox/fhir/R4/Binary/${binary.id}`);
  });

  it('says which document is missing or holds no feature bag', async () => {
    const missing = await runTool(tool, { features: 'DocumentReference/no-such-doc' }, { config, fhir });
    expect(missing).toMatchObject({
      status: 'error',
      message: expect.stringMatching(/Could not read DocumentReference\/no-such-doc/),
    });
    const note = `DocumentReference/${demoId('demo-colon-new-surgical-consult-2026-11-24')}`;
    const notBag = await runTool(tool, { features: note }, { config, fhir });
    expect(notBag).toMatchObject({
      status: 'error',
      message: `${note} has no application/x-npy attachment (a feature bag)`,
    });
  });
});

// Image references resolved through a FHIR server: ImagingStudy → Endpoint → WADO-RS, same-origin URLs, refusals.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Patient } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeSlice } from '../../../common/dicom/decode';
import { reply, startScriptedOpenAI } from '../../../tests/support/scripted-openai';
import { createFhirClient, type FhirClient } from '../../fhir/fhir-client';
import { encodePng } from '../../imaging/png';
import { CRC_BASELINE } from '../../sandbox/demo/crc-metastatic-imaging';
import { dicomWebEndpoint, imagingStudy } from '../../sandbox/demo/imaging';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { radiologyReportTool } from '.';
import { loadImageBytes } from './load-image';

const SUBJECT = { resourceType: 'Patient', id: 'p1' } as Patient & { id: string };
const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let origin: string;
let fhir: FhirClient;

function json(res: import('node:http').ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/fhir+json' });
  res.end(JSON.stringify(body));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    seen.push({ path, headers: req.headers });
    const endpoint = dicomWebEndpoint(`${origin}/dicomweb`);
    const study = imagingStudy({
      id: 'ct1',
      subject: SUBJECT,
      spec: CRC_BASELINE,
      endpoint,
      started: '2026-08-18',
      description: 'CT',
    });
    const instance = new RegExp(
      `^/dicomweb/studies/${CRC_BASELINE.studyInstanceUid}/series/${CRC_BASELINE.seriesInstanceUid}/instances/.+\\.(\\d+)$`
    ).exec(path);
    if (path === '/fhir/ImagingStudy/ct1') return json(res, 200, study);
    if (path === '/fhir/ImagingStudy/no-endpoint')
      return json(res, 200, { ...study, id: 'no-endpoint', endpoint: undefined });
    if (path === `/fhir/Endpoint/${endpoint.id}`) return json(res, 200, endpoint);
    if (path === '/fhir/Binary/key-image') {
      const png = encodePng(new Uint8Array(4 * 4 * 4).fill(200), 4, 4);
      return json(res, 200, { resourceType: 'Binary', contentType: 'image/png', data: png.toString('base64') });
    }
    if (instance) {
      res.writeHead(200, { 'content-type': 'application/dicom' });
      return res.end(generatePhantomSlice(CRC_BASELINE, Number(instance[1]) - 1).bytes);
    }
    return json(res, 404, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fhir = createFhirClient({ baseUrl: `${origin}/fhir`, token: 'user-token', retries: 0, timeoutMs: 5_000 });
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));

const series = CRC_BASELINE.seriesInstanceUid;

describe('loadImageBytes with a FHIR server', () => {
  it('retrieves an ImagingStudy instance from its DICOMweb endpoint with the user token', async () => {
    seen.length = 0;
    const bytes = await loadImageBytes(`ImagingStudy/ct1/series/${series}/instances/${series}.3`, fhir);
    const slice = decodeSlice(bytes);
    expect(slice.sopInstanceUid).toBe(`${series}.3`);
    expect(slice.instanceNumber).toBe(3);
    const wado = seen.find((s) => s.path.startsWith('/dicomweb/'));
    expect(wado?.headers.authorization).toBe('Bearer user-token');
    expect(seen.map((s) => s.path.split('/')[2])).toEqual(['ImagingStudy', 'Endpoint', 'studies']);
  });

  it('refuses a series or instance the study does not list, and a study without endpoint', async () => {
    await expect(loadImageBytes('ImagingStudy/ct1/series/1.2.3/instances/1.2.3.1', fhir)).rejects.toThrow(
      /has no series 1\.2\.3/
    );
    await expect(loadImageBytes(`ImagingStudy/ct1/series/${series}/instances/${series}.99`, fhir)).rejects.toThrow(
      /lists no instance/
    );
    await expect(
      loadImageBytes(`ImagingStudy/no-endpoint/series/${series}/instances/${series}.1`, fhir)
    ).rejects.toThrow(/names no DICOMweb endpoint/);
    await expect(loadImageBytes('ImagingStudy/ct1', fhir)).rejects.toThrow(/is not of the form/);
  });

  it('reads a Binary on the FHIR origin, relative or absolute', async () => {
    expect(
      Buffer.from(await loadImageBytes('Binary/key-image', fhir))
        .subarray(1, 4)
        .toString()
    ).toBe('PNG');
    expect(
      Buffer.from(await loadImageBytes(`${origin}/fhir/Binary/key-image`, fhir))
        .subarray(1, 4)
        .toString()
    ).toBe('PNG');
  });

  it('refuses other origins, and never reads local files when a FHIR server is connected', async () => {
    await expect(loadImageBytes('http://169.254.169.254/latest/meta-data', fhir)).rejects.toThrow(/Refused to fetch/);
    seen.length = 0;
    await expect(loadImageBytes('/etc/hostname', fhir)).rejects.toThrow();
    expect(seen.map((s) => s.path)).toEqual(['/etc/hostname']);
  });
});

describe('loadImageBytes without a FHIR server', () => {
  it('asks for a FHIR connection for references and URLs', async () => {
    await expect(loadImageBytes(`ImagingStudy/ct1/series/${series}/instances/${series}.1`, undefined)).rejects.toThrow(
      /needs a FHIR server connection/
    );
    await expect(loadImageBytes(`${origin}/fhir/Binary/key-image`, undefined)).rejects.toThrow(/needs a FHIR server/);
  });

  it('names a missing local file', async () => {
    await expect(loadImageBytes('/no/such/file.dcm', undefined)).rejects.toThrow('No such file: /no/such/file.dcm');
  });
});

describe('radiology_report inside a workup', () => {
  it('describes an ImagingStudy instance fetched from the EHR', async () => {
    const llm = await startScriptedOpenAI(() =>
      reply.json({ findings: ['Liver lesion.'], impression: 'Lesion.', lesions: [] })
    );
    try {
      const config = readToolConfig({ OPENAI_BASE_URL: llm.baseUrl, ONCOAGENT_VISION_MODEL: 'v' });
      const image = `ImagingStudy/ct1/series/${series}/instances/${series}.3`;
      const result = await runTool(radiologyReportTool, { images: [{ image }] }, { config, fhir });
      expect(result.status).toBe('ok');
      expect(result.output?.perImage[0]).toMatchObject({ source: image, modality: 'CT', lesions: [] });
      expect(llm.chatRequests()).toHaveLength(1);
    } finally {
      await llm.close();
    }
  });
});

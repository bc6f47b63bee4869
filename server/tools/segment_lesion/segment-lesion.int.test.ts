// Runs segment_lesion inside a workup context against a small local FHIR + DICOMweb server: ImagingStudy instances,
// DocumentReference and Binary attachments, URLs, and the origin rule that keeps record content from choosing hosts.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMultipartRelated } from '../../../common/dicom/multipart';
import { createFhirClient, type FhirClient } from '../../fhir/fhir-client';
import { encodePng } from '../../imaging/png';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { lesionBoxPx, lesionKeySlice, type PhantomLesion } from '../../sandbox/dicom/phantom-spec';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { benchSpec } from './bench';
import { type SegmentLesionOutput, segmentLesionTool } from './index';

const lesion: PhantomLesion = { id: 'l', centerMm: [128.3, 172.1, 10], radiiMm: [12, 9, 10], hu: 35 };
const spec = benchSpec(lesion, 3);
const key = lesionKeySlice(spec, lesion);
const instance = generatePhantomSlice(spec, key);
const box = lesionBoxPx(spec, lesion);
const png = encodePng(new Uint8Array(64 * 64 * 4).fill(255), 64, 64);

let server: Server;
let origin: string;
let fhir: FhirClient;
const seen: { url: string; auth?: string }[] = [];

function study(id: string, endpoint: string) {
  return {
    resourceType: 'ImagingStudy',
    id,
    status: 'available',
    subject: { reference: 'Patient/p1' },
    identifier: [{ system: 'urn:dicom:uid', value: `urn:oid:${spec.studyInstanceUid}` }],
    endpoint: [{ reference: endpoint }],
    series: [
      {
        uid: spec.seriesInstanceUid,
        modality: { code: 'CT' },
        instance: [{ uid: instance.sopInstanceUid, sopClass: { code: 'x' } }],
      },
    ],
  };
}

function route(req: IncomingMessage): { status?: number; type: string; body: string | Uint8Array } {
  const path = req.url ?? '';
  const json = (r: unknown) => ({ type: 'application/fhir+json', body: JSON.stringify(r) });
  if (path === '/fhir/ImagingStudy/s1') return json(study('s1', 'Endpoint/e1'));
  if (path === '/fhir/ImagingStudy/s2') return json(study('s2', 'Endpoint/elsewhere'));
  if (path === '/fhir/Endpoint/e1') return json({ resourceType: 'Endpoint', id: 'e1', address: `${origin}/dicomweb` });
  if (path === '/fhir/Endpoint/elsewhere') {
    return json({ resourceType: 'Endpoint', id: 'elsewhere', address: 'http://192.0.2.10/dicomweb' });
  }
  if (
    path ===
    `/dicomweb/studies/${spec.studyInstanceUid}/series/${spec.seriesInstanceUid}/instances/${instance.sopInstanceUid}`
  ) {
    const body = buildMultipartRelated([{ contentType: 'application/dicom', body: instance.bytes }], 'b0undary');
    return { type: 'multipart/related; type="application/dicom"; boundary=b0undary', body };
  }
  if (path === '/fhir/DocumentReference/d1') {
    return json({
      resourceType: 'DocumentReference',
      id: 'd1',
      status: 'current',
      content: [{ attachment: { contentType: 'application/dicom', url: 'Binary/b1' } }],
    });
  }
  if (path === '/fhir/Binary/b1') return { type: 'application/dicom', body: instance.bytes };
  if (path === '/fhir/Binary/b2') {
    return json({ resourceType: 'Binary', contentType: 'image/png', data: Buffer.from(png).toString('base64') });
  }
  if (path === '/files/slice.dcm') return { type: 'application/dicom', body: instance.bytes };
  return {
    status: 404,
    ...json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }),
  };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({ url: req.url ?? '', auth: req.headers.authorization });
    const { status = 200, type, body } = route(req);
    res.writeHead(status, { 'content-type': type });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fhir = createFhirClient({ baseUrl: `${origin}/fhir`, token: 'user-token', timeoutMs: 5000, retries: 0 });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const run = (image: string, boxArg: number[] = box) =>
  runTool(segmentLesionTool, { image, box: boxArg, overlay: 'none' }, { config: readToolConfig({}), fhir });

describe('segment_lesion with a FHIR server', () => {
  it('retrieves an ImagingStudy instance by WADO-RS through the study endpoint, sending the token', async () => {
    const result = await run(`ImagingStudy/s1/series/${spec.seriesInstanceUid}/instances/${instance.sopInstanceUid}`);
    expect(result.status, result.message).toBe('ok');
    const out = result.output as SegmentLesionOutput;
    expect(Math.abs(out.longestDiameterMm! / 24 - 1)).toBeLessThanOrEqual(0.03);
    expect(out.sourceSummary.sopInstanceUid).toBe(instance.sopInstanceUid);
    expect(seen.find((s) => s.url.startsWith('/dicomweb/'))?.auth).toBe('Bearer user-token');
  });

  it('reads DocumentReference and Binary attachments (raw and FHIR JSON) and same-origin URLs', async () => {
    expect((await run('DocumentReference/d1')).status).toBe('ok');
    expect((await run('Binary/b1')).status).toBe('ok');
    const fromJson = await run('Binary/b2', [10, 10, 40, 40]);
    // A white PNG has nothing to segment, but it was fetched, unwrapped and decoded.
    expect(fromJson.message).toMatch(/no lesion outline found/);
    expect((await run(`${origin}/files/slice.dcm`)).status).toBe('ok');
  });

  it('refuses other origins and names missing series and resources', async () => {
    const elsewhere = await run(
      `ImagingStudy/s2/series/${spec.seriesInstanceUid}/instances/${instance.sopInstanceUid}`
    );
    expect(elsewhere.status).toBe('error');
    expect(elsewhere.message).toMatch(/Refused to fetch http:\/\/192\.0\.2\.10/);
    expect((await run('http://192.0.2.11/x.dcm')).message).toMatch(/Refused to fetch/);
    expect((await run(`ImagingStudy/s1/series/1.2.3/instances/${instance.sopInstanceUid}`)).message).toMatch(
      /has no series 1\.2\.3/
    );
    expect((await run('DocumentReference/missing')).message).toMatch(/could not read the image/);
  });
});

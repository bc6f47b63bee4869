// Checks the WADO-RS routes as a viewer would call them: multipart bodies, single files, metadata, 404 and 406.
import { describe, expect, it } from 'vitest';
import { decodeSlice } from '../../../common/dicom/decode';
import { parseMultipartRelated } from '../../../common/dicom/multipart';
import { DicomStore } from './dicom-store';
import { createDicomWebRoutes } from './dicomweb';
import type { PhantomSeriesSpec } from './phantom-spec';

const series = (seriesInstanceUid: string, seriesNumber: number, slices: number): PhantomSeriesSpec => ({
  studyInstanceUid: '2.25.500',
  seriesInstanceUid,
  patientId: 'MRN-7',
  patientName: 'Roe^Richard',
  studyDate: '20240202',
  studyDescription: 'CT chest',
  seriesDescription: `Series ${seriesNumber}`,
  seriesNumber,
  region: 'chest',
  slices,
  rows: 64,
  columns: 48,
  pixelSpacingMm: 6,
  sliceThicknessMm: 5,
  lesions: [{ id: 'lung-rul', centerMm: [80, 120, 5], radiiMm: [10, 10, 6], hu: 30 }],
  seed: 7,
});

const store = new DicomStore();
store.addSeries(series('2.25.500.1', 1, 3));
store.addSeries(series('2.25.500.2', 2, 2));
const app = createDicomWebRoutes(store);
const get = (path: string, accept?: string) => app.request(path, accept ? { headers: { Accept: accept } } : {});

async function parts(res: Response) {
  expect(res.status).toBe(200);
  const contentType = res.headers.get('Content-Type') ?? '';
  expect(contentType).toMatch(/^multipart\/related; type="application\/dicom"/);
  return parseMultipartRelated(new Uint8Array(await res.arrayBuffer()), contentType);
}

describe('createDicomWebRoutes', () => {
  it('lists studies from the specs', () => {
    expect(store.listStudies()).toEqual([
      expect.objectContaining({
        studyInstanceUid: '2.25.500',
        patientId: 'MRN-7',
        series: [expect.objectContaining({ instances: 3 }), expect.objectContaining({ instances: 2 })],
      }),
    ]);
  });

  it('returns every instance of a study as decodable multipart parts', async () => {
    const got = await parts(await get('/studies/2.25.500'));
    expect(got).toHaveLength(5);
    const slices = got.map((p) => {
      expect(p.contentType).toBe('application/dicom');
      return decodeSlice(p.body);
    });
    expect(slices.map((s) => s.sopInstanceUid)).toEqual([
      '2.25.500.1.1',
      '2.25.500.1.2',
      '2.25.500.1.3',
      '2.25.500.2.1',
      '2.25.500.2.2',
    ]);
    expect(slices[0]).toMatchObject({ rows: 64, columns: 48, pixelSpacingMm: [6, 6] });
  });

  it('returns a series and an instance, honouring explicit multipart Accept headers', async () => {
    const accept = 'multipart/related; type="application/dicom"; transfer-syntax=*';
    expect(await parts(await get('/studies/2.25.500/series/2.25.500.2', accept))).toHaveLength(2);
    const one = await parts(await get('/studies/2.25.500/series/2.25.500.1/instances/2.25.500.1.2', '*/*'));
    expect(decodeSlice(one[0].body).instanceNumber).toBe(2);
  });

  it('answers a bare application/dicom on an instance URL with the file itself', async () => {
    const res = await get('/studies/2.25.500/series/2.25.500.1/instances/2.25.500.1.3', 'application/dicom');
    expect(res.headers.get('Content-Type')).toBe('application/dicom');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(decodeSlice(bytes).sopInstanceUid).toBe('2.25.500.1.3');
    expect(Buffer.from(bytes).equals(store.instance('2.25.500', '2.25.500.1', '2.25.500.1.3')!.bytes)).toBe(true);
  });

  it('serves series metadata as DICOM JSON', async () => {
    const res = await get('/studies/2.25.500/series/2.25.500.1/metadata', 'application/dicom+json');
    expect(res.headers.get('Content-Type')).toBe('application/dicom+json');
    const body = (await res.json()) as Record<string, { vr: string; Value?: unknown[] }>[];
    expect(body).toHaveLength(3);
    expect(body[1]['00080018']).toEqual({ vr: 'UI', Value: ['2.25.500.1.2'] });
    expect(body[1]['0020000D'].Value).toEqual(['2.25.500']);
    expect(body[1]['00280010']).toEqual({ vr: 'US', Value: [64] });
    expect(body[1]['00280011']).toEqual({ vr: 'US', Value: [48] });
    expect(body[1]['00280030']).toEqual({ vr: 'DS', Value: [6, 6] });
    expect(body[1]['00200013']).toEqual({ vr: 'IS', Value: [2] });
    expect(body[1]['00100010']).toEqual({ vr: 'PN', Value: [{ Alphabetic: 'Roe^Richard' }] });
    expect(body[1]['7FE00010']).toBeUndefined();
  });

  it('answers unknown UIDs with 404 and an OperationOutcome', async () => {
    for (const path of [
      '/studies/9.9',
      '/studies/2.25.500/series/9.9',
      '/studies/2.25.500/series/2.25.500.1/instances/9.9',
      '/studies/2.25.500/series/9.9/metadata',
    ]) {
      const res = await get(path);
      expect(res.status).toBe(404);
      expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
    }
  });

  it('answers unsatisfiable Accept headers with 406', async () => {
    const cases: [string, string][] = [
      ['/studies/2.25.500', 'application/dicom'],
      ['/studies/2.25.500', 'multipart/related; type="image/jpeg"'],
      ['/studies/2.25.500', 'multipart/related; type="application/dicom"; transfer-syntax=1.2.840.10008.1.2.4.50'],
      ['/studies/2.25.500/series/2.25.500.1/instances/2.25.500.1.1', 'image/png'],
      ['/studies/2.25.500/series/2.25.500.1/instances/2.25.500.1.1', 'application/dicom; q=0'],
      ['/studies/2.25.500/series/2.25.500.1/metadata', 'application/xml'],
    ];
    for (const [path, accept] of cases) {
      const res = await get(path, accept);
      expect({ path, accept, status: res.status }).toEqual({ path, accept, status: 406 });
    }
    const fallback = await get('/studies/2.25.500', 'image/jpeg, multipart/related; type="application/dicom"; q=0.5');
    expect(fallback.status).toBe(200);
  });
});

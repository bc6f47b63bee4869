// POST /api/imaging/remeasure on the real server and sandbox: the caller's own slice is measured again with the
// adjusted box (a smaller box gives a smaller lesion), a bad box is a 400 OperationOutcome, and a slice of another
// patient is refused even on an EHR whose patient/ scopes do not confine reads (Medplum emulation).
import type { Bundle, ImagingStudy } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SCOPE } from '../../common/smart/scopes';
import { startAppOnly, startTestServer, type TestServer } from '../../tests/support/test-server';
import { loadConfig } from '../config';
import { CRC_BASELINE } from '../sandbox/demo/crc-metastatic-imaging';
import { demoId } from '../sandbox/demo/portable';
import { lesionBoxPx, lesionKeySlice } from '../sandbox/dicom/phantom-spec';

const CRC = demoId('demo-crc-met');
const HCC = demoId('demo-hcc');
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

/** The patient's first study as the EHR holds it (read with that patient's own token). */
async function studyOf(server: TestServer, patient: string, uid?: string): Promise<ImagingStudy> {
  const res = await fetch(`${server.fhirBase}/ImagingStudy?patient=${patient}`, {
    headers: { authorization: `Bearer ${server.token(patient)}` },
  });
  const studies = ((await res.json()) as Bundle<ImagingStudy>).entry?.map((e) => e.resource!) ?? [];
  const study = uid ? studies.find((s) => s.identifier?.some((i) => i.value === `urn:oid:${uid}`)) : studies[0];
  if (!study) throw new Error('no study');
  return study;
}

const seg7 = CRC_BASELINE.lesions[0]!;
const BOX = lesionBoxPx(CRC_BASELINE, seg7);

/** A re-measure answer or an OperationOutcome, as the tests read them. */
type Answer = {
  resourceType?: string;
  output: { longestDiameterMm: number; box: number[] };
  issue: { details: { text: string } }[];
};

async function remeasure(server: TestServer, caller: string, body: unknown, claims?: Record<string, unknown>) {
  const res = await fetch(`${server.url}/api/imaging/remeasure`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...server.apiHeaders(caller, claims) },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Answer };
}

async function slice(server: TestServer) {
  const study = await studyOf(server, CRC, CRC_BASELINE.studyInstanceUid);
  const series = study.series![0]!;
  const instance = series.instance!.find((i) => i.number === lesionKeySlice(CRC_BASELINE, seg7) + 1)!;
  return { study: study.id!, series: series.uid, instance: instance.uid };
}

describe('POST /api/imaging/remeasure', () => {
  it("measures the caller's own slice again; a smaller box gives a smaller lesion", async () => {
    const where = await slice(plain);
    const full = await remeasure(plain, CRC, { ...where, box: BOX });
    expect(full.status).toBe(200);
    const before = full.json.output.longestDiameterMm as number;
    // Phantom segment VII lesion: 28 × 24 mm at its key slice.
    expect(before).toBeGreaterThan(20);
    expect(full.json.output.box).toEqual(BOX);
    const [x1, y1, x2, y2] = BOX;
    const cut = [x1, y1, Math.round((x1 + x2) / 2), y2];
    const half = await remeasure(plain, CRC, { ...where, box: cut });
    expect(half.status).toBe(200);
    expect(half.json.output.box).toEqual(cut);
    expect(half.json.output.longestDiameterMm).toBeLessThan(before - 3);
  });

  it('answers 400 with an OperationOutcome for a bad box', async () => {
    const where = await slice(plain);
    const inverted = await remeasure(plain, CRC, { ...where, box: [200, 200, 150, 250] });
    expect(inverted.status).toBe(400);
    expect(inverted.json.resourceType).toBe('OperationOutcome');
    expect(JSON.stringify(inverted.json)).toContain('x2 > x1');
    const outside = await remeasure(plain, CRC, { ...where, box: [480, 480, 600, 600] });
    expect(outside.status).toBe(400);
    expect(outside.json.issue[0].details.text).toMatch(/outside the 512×512 image/);
    const notInts = await remeasure(plain, CRC, { ...where, box: [1.5, 2, 30, 40] });
    expect(notInts.status).toBe(400);
  });

  it.each([
    ['the sandbox', () => plain, undefined],
    // Medplum reads other patients with a user/ scope beside the patient/ ones: only the subject check stops it.
    ['an EHR that lets the token read other patients', () => medplum, `${DEFAULT_SCOPE} user/*.rs`],
  ])("refuses a slice of another patient's study on %s", async (_, server, scope) => {
    const other = await studyOf(server(), HCC);
    const series = other.series![0]!;
    const body = {
      study: other.id!,
      series: series.uid,
      instance: series.instance![0]!.uid,
      box: [200, 200, 260, 260],
    };
    const res = await remeasure(server(), CRC, body, scope ? { scope } : undefined);
    expect(res.status).toBe(403);
    expect(res.json.resourceType).toBe('OperationOutcome');
    expect(JSON.stringify(res.json)).not.toContain(HCC);
    expect(res.json.output).toBeUndefined();
    if (server() === medplum) expect(res.json.issue[0].details.text).toMatch(/not part of this session's patient/);
  });

  it('is refused without the launch token', async () => {
    const res = await fetch(`${plain.url}/api/imaging/remeasure`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-fhir-base': plain.fhirBase, 'x-patient-id': CRC },
      body: JSON.stringify({ ...(await slice(plain)), box: BOX }),
    });
    expect(res.status).toBe(401);
  });
});

describe('a PACS on another origin (ONCOAGENT_PACS_ORIGINS)', () => {
  it('is named to the browser in /api/config and allowed by the page CSP', async () => {
    const app = await startAppOnly("'self'", {
      config: loadConfig({ ONCOAGENT_PACS_ORIGINS: 'https://pacs.example.org/' }),
    });
    try {
      const config = (await (await fetch(`${app.url}/api/config`)).json()) as { pacsOrigins: string[] };
      expect(config.pacsOrigins).toEqual(['https://pacs.example.org']);
      const page = await fetch(`${app.url}/index.html`);
      expect(page.headers.get('content-security-policy')).toContain("connect-src 'self' https://pacs.example.org;");
    } finally {
      await app.close();
    }
  });
});

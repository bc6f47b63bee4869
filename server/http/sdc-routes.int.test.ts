// SDC operations against the real server and sandbox EHR: $populate pre-fills a form from the demo pathology report
// read with the caller's token (never another patient's, 422 without text), and $extract turns the caller's form into
// the transaction Bundle of Observations the approval path makes, refusing another patient's form and bad input.
import { randomUUID } from 'node:crypto';
import type { Bundle, Observation, OperationOutcome, Parameters, QuestionnaireResponse } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { demoId } from '../sandbox/demo/portable';
import { EXT, extractOffline, loadTemplate, toQuestionnaireResponse } from '../synoptic';
import { LUNG } from '../synoptic/testdata/fixtures';
import { synopticObservations } from '../writeback/synoptic-observations';

const PATIENT = demoId('demo-colon-new');
const OTHER = demoId('demo-crc-met');
const REPORT = `DiagnosticReport/${demoId('demo-colon-new-pathology-2026-11-16')}`;
const OTHER_REPORT = `DiagnosticReport/${demoId('demo-crc-met-pathology-2026-07-29')}`;
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

const post = (path: string, body: unknown, headers = server.apiHeaders(PATIENT)) =>
  fetch(`${server.url}/api/fhir/${path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/fhir+json' },
    body: JSON.stringify(body),
  });

const populateBody = (report: string, subject = `Patient/${PATIENT}`): Parameters => ({
  resourceType: 'Parameters',
  parameter: [
    { name: 'subject', valueReference: { reference: subject } },
    {
      name: 'context',
      part: [
        { name: 'name', valueString: 'clinical' },
        { name: 'content', valueReference: { reference: report } },
      ],
    },
  ],
});

const text = (o: OperationOutcome) => o.issue?.map((i) => i.details?.text).join(' ') ?? '';

describe('POST /api/fhir/Questionnaire/:id/$populate', () => {
  it('pre-fills the CAP colorectal form from the demo pathology report, citing it, and says the form may not apply', async () => {
    const res = await post('Questionnaire/cap-colorectal-resection/$populate', populateBody(REPORT));
    expect(res.status).toBe(200);
    const out = (await res.json()) as Parameters;
    const response = out.parameter?.find((p) => p.name === 'response')?.resource as QuestionnaireResponse;
    expect(response).toMatchObject({
      resourceType: 'QuestionnaireResponse',
      status: 'in-progress',
      subject: { reference: `Patient/${PATIENT}` },
      questionnaire: expect.stringMatching(/\/Questionnaire\/cap-colorectal-resection\|/),
    });
    expect(response.extension?.find((e) => e.url === EXT.sourceReport)?.valueReference).toEqual({ reference: REPORT });
    const site = response.item?.find((i) => i.linkId === 'tumor-site');
    expect(site?.answer?.[0]?.valueCoding?.display).toMatch(/descending/i);
    expect(site?.extension?.some((e) => e.url === EXT.evidence && /Descending colon/.test(e.valueString ?? ''))).toBe(
      true
    );
    // The demo report is a biopsy: the resection form is pre-filled but flagged as possibly not applying.
    const issues = out.parameter?.find((p) => p.name === 'issues')?.resource as OperationOutcome;
    expect(
      issues.issue?.some((i) => i.severity === 'warning' && /may not apply.*biopsy/i.test(i.details?.text ?? ''))
    ).toBe(true);
  });

  it("refuses another patient's report without saying anything about it", async () => {
    const res = await post('Questionnaire/cap-colorectal-resection/$populate', populateBody(OTHER_REPORT));
    expect(res.status).toBe(404);
    const body = await res.text();
    expect(body).not.toContain(OTHER);
    expect(body).not.toContain(OTHER_REPORT.split('/')[1]);
  });

  it('answers 422 with a clear OperationOutcome for a report without text', async () => {
    const id = randomUUID();
    const put = await fetch(`${server.fhirBase}/DiagnosticReport/${id}`, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${server.token(PATIENT, { scope: 'launch patient/DiagnosticReport.cruds' })}`,
        'content-type': 'application/fhir+json',
      },
      body: JSON.stringify({
        resourceType: 'DiagnosticReport',
        id,
        status: 'final',
        code: { text: 'Surgical pathology' },
        subject: { reference: `Patient/${PATIENT}` },
      }),
    });
    expect(put.status).toBeLessThan(300);
    const res = await post('Questionnaire/cap-colorectal-resection/$populate', populateBody(`DiagnosticReport/${id}`));
    expect(res.status).toBe(422);
    const outcome = (await res.json()) as OperationOutcome;
    expect(text(outcome)).toMatch(/no readable text.*neither a presentedForm nor a conclusion/);
  });

  it('refuses another subject (403), a missing report context (400), an unknown form (404) and no token (401)', async () => {
    const cap = 'Questionnaire/cap-colorectal-resection/$populate';
    expect((await post(cap, populateBody(REPORT, `Patient/${OTHER}`))).status).toBe(403);
    const noContext = await post(cap, { resourceType: 'Parameters', parameter: [populateBody(REPORT).parameter![0]!] });
    expect(noContext.status).toBe(400);
    expect(text((await noContext.json()) as OperationOutcome)).toMatch(/context whose name is "clinical"/);
    expect((await post('Questionnaire/nope/$populate', populateBody(REPORT))).status).toBe(404);
    const { authorization: _a, ...noToken } = server.apiHeaders(PATIENT);
    expect((await post(cap, populateBody(REPORT), noToken)).status).toBe(401);
  });
});

describe('POST /api/fhir/QuestionnaireResponse/$extract', () => {
  const lung = loadTemplate('ajcc8-lung-resection');
  const form = (subject: string): QuestionnaireResponse => {
    const c = LUNG.find((x) => x.id === 'L-e')!;
    return toQuestionnaireResponse(lung, extractOffline(lung, { text: c.text, key: c.id, subject }), {
      authored: '2026-03-04T05:06:07Z',
    });
  };

  it("returns the approval path's Observations as a transaction Bundle (alone or as a Parameters)", async () => {
    const qr = form(`Patient/${PATIENT}`);
    const expected = synopticObservations(lung.questionnaire, qr).observations.map(({ id: _id, hasMember, ...o }) => ({
      ...o,
      ...(hasMember ? { hasMember: hasMember.map(() => ({ reference: expect.stringMatching(/^urn:uuid:/) })) } : {}),
    }));
    for (const body of [
      qr,
      { resourceType: 'Parameters', parameter: [{ name: 'questionnaire-response', resource: qr }] },
    ]) {
      const res = await post('QuestionnaireResponse/$extract', body);
      expect(res.status).toBe(200);
      const bundle = (await res.json()) as Bundle<Observation>;
      expect(bundle.type).toBe('transaction');
      expect(bundle.entry?.map((e) => e.resource)).toEqual(expected);
      const urls = bundle.entry!.map((e) => e.fullUrl);
      expect(bundle.entry?.at(-1)?.resource?.hasMember?.map((m) => m.reference)).toEqual(urls.slice(0, 3));
      expect(bundle.entry?.[0]?.request).toEqual({
        method: 'POST',
        url: 'Observation',
        ifNoneExist: `identifier=https://oncoagent.example/fhir/identifier/synoptic-observation|${qr.id}:pT`,
      });
    }
  });

  it('gives a Bundle the EHR accepts as a transaction, once: the same form extracted again creates nothing new', async () => {
    const qr = form(`Patient/${PATIENT}`);
    const headers = {
      authorization: `Bearer ${server.token(PATIENT, { scope: 'launch patient/Observation.cruds' })}`,
      'content-type': 'application/fhir+json',
    };
    const created: string[] = [];
    for (let round = 0; round < 2; round++) {
      const bundle = (await (await post('QuestionnaireResponse/$extract', qr)).json()) as Bundle;
      const res = await fetch(server.fhirBase, { method: 'POST', headers, body: JSON.stringify(bundle) });
      expect(res.status).toBe(200);
      const reply = (await res.json()) as Bundle;
      created.push(...(reply.entry ?? []).map((e) => e.response?.status ?? '').filter((s) => s.startsWith('201')));
      expect(reply.entry).toHaveLength(4);
    }
    expect(created).toHaveLength(4);
  });

  it("refuses another patient's form (403), a form without subject or unknown Questionnaire (400) and junk (400)", async () => {
    expect((await post('QuestionnaireResponse/$extract', form(`Patient/${OTHER}`))).status).toBe(403);
    const { subject: _s, ...noSubject } = form(`Patient/${PATIENT}`);
    expect((await post('QuestionnaireResponse/$extract', noSubject)).status).toBe(400);
    const unknown = { ...form(`Patient/${PATIENT}`), questionnaire: 'https://example.org/Questionnaire/x' };
    const res = await post('QuestionnaireResponse/$extract', unknown);
    expect(res.status).toBe(400);
    expect(text((await res.json()) as OperationOutcome)).toMatch(/must name one of this server's forms/);
    expect((await post('QuestionnaireResponse/$extract', { hello: 'world' })).status).toBe(400);
    const malformed = await post('QuestionnaireResponse/$extract', { ...form(`Patient/${PATIENT}`), item: 'pT4' });
    expect(malformed.status).toBe(400);
    expect(malformed.headers.get('content-type')).toMatch(/json/);
  });
});

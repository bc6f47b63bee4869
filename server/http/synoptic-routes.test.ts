// Checks the synoptic API: templates, offline extraction with evidence, approval with edits and re-checked constraints,
// and that a form names no other patient than the caller's.
import type { Observation, OperationOutcome, QuestionnaireResponse } from '@medplum/fhirtypes';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { ModelUnavailableError } from '../llm/errors';
import { validateOne } from '../writeback';
import type { ApiEnv } from './auth';
import { onApiError } from './problem';
import { synopticRoutes } from './synoptic-routes';

const GROSS =
  'GROSS DESCRIPTION: The specimen is received fresh, labeled "sigmoid colon", and consists of a sigmoid colectomy ' +
  'measuring 24 cm in length. An ulcerated mass is present, measuring 4.2 x 3.5 x 1.0 cm. The mass is 6.0 cm from ' +
  'the proximal margin and 8.5 cm from the distal margin, and it lies 1.5 cm from the mesenteric resection margin. ' +
  'There is no gross perforation.';
const LUNG =
  'Procedure: left lower lobectomy. Tumor size: 2.4 cm. Visceral pleura: not invaded (PL0). ' +
  'Lymph nodes: 0/9 positive. Clinical note: no known distant metastasis.';

const routes = synopticRoutes({ model: () => undefined });
/** The routes as the API guard leaves them: the caller is the launch patient `patientId`. */
const as = (patientId: string, inner = routes) =>
  new Hono<ApiEnv>()
    .use('*', async (c, next) => {
      c.set('caller', { owner: 'o', fhirBase: 'https://ehr.example/fhir', patientId, token: 't' });
      await next();
    })
    .route('/', inner)
    .onError(onApiError);
const app = as('p1');
const postAs = (patientId: string, path: string, body: unknown) =>
  as(patientId).request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const post = (path: string, body: unknown) => postAs('p1', path, body);

interface ItemView {
  linkId: string;
  value: string | number | null;
  code?: string;
  evidence: string[];
  flaggedBy: string[];
}
interface Extracted {
  view: { items: ItemView[]; violations: unknown[] };
  response: QuestionnaireResponse;
}

describe('synoptic routes', () => {
  it('lists the three templates with their answer options', async () => {
    const res = await app.request('/templates');
    const body = (await res.json()) as { templates: { id: string; items: { options?: unknown[] }[] }[] };
    expect(body.templates.map((t) => t.id)).toEqual([
      'cap-colorectal-resection',
      'ajcc8-lung-resection',
      'cd99-pattern',
    ]);
    expect(body.templates[0]!.items.some((i) => (i.options?.length ?? 0) > 3)).toBe(true);
  });

  it('pre-fills a colectomy form with evidence quoted from the report', async () => {
    const res = await post('/extract', {
      template: 'cap-colorectal-resection',
      text: GROSS,
      report: 'DiagnosticReport/gross-1',
      subject: 'Patient/p1',
    });
    expect(res.status).toBe(200);
    const { view, response } = (await res.json()) as Extracted;
    const size = view.items.find((i) => i.linkId === 'tumor-size')!;
    expect(size.value).toBe(4.2);
    expect(size.evidence.join(' ')).toContain('4.2 x 3.5 x 1.0 cm');
    expect(view.items.find((i) => i.linkId === 'distance-distal')!.value).toBe(8.5);
    expect(response.status).toBe('in-progress');
    expect(response.subject?.reference).toBe('Patient/p1');
    expect(response.id).toBe('cap-colorectal-resection-gross-1');
  });

  it('refuses an unknown template and oversized fields with an OperationOutcome', async () => {
    const res = await post('/extract', { template: 'breast', text: GROSS });
    expect(res.status).toBe(400);
    const outcome = (await res.json()) as OperationOutcome;
    expect(outcome.issue?.[0]?.details?.text).toMatch(/^template:/);
    expect((await post('/extract', { template: 'cd99-pattern', text: 'x'.repeat(200_001) })).status).toBe(400);
  });

  it('applies an edit, marks it as the pathologist’s and re-checks the constraints', async () => {
    const { response } = (await (
      await post('/extract', { template: 'cap-colorectal-resection', text: GROSS })
    ).json()) as Extracted;
    const res = await post('/approve', {
      template: 'cap-colorectal-resection',
      text: GROSS,
      response,
      edits: { 'tumor-size': 4.5, 'margin-status': 'Involved by tumor' },
      subject: 'Patient/p1',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      response: QuestionnaireResponse;
      violations: { rule: string; items: string[] }[];
      edited: string[];
    };
    expect(body.edited.sort()).toEqual(['margin-status', 'tumor-size']);
    const size = body.response.item?.find((i) => i.linkId === 'tumor-size');
    expect(size?.answer?.[0]?.valueDecimal).toBe(4.5);
    expect(size?.extension?.find((e) => e.valueCode)?.valueCode).toBe('pathologist');
    // 4.5 cm is not in the quoted evidence, and "involved" contradicts margins 1.5 cm away or more.
    expect(body.violations.some((v) => v.items.includes('tumor-size'))).toBe(true);
    expect(body.violations.some((v) => v.items.includes('margin-status'))).toBe(true);
    expect(body.response.status).toBe('in-progress');
    expect(validateOne(body.response).filter((i) => i.severity === 'error')).toEqual([]);
  });

  it('refuses an answer that is not an option of the item', async () => {
    const { response } = (await (
      await post('/extract', { template: 'cap-colorectal-resection', text: GROSS })
    ).json()) as Extracted;
    const res = await post('/approve', {
      template: 'cap-colorectal-resection',
      text: GROSS,
      response,
      edits: { procedure: 'Appendectomy' },
    });
    expect(res.status).toBe(400);
  });

  it('refuses with 422 to approve a resection form on a biopsy, whatever the client sends', async () => {
    const biopsy =
      'SPECIMEN: Sigmoid colon, endoscopic biopsy. MICROSCOPIC: Fragments of colonic mucosa with invasive ' +
      'adenocarcinoma, moderately differentiated. Tumor measures up to 0.4 cm in the largest fragment.';
    const extracted = (await (
      await post('/extract', { template: 'cap-colorectal-resection', text: biopsy })
    ).json()) as Extracted & { view: { notApplicable?: string } };
    expect(extracted.view.notApplicable).toMatch(/biopsy.*does not apply/);
    const res = await post('/approve', {
      template: 'cap-colorectal-resection',
      text: biopsy,
      response: extracted.response,
      edits: { procedure: 'Sigmoidectomy' },
    });
    expect(res.status).toBe(422);
    const outcome = (await res.json()) as OperationOutcome;
    expect(outcome.issue?.[0]?.details?.text).toMatch(/^This form cannot be approved: .*biopsy.*does not apply/);
    // The resection it describes can still be approved.
    const ok = (await (
      await post('/extract', { template: 'cap-colorectal-resection', text: GROSS })
    ).json()) as Extracted;
    const approved = await post('/approve', {
      template: 'cap-colorectal-resection',
      text: GROSS,
      response: ok.response,
    });
    expect(approved.status).toBe(200);
  });

  it('extracts TNM Observations from an approved lung form', async () => {
    const { response } = (await (
      await postAs('p2', '/extract', { template: 'ajcc8-lung-resection', text: LUNG, subject: 'Patient/p2' })
    ).json()) as Extracted;
    const res = await postAs('p2', '/approve', { template: 'ajcc8-lung-resection', text: LUNG, response });
    const body = (await res.json()) as { observations: Observation[] };
    expect(body.observations.length).toBeGreaterThanOrEqual(3);
    expect(body.observations.every((o) => o.subject?.reference === 'Patient/p2')).toBe(true);
  });

  it('answers 503 when the configured model is unavailable', async () => {
    const down = as(
      'p1',
      synopticRoutes({
        model: () => {
          throw new ModelUnavailableError('OPENAI_BASE_URL is not set');
        },
      })
    );
    const res = await down.request('/extract', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ template: 'cd99-pattern', text: 'CD99: strong membranous staining' }),
    });
    expect(res.status).toBe(503);
    expect(((await res.json()) as OperationOutcome).issue?.[0]?.details?.text).toContain('OPENAI_BASE_URL');
  });

  it("refuses a report about another patient than the caller's with 403", async () => {
    const extract = await post('/extract', { template: 'ajcc8-lung-resection', text: LUNG, subject: 'Patient/p2' });
    expect(extract.status).toBe(403);
    const approve = await post('/approve', {
      template: 'ajcc8-lung-resection',
      text: LUNG,
      response: { resourceType: 'QuestionnaireResponse', status: 'in-progress' },
      subject: 'Patient/p2',
    });
    expect(approve.status).toBe(403);
    expect(JSON.stringify(await approve.json())).not.toContain('p2');
    const bare = await new Hono()
      .route('/', routes)
      .onError(onApiError)
      .request('/extract', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ template: 'cd99-pattern', text: 'CD99: strong' }),
      });
    expect(bare.status).toBe(401);
  });
});

// POST /api/writeback/plan as the review screen calls it: a plan with summary and outcome for a valid workup, and an
// OperationOutcome with the right status for everything else (a workup about another patient than the caller's
// included). Plans are built in the real worker thread.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkupResult } from '../../common/contracts';
import { OFFLINE_PATIENT, offlineWorkup } from '../writeback/testing/offline-workup';
import type { ApiEnv } from './auth';
import { PlanPool } from './plan/pool';
import { onApiError } from './problem';
import { writebackRoutes } from './writeback-routes';

const pool = new PlanPool();
let callerPatient = OFFLINE_PATIENT;
// Stands in for the API guard: the caller is the offline workup's patient on its FHIR server.
const app = new Hono<ApiEnv>()
  .use('*', async (c, next) => {
    c.set('caller', { owner: 'o', fhirBase: 'http://127.0.0.1:9/fhir', patientId: callerPatient, token: 't' });
    await next();
  })
  .route('/api/writeback', writebackRoutes({ pool }))
  .onError(onApiError);
let workup: WorkupResult;
beforeAll(async () => {
  workup = await offlineWorkup();
});
afterAll(async () => {
  await pool.close();
});

async function post(body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await app.request('/api/writeback/plan', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

describe('POST /api/writeback/plan', () => {
  it('returns the transaction Bundle, a grouped plain-language summary and the validation outcome', async () => {
    const { status, json } = await post({ workup });
    expect(status).toBe(200);
    expect(json).toMatchObject({ bundle: { resourceType: 'Bundle', type: 'transaction' }, valid: true, signed: false });
    const summary = json.summary as { group: string; text: string; fullUrl: string; included: boolean }[];
    expect([...new Set(summary.map((s) => s.group))]).toEqual([
      'Software',
      'Response assessment',
      'Therapy matches',
      'Staging',
      'Workup report',
      'Provenance',
    ]);
    expect(summary.every((s) => s.included && s.fullUrl.startsWith('urn:uuid:'))).toBe(true);
    expect((json.outcome as { issue: { severity: string }[] }).issue[0].severity).toBe('information');
  });

  it('leaves out unticked items and signs when asked', async () => {
    const first = await post({ workup });
    const summary = first.json.summary as { key: string; group: string; required: boolean }[];
    const include = summary.filter((s) => !s.required && s.group !== 'Therapy matches').map((s) => s.key);
    const { status, json } = await post({ workup, include, signAs: 'Practitioner/dr-weber' });
    expect(status).toBe(200);
    expect(json.signed).toBe(true);
    const texts = JSON.stringify(json.bundle);
    expect(texts).not.toContain('therapeutic-implication');
    expect(texts).toContain('"resultsInterpreter":[{"reference":"Practitioner/dr-weber"}]');
  });

  it('answers 400 with an OperationOutcome naming each invalid field', async () => {
    const { status, json } = await post({
      workup: { ...workup, id: 'has space', patient: { id: '', name: 'x' } },
      signAs: 'Patient/p1',
    });
    expect(status).toBe(400);
    expect(json.resourceType).toBe('OperationOutcome');
    const texts = (json.issue as { details: { text: string } }[]).map((i) => i.details.text);
    expect(texts).toEqual([
      'workup.id: letters, digits, ".", "_" or "-", at most 100',
      'workup.patient.id: a FHIR id',
      'signAs: Practitioner/<id> or PractitionerRole/<id>',
    ]);
  });

  it('answers 400 for a body that is not JSON and for a synoptic form about another patient', async () => {
    expect(await post('{not json')).toMatchObject({
      status: 400,
      json: { issue: [{ details: { text: 'The request body is not JSON' } }] },
    });
    const other = await post({
      workup,
      synoptic: {
        questionnaireResponse: {
          resourceType: 'QuestionnaireResponse',
          status: 'completed',
          subject: { reference: 'Patient/other' },
        },
      },
    });
    expect(other.status).toBe(400);
    expect(JSON.stringify(other.json)).toContain('is about Patient/other, the workup about Patient/demo-colon-x');
  });

  it("refuses a workup about another patient than the caller's (403), and a request without a caller (401)", async () => {
    callerPatient = 'someone-else';
    try {
      const { status, json } = await post({ workup });
      expect(status).toBe(403);
      expect(JSON.stringify(json)).toContain('another patient');
    } finally {
      callerPatient = OFFLINE_PATIENT;
    }
    const bare = new Hono().route('/api/writeback', writebackRoutes({ pool })).onError(onApiError);
    const res = await bare.request('/api/writeback/plan', { method: 'POST', body: JSON.stringify({ workup }) });
    expect(res.status).toBe(401);
  });
});

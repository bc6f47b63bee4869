// The workup API over real HTTP behind the API guard, against the sandbox EHR: start with the user's token, follow
// Server-Sent Events in order to `done`, read the result; who may do what (no token, another patient's token,
// another user's token), the SSRF guard on fhirBase, the per-user limit, and cancellation.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { WorkupDeps } from '../agent/deps';
import type { Answerer } from '../answer/types';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { apiGuard } from './api-guard';
import { FhirOrigins, TokenVerifier, UNUSABLE_FHIR_TEXT } from './auth';
import { onApiError } from './problem';
import { freePort, listen, type Running } from './serve';
import { MAX_START_BYTES, workupRoutes } from './workup-routes';

let ehr: TestServer;
let api: Running;
let base: string;

const ICC = demoId('demo-icc');
const PDAC = demoId('demo-pdac-g12c');
const HCC = demoId('demo-hcc');

const answer = createTestAnswerer();
// Questions saying "hang" keep the answer step waiting until the workup is cancelled.
const answerer: Answerer = (input, deps) =>
  input.question === 'hang'
    ? new Promise((_, reject) =>
        deps.signal?.addEventListener('abort', () => reject(deps.signal?.reason), { once: true })
      )
    : answer(input, deps);
const deps: WorkupDeps = {
  answerer,
  retrieve: async () => [],
  toolConfig: readToolConfig({ ONCOAGENT_OFFLINE: '1' }),
  mode: 'none',
  maxRounds: 4,
  maxCallsPerRound: 10,
};

beforeAll(async () => {
  ehr = await startTestServer();
  // Two servers: the API may contact the sandbox's origin, configured explicitly, and nothing else.
  const verifier = new TokenVerifier({ origins: new FhirOrigins([ehr.url]), clientIds: ['oncoagent'] });
  const app = new Hono();
  app.use(
    '/api/*',
    ...apiGuard({ verifier, bodyLimits: { '/api/workups': MAX_START_BYTES }, fallbackBodyBytes: 1024 })
  );
  app.route('/api/workups', workupRoutes({ deps, registry: { maxPerOwner: 2 } }));
  app.onError(onApiError);
  const port = await freePort();
  api = await listen(app, port, '127.0.0.1');
  base = `http://127.0.0.1:${port}/api/workups`;
});
afterAll(async () => {
  await api?.close();
  await ehr?.close();
});

interface Sse {
  event: string;
  id?: string;
  data: AgentEvent;
}

/** Reads an SSE stream to its end, calling `onEvent` as each event arrives. */
async function readEvents(id: string, headers: Record<string, string>, onEvent?: (e: Sse) => void): Promise<Sse[]> {
  const res = await fetch(`${base}/${id}/events`, { headers: { accept: 'text/event-stream', ...headers } });
  expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
  const events: Sse[] = [];
  let buffer = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    buffer += decoder.decode(chunk, { stream: true });
    let cut = buffer.indexOf('\n\n');
    while (cut >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const field = (name: string) =>
        block
          .split('\n')
          .find((l) => l.startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const data = field('data');
      if (data) {
        const e = { event: field('event') ?? 'message', id: field('id'), data: JSON.parse(data) as AgentEvent };
        events.push(e);
        onEvent?.(e);
      }
      cut = buffer.indexOf('\n\n');
    }
  }
  return events;
}

const start = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const bearer = (patient: string, claims?: Record<string, unknown>) => ({
  authorization: `Bearer ${ehr.token(patient, claims)}`,
});
const startHanging = async (patient: string, headers = ehr.apiHeaders(patient)) => {
  const res = await start({ fhirBase: ehr.fhirBase, patientId: patient, question: 'hang' }, headers);
  expect(res.status).toBe(202);
  return ((await res.json()) as { id: string }).id;
};

describe('workup API', () => {
  it('starts a workup and streams its events in order, ending with done; the result is then readable', async () => {
    const res = await start(
      { fhirBase: ehr.fhirBase, patientId: ICC, question: 'Reconcile the biomarkers' },
      bearer(ICC)
    );
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(res.headers.get('location')).toBe(`/api/workups/${id}`);
    const mine = ehr.apiHeaders(ICC);
    const events = await readEvents(id, mine);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => String(i)));
    expect(events.every((e) => e.event === e.data.type)).toBe(true);
    const types = events.map((e) => e.event);
    expect(types.slice(0, 2)).toEqual(['status', 'record']);
    expect(types).toContain('plan');
    expect(types.indexOf('tool-end')).toBeGreaterThan(types.indexOf('tool-start'));
    expect(types.at(-1)).toBe('done');
    const result = await fetch(`${base}/${id}`, { headers: mine });
    expect(result.status).toBe(200);
    const body = (await result.json()) as { id: string; findings: { kind: string }[] };
    expect(body.id).toBe(id);
    expect(body.findings.some((f) => f.kind === 'conflict')).toBe(true);
    // A late listener gets the same history.
    expect((await readEvents(id, mine)).map((e) => e.event)).toEqual(types);
  });

  it('refuses calls without a token (401 with a Bearer challenge) before touching the EHR', async () => {
    const before = ehr.fhirRequests.length;
    const res = await start({ fhirBase: ehr.fhirBase, patientId: ICC });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toMatch(/^Bearer /);
    expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
    const basic = await start({ fhirBase: ehr.fhirBase, patientId: ICC }, { authorization: 'Basic abc' });
    expect(basic.status).toBe(401);
    for (const path of ['/some-id', '/some-id/events']) {
      expect((await fetch(`${base}${path}`)).status).toBe(401);
    }
    expect((await fetch(`${base}/some-id`, { method: 'DELETE' })).status).toBe(401);
    expect(ehr.fhirRequests.length).toBe(before);
  });

  it('refuses a token the EHR did not issue for this server (401) and a token for another patient (403)', async () => {
    const foreign = await start(
      { fhirBase: ehr.fhirBase, patientId: ICC },
      bearer(ICC, { aud: 'https://elsewhere.example/fhir' })
    );
    expect(foreign.status).toBe(401);
    const other = await start({ fhirBase: ehr.fhirBase, patientId: ICC }, bearer(PDAC));
    expect(other.status).toBe(403);
    expect(JSON.stringify(await other.json())).not.toContain(PDAC);
  });

  it("hides a workup from another patient's launch and from another user: 404 for result, events and cancel", async () => {
    const id = await startHanging(PDAC);
    const strangers = [ehr.apiHeaders(HCC), ehr.apiHeaders(PDAC, { sub: 'Practitioner/someone-else' })];
    for (const headers of strangers) {
      expect((await fetch(`${base}/${id}`, { headers })).status).toBe(404);
      expect((await fetch(`${base}/${id}/events`, { headers })).status).toBe(404);
      expect((await fetch(`${base}/${id}`, { method: 'DELETE', headers })).status).toBe(404);
    }
    const mine = ehr.apiHeaders(PDAC);
    const status = await fetch(`${base}/${id}`, { headers: mine });
    expect(status.status).toBe(202);
    expect(await status.json()).toMatchObject({ status: 'running' });
    expect((await fetch(`${base}/${id}`, { method: 'DELETE', headers: mine })).status).toBe(202);
  });

  it('refuses FHIR servers outside the allowed origins with one text, and malformed requests', async () => {
    const token = bearer(ICC);
    for (const fhirBase of [
      'https://fhir.attacker.example/R4',
      `http://127.1:${new URL(ehr.url).port}/sandbox/fhir/R4`,
    ]) {
      const evil = await start({ fhirBase, patientId: ICC }, token);
      expect(evil.status).toBe(400);
      expect(await evil.json()).toMatchObject({ issue: [{ details: { text: UNUSABLE_FHIR_TEXT } }] });
    }
    const missing = await start({ fhirBase: ehr.fhirBase }, token);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toMatch(/patientId/);
    expect((await start('{not json', token)).status).toBe(400);
    expect((await start({ fhirBase: 'file:///etc/passwd', patientId: 'x' }, token)).status).toBe(400);
    const conflicting = await start({ fhirBase: ehr.fhirBase, patientId: ICC }, ehr.apiHeaders(PDAC));
    expect(conflicting.status).toBe(400);
  });

  it('limits running workups per user with 429 and Retry-After; other users are not affected', async () => {
    const ids = [await startHanging(HCC), await startHanging(HCC)];
    const third = await start({ fhirBase: ehr.fhirBase, patientId: HCC, question: 'hang' }, ehr.apiHeaders(HCC));
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await third.json()).toMatchObject({ issue: [{ code: 'throttled' }] });
    const colleague = ehr.apiHeaders(HCC, { sub: 'Practitioner/colleague' });
    const theirs = await startHanging(HCC, colleague);
    for (const id of ids) await fetch(`${base}/${id}`, { method: 'DELETE', headers: ehr.apiHeaders(HCC) });
    await fetch(`${base}/${theirs}`, { method: 'DELETE', headers: colleague });
    expect((await start({ fhirBase: ehr.fhirBase, patientId: HCC }, ehr.apiHeaders(HCC))).status).toBe(202);
  });

  it('cancels a running workup; the stream ends with a cancellation and the run cannot be cancelled twice', async () => {
    const mine = ehr.apiHeaders(PDAC);
    const id = await startHanging(PDAC, mine);
    let deleted: Promise<Response> | undefined;
    const events = await readEvents(id, mine, (e) => {
      if (e.event === 'status' && /cited answer/.test(JSON.stringify(e.data)))
        deleted = fetch(`${base}/${id}`, { method: 'DELETE', headers: mine });
    });
    expect((await deleted)?.status).toBe(202);
    const last = events.at(-1)!.data;
    expect(last.type === 'error' && last.outcome.issue?.[0]?.details?.text).toBe('The workup was cancelled');
    expect((await fetch(`${base}/${id}`, { headers: mine })).status).toBe(409);
    expect((await fetch(`${base}/${id}`, { method: 'DELETE', headers: mine })).status).toBe(409);
    expect((await fetch(`${base}/no-such-id`, { method: 'DELETE', headers: mine })).status).toBe(404);
    expect((await fetch(`${base}/no-such-id/events`, { headers: mine })).status).toBe(404);
  });
});

// The workup API over real HTTP: start with the user's token, follow Server-Sent Events in order to `done`, read the
// result, the SSRF guard on fhirBase, a rejected token surfacing as an error event, and cancellation.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { WorkupDeps } from '../agent/deps';
import type { AgentEvent } from '../agent/events';
import type { Answerer } from '../answer/types';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { freePort, listen, type Running } from './serve';
import { workupRoutes } from './workup-routes';

let ehr: TestServer;
let api: Running;
let base: string;
let token: string;

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
  token = ehr.sandbox.signer.sign({
    aud: ehr.fhirBase,
    scope: 'system/*.rs',
    exp: Math.floor(Date.now() / 1000) + 600,
  });
  const app = new Hono();
  app.route('/api/workups', workupRoutes({ deps, allowedOrigins: [] }));
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
async function readEvents(id: string, onEvent?: (e: Sse) => void): Promise<Sse[]> {
  const res = await fetch(`${base}/${id}/events`, { headers: { accept: 'text/event-stream' } });
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

const start = (body: unknown, auth?: string) =>
  fetch(base, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

describe('workup API', () => {
  it('starts a workup and streams its events in order, ending with done; the result is then readable', async () => {
    const res = await start(
      { fhirBase: ehr.fhirBase, patientId: demoId('demo-icc'), question: 'Reconcile the biomarkers' },
      `Bearer ${token}`
    );
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    expect(res.headers.get('location')).toBe(`/api/workups/${id}`);
    const events = await readEvents(id);
    expect(events.map((e) => e.id)).toEqual(events.map((_, i) => String(i)));
    expect(events.every((e) => e.event === e.data.type)).toBe(true);
    const types = events.map((e) => e.event);
    expect(types.slice(0, 2)).toEqual(['status', 'record']);
    expect(types).toContain('plan');
    expect(types.indexOf('tool-end')).toBeGreaterThan(types.indexOf('tool-start'));
    expect(types.at(-1)).toBe('done');
    const result = await fetch(`${base}/${id}`);
    expect(result.status).toBe(200);
    const body = (await result.json()) as { id: string; findings: { kind: string }[] };
    expect(body.id).toBe(id);
    expect(body.findings.some((f) => f.kind === 'conflict')).toBe(true);
    // A late listener gets the same history.
    expect((await readEvents(id)).map((e) => e.event)).toEqual(types);
  });

  it('refuses FHIR servers outside the allowed origins and malformed requests with an OperationOutcome', async () => {
    const evil = await start(
      { fhirBase: 'https://fhir.attacker.example/R4', patientId: demoId('demo-icc') },
      `Bearer ${token}`
    );
    expect(evil.status).toBe(400);
    expect(await evil.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ details: { text: expect.stringMatching(/not allowed.*ONCOAGENT_FHIR_ORIGINS/) } }],
    });
    const missing = await start({ fhirBase: ehr.fhirBase }, `Bearer ${token}`);
    expect(missing.status).toBe(400);
    expect(JSON.stringify(await missing.json())).toMatch(/patientId/);
    expect((await start('{not json', `Bearer ${token}`)).status).toBe(400);
    expect((await start({ fhirBase: 'file:///etc/passwd', patientId: 'x' })).status).toBe(400);
    expect((await start({ fhirBase: ehr.fhirBase, patientId: 'x' }, 'Basic abc')).status).toBe(400);
  });

  it('surfaces the FHIR server rejecting a missing token as an error event and a 401 result', async () => {
    const res = await start({ fhirBase: ehr.fhirBase, patientId: demoId('demo-icc') });
    expect(res.status).toBe(202);
    const { id } = (await res.json()) as { id: string };
    const events = await readEvents(id);
    const last = events.at(-1)!.data;
    expect(last.type).toBe('error');
    expect(last.type === 'error' && last.outcome.issue?.[0]).toMatchObject({
      code: 'login',
      details: { text: expect.stringMatching(/rejected the access token/) },
    });
    const result = await fetch(`${base}/${id}`);
    expect(result.status).toBe(401);
  });

  it('cancels a running workup; the stream ends with a cancellation and the run cannot be cancelled twice', async () => {
    const res = await start(
      { fhirBase: ehr.fhirBase, patientId: demoId('demo-pdac-g12c'), question: 'hang' },
      `Bearer ${token}`
    );
    const { id } = (await res.json()) as { id: string };
    let deleted: Promise<Response> | undefined;
    const events = await readEvents(id, (e) => {
      if (e.event === 'status' && /cited answer/.test(JSON.stringify(e.data)))
        deleted = fetch(`${base}/${id}`, { method: 'DELETE' });
    });
    expect((await deleted)?.status).toBe(202);
    const last = events.at(-1)!.data;
    expect(last.type === 'error' && last.outcome.issue?.[0]?.details?.text).toBe('The workup was cancelled');
    expect((await fetch(`${base}/${id}`)).status).toBe(409);
    expect((await fetch(`${base}/${id}`, { method: 'DELETE' })).status).toBe(409);
    expect((await fetch(`${base}/no-such-id`, { method: 'DELETE' })).status).toBe(404);
    expect((await fetch(`${base}/no-such-id/events`)).status).toBe(404);
  });
});

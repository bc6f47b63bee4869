// Follow-up questions over real HTTP behind the API guard, against the sandbox EHR: a follow-up after a real offline
// workup keeps its calls, runs a tool only the new question needs (and not again when asked twice), answers anew;
// strangers get 404, unfinished workups 409, bad bodies 400; and one follow-up planned by a (scripted) OpenAI model.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentEvent, FollowUpResult, WorkupResult } from '../../common/contracts';
import { reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { createTestAnswerer } from '../../tests/support/test-answerer';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import type { WorkupDeps } from '../agent/deps';
import { createAnswerer } from '../answer';
import type { Answerer } from '../answer/types';
import { createOpenAIModel } from '../llm/openai';
import { demoId } from '../sandbox/demo/portable';
import { readToolConfig } from '../tools/config';
import { apiGuard } from './api-guard';
import { FhirOrigins, TokenVerifier } from './auth';
import { onApiError } from './problem';
import { freePort, listen, type Running } from './serve';
import { MAX_START_BYTES, workupRoutes } from './workup-routes';

// biome-ignore lint/suspicious/noExplicitAny: request bodies are whatever JSON the client sent
type Json = any;

let ehr: TestServer;
let api: Running;
let base: string;
let openai: ScriptedOpenAI;
let chat: (req: Json, i: number) => ReturnType<typeof reply.text> = () => reply.text('done');

const PATIENT = demoId('demo-colon-new');
const OTHER = demoId('demo-pdac-g12c');
const real = createAnswerer();
// A question saying "hang" keeps the answer step waiting until the workup is cancelled.
const answerer: Answerer = (input, deps) =>
  input.question === 'hang'
    ? new Promise((_, reject) =>
        deps.signal?.addEventListener('abort', () => reject(deps.signal?.reason), { once: true })
      )
    : real(input, deps);
const offline: WorkupDeps = {
  answerer,
  retrieve: async () => [],
  toolConfig: readToolConfig({ ONCOAGENT_OFFLINE: '1' }),
  mode: 'none',
  maxRounds: 4,
  maxCallsPerRound: 10,
};
let deps: WorkupDeps = offline;

beforeAll(async () => {
  openai = await startScriptedOpenAI((req, i) => chat(req, i));
  ehr = await startTestServer();
  const verifier = new TokenVerifier({ origins: new FhirOrigins([ehr.url]), clientIds: ['oncoagent'] });
  const app = new Hono();
  app.use(
    '/api/*',
    ...apiGuard({ verifier, bodyLimits: { '/api/workups': MAX_START_BYTES }, fallbackBodyBytes: 1024 })
  );
  app.route('/api/workups', workupRoutes({ deps: () => deps, registry: { maxPerOwner: 3 } }));
  app.onError(onApiError);
  api = await listen(app, await freePort(), '127.0.0.1');
  base = `http://127.0.0.1:${api.port}/api/workups`;
});
afterAll(async () => {
  await api?.close();
  await ehr?.close();
  await openai?.close();
});

/** Reads a run's SSE stream to its end and returns the events. */
async function events(id: string, headers: Record<string, string>): Promise<AgentEvent[]> {
  const res = await fetch(`${base}/${id}/events`, { headers: { accept: 'text/event-stream', ...headers } });
  expect(res.status).toBe(200);
  const text = await res.text();
  return text
    .split('\n\n')
    .flatMap((block) => block.split('\n').filter((l) => l.startsWith('data:')))
    .map((l) => JSON.parse(l.slice(5)) as AgentEvent);
}

const post = (path: string, body: unknown, headers: Record<string, string>) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

/** Starts a workup for the patient and waits for its result. */
async function workup(question = ''): Promise<WorkupResult> {
  const headers = ehr.apiHeaders(PATIENT);
  const res = await post('', { fhirBase: ehr.fhirBase, patientId: PATIENT, question }, headers);
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: string };
  const last = (await events(id, headers)).at(-1);
  expect(last?.type).toBe('done');
  return (await (await fetch(`${base}/${id}`, { headers })).json()) as WorkupResult;
}

/** Asks a follow-up on a finished run and waits for its result. */
async function followUp(parentId: string, question: string): Promise<{ result: FollowUpResult; seen: AgentEvent[] }> {
  const headers = ehr.apiHeaders(PATIENT);
  const res = await post(`/${parentId}/follow-up`, { question }, headers);
  expect(res.status).toBe(202);
  const { id, parentId: parent } = (await res.json()) as { id: string; parentId: string };
  expect(parent).toBe(parentId);
  expect(res.headers.get('location')).toBe(`/api/workups/${id}`);
  const seen = await events(id, headers);
  expect(seen.at(-1)?.type).toBe('done');
  const read = await fetch(`${base}/${id}`, { headers });
  expect(read.status).toBe(200);
  return { result: (await read.json()) as FollowUpResult, seen };
}

describe('follow-up API (offline)', () => {
  let first: WorkupResult;
  beforeAll(async () => {
    deps = offline;
    first = await workup();
  });

  it('keeps the workup as context, runs only the search the new question asks for, and answers it anew', async () => {
    const question = 'Search the literature for recent trials in this setting';
    const { result, seen } = await followUp(first.id, question);
    expect(result.parentId).toBe(first.id);
    expect(result.question).toBe(question);
    expect(result.patient.id).toBe(PATIENT);
    // Every earlier call is kept, with its id, so the earlier citations still resolve.
    expect(result.toolCalls.slice(0, first.toolCalls.length)).toEqual(first.toolCalls);
    const ran = result.toolCalls.filter((c) => result.ranCallIds.includes(c.id));
    expect(ran.map((c) => c.tool)).toEqual(['pubmed_search']);
    expect(first.toolCalls.map((c) => c.id)).not.toContain(ran[0]!.id);
    expect(seen.filter((e) => e.type === 'tool-start').map((e) => e.type === 'tool-start' && e.call.tool)).toEqual([
      'pubmed_search',
    ]);
    expect(result.answer.markdown).not.toBe('');
    expect(result.answer.markdown).not.toBe(first.answer.markdown);

    // Asked again on that follow-up, the search has already run: nothing is run twice.
    const again = await followUp(result.id, question);
    expect(again.result.parentId).toBe(result.id);
    expect(again.result.ranCallIds).toEqual([]);
    expect(again.seen.some((e) => e.type === 'tool-start')).toBe(false);
    expect(again.result.toolCalls).toEqual(result.toolCalls);
  });

  it('hides the workup from another user and another patient (404), and refuses bad bodies with 400', async () => {
    const strangers = [ehr.apiHeaders(PATIENT, { sub: 'Practitioner/someone-else' }), ehr.apiHeaders(OTHER)];
    for (const headers of strangers) {
      const res = await post(`/${first.id}/follow-up`, { question: 'What is the stage?' }, headers);
      expect(res.status).toBe(404);
      expect(JSON.stringify(await res.json())).not.toContain(PATIENT);
    }
    const mine = ehr.apiHeaders(PATIENT);
    for (const body of [{}, { question: '   ' }, { question: 'x'.repeat(2001) }, '{not json']) {
      const res = await post(`/${first.id}/follow-up`, body, mine);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ resourceType: 'OperationOutcome' });
    }
    expect((await post('/no-such-run/follow-up', { question: 'Why?' }, mine)).status).toBe(404);
  });

  it('refuses a follow-up on a workup that has not finished (409)', async () => {
    const headers = ehr.apiHeaders(PATIENT);
    const res = await post('', { fhirBase: ehr.fhirBase, patientId: PATIENT, question: 'hang' }, headers);
    const { id } = (await res.json()) as { id: string };
    const early = await post(`/${id}/follow-up`, { question: 'And the stage?' }, headers);
    expect(early.status).toBe(409);
    expect(await early.json()).toMatchObject({ issue: [{ code: 'conflict' }] });
    expect((await fetch(`${base}/${id}`, { method: 'DELETE', headers })).status).toBe(202);
    // A cancelled workup has no result to follow up.
    expect((await post(`/${id}/follow-up`, { question: 'And the stage?' }, headers)).status).toBe(409);
  });
});

describe('follow-up API (model planner)', () => {
  it('shows the model the earlier calls and answer, refuses its repeats unrun and runs its new call', async () => {
    deps = offline;
    const first = await workup();
    const earlier = first.toolCalls[0];
    expect(earlier).toBeDefined();
    deps = {
      ...offline,
      answerer: createTestAnswerer(),
      mode: 'openai',
      model: createOpenAIModel({ baseUrl: openai.baseUrl, apiKey: 'sk-test', model: 'planner-1', maxRetries: 0 }),
    };
    const requests: Json[] = [];
    chat = (req) => {
      requests.push(req);
      if (requests.length > 1) return reply.text('That answers the follow-up.');
      return reply.toolCalls([
        { name: earlier!.tool, arguments: earlier!.args, id: 'again' },
        { name: 'pubmed_search', arguments: { query: 'colon cancer adjuvant therapy', maxResults: 3 }, id: 'new' },
      ]);
    };
    const { result } = await followUp(first.id, 'Are there recent publications on adjuvant therapy?');
    expect(result.mode).toBe('openai');
    expect(result.usage.llmCalls).toBe(2);
    const firstRequest = JSON.stringify(requests[0].messages);
    expect(firstRequest).toContain('<earlier_workup>');
    expect(firstRequest).toContain(earlier!.id);
    expect(firstRequest).toContain('Are there recent publications');
    const added = result.toolCalls.filter((c) => result.ranCallIds.includes(c.id));
    expect(added.map((c) => [c.tool, c.status === 'error' ? 'refused' : 'ran'])).toEqual([
      [earlier!.tool, 'refused'],
      ['pubmed_search', 'ran'],
    ]);
    expect(added[0]!.message).toContain(`already ran as ${earlier!.id}`);
    // The model heard back about both calls (the OpenAI protocol needs an answer to every call).
    const toolReplies = (requests[1].messages as Json[]).filter((m) => m.role === 'tool').map((m) => m.tool_call_id);
    expect(toolReplies).toEqual(['again', 'new']);
    deps = offline;
  });
});

// Runs the app's workup client against a real 127.0.0.1 HTTP server: the SSE stream split anywhere, refusals,
// a stream that breaks off, cancel, and the session's token, FHIR base and patient on every call. The server speaks
// the API contract of POST /api/workups and its events.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiCredentials, WorkupApi } from './api';
import { EVENTS, RESULT } from './fixtures';
import { INITIAL_VIEW, reduceWorkup, type WorkupAction, type WorkupView } from './reducer';
import { runWorkup, stopWorkup } from './run-workup';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
let handler: Handler;
const seen: {
  method?: string;
  url?: string;
  authorization?: string;
  fhirBase?: string;
  patientId?: string;
  body: string;
}[] = [];
let server: Server;
let api: WorkupApi;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen.push({
        method: req.method,
        url: req.url,
        authorization: req.headers.authorization,
        fhirBase: req.headers['x-fhir-base'] as string | undefined,
        patientId: req.headers['x-patient-id'] as string | undefined,
        body,
      });
      handler(req, res, body);
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  api = apiWith('Bearer t0k');
});
afterAll(() => new Promise<void>((done) => server.close(() => done())));
beforeEach(() => {
  seen.length = 0;
});

/** Serves POST → 202, then the given SSE text in small chunks, then `onResult` for GET /api/workups/w1. */
function serve(sse: string, onResult: (res: ServerResponse) => void = (res) => res.writeHead(404).end()): void {
  handler = (req, res) => {
    if (req.method === 'POST') {
      res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'w1' }));
    } else if (req.url === '/api/workups/w1/events') {
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const chunks = sse.match(/[\s\S]{1,37}/g) ?? [];
      const next = (): void => void (chunks.length ? res.write(chunks.shift(), () => setTimeout(next, 1)) : res.end());
      next();
    } else if (req.method === 'GET') {
      onResult(res);
    } else {
      res.writeHead(204).end();
    }
  };
}

const sseOf = (events: unknown[]): string => events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(': ping\n\n');

/** The API with a session holding `authorization` (none: null), for FHIR base http://ehr.test/fhir and patient p1. */
function apiWith(authorization: string | null, baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`) {
  const credentials = async (): Promise<ApiCredentials | null> =>
    authorization ? { authorization, fhirBase: 'http://ehr.test/fhir', patientId: 'p1' } : null;
  return { baseUrl, fetch, credentials } satisfies WorkupApi;
}

async function runAndFold(authorization: string | null = 'Bearer t0k', signal = new AbortController().signal) {
  const actions: WorkupAction[] = [{ type: 'start', question: 'Did it grow?', at: 0 }];
  const request = { fhirBase: 'http://ehr.test/fhir', patientId: 'p1', question: 'Did it grow?' };
  await runWorkup({ api: apiWith(authorization), request, signal, dispatch: (a) => actions.push(a) });
  return { actions, view: actions.reduce(reduceWorkup, INITIAL_VIEW) as WorkupView };
}

describe('runWorkup', () => {
  it('starts with the token and follows the stream to the final result', async () => {
    serve(sseOf(EVENTS));
    const { view, actions } = await runAndFold();
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/workups', authorization: 'Bearer t0k' });
    expect(JSON.parse(seen[0]!.body)).toEqual({
      fhirBase: 'http://ehr.test/fhir',
      patientId: 'p1',
      question: 'Did it grow?',
    });
    // Following the stream and every other call carry the token and the context too (headers, never the URL).
    expect(seen.slice(1).every((s) => s.authorization === 'Bearer t0k' && !s.url?.includes('t0k'))).toBe(true);
    expect(seen.every((s) => s.fhirBase === 'http://ehr.test/fhir' && s.patientId === 'p1')).toBe(true);
    expect(actions.filter((a) => a.type === 'event')).toHaveLength(EVENTS.length);
    expect(view.phase).toBe('done');
    expect(view.result?.answer.markdown).toBe(RESULT.answer.markdown);
    expect(view.items.map((i) => i.state)).toEqual(['ok', 'ok', 'ok', 'ok', 'unavailable']);
  });

  it('says the session expired when the server refuses the token, and needs a token at all', async () => {
    handler = (_req, res) => res.writeHead(401, { 'content-type': 'application/json' }).end('{}');
    expect((await runAndFold()).view).toMatchObject({ phase: 'failed', error: { kind: 'expired' } });
    const none = await runAndFold(null);
    expect(none.view.error?.kind).toBe('expired');
    expect(seen).toHaveLength(1);
  });

  it('recovers the result when the stream breaks off, or says the connection was lost', async () => {
    serve(sseOf(EVENTS.slice(0, 4)), (res) => res.writeHead(200).end(JSON.stringify(RESULT)));
    expect((await runAndFold()).view.phase).toBe('done');
    serve(sseOf(EVENTS.slice(0, 4)), (res) => res.writeHead(202).end('{"status":"running"}'));
    const lost = await runAndFold();
    expect(lost.view).toMatchObject({ phase: 'failed', error: { kind: 'connection-lost' } });
    expect(lost.view.items[0]?.state).toBe('stopped');
  });

  it('counts unreadable messages instead of misreading them', async () => {
    serve(`${sseOf(EVENTS.slice(0, 2))}data: {broken\n\ndata: [1]\n\n${sseOf(EVENTS.slice(2))}`);
    expect((await runAndFold()).view).toMatchObject({ phase: 'done', unreadable: 2 });
  });

  it('stops quietly when aborted, and cancels on the server', async () => {
    serve(sseOf(EVENTS));
    const abort = new AbortController();
    abort.abort();
    const { actions } = await runAndFold('Bearer t', abort.signal);
    expect(actions.map((a) => a.type)).toEqual(['start']);
    await stopWorkup(api, 'w1');
    expect(seen.at(-1)).toMatchObject({ method: 'DELETE', url: '/api/workups/w1', authorization: 'Bearer t0k' });
  });

  it('reports an unreachable server as a network problem', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((done) => closed.close(() => done()));
    const actions: WorkupAction[] = [];
    await runWorkup({
      api: apiWith('Bearer t', `http://127.0.0.1:${port}`),
      request: { fhirBase: 'x', patientId: 'p' },
      signal: new AbortController().signal,
      dispatch: (a) => actions.push(a),
    });
    expect(actions).toMatchObject([{ type: 'failed', error: { kind: 'network' } }]);
  });
});

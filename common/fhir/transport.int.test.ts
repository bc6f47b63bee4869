// The shared FHIR transport against a real HTTP server on loopback: every status comes back as data, writes are sent
// once, reads are retried, redirects are not followed, the latest token is sent, and silence is an error.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchTransport, NoAnswerError } from './transport';

let server: Server;
let base = '';
const hits: { method: string; url: string; auth?: string }[] = [];
let behaviour: (req: IncomingMessage, res: ServerResponse) => void = () => undefined;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push({ method: req.method ?? '', url: req.url ?? '', auth: req.headers.authorization });
    behaviour(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/fhir`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers });
  res.end(JSON.stringify(body));
};

describe('fetchTransport', () => {
  it('returns refusals as data with their OperationOutcome, and sends the current token', async () => {
    hits.length = 0;
    let token = 'first';
    behaviour = (_req, res) =>
      json(res, 403, { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'forbidden' }] });
    const t = fetchTransport({ baseUrl: base, authorization: () => `Bearer ${token}` });
    const a = await t({ method: 'GET', path: 'Patient/1' });
    token = 'refreshed';
    await t({ method: 'GET', path: 'Patient/1' });
    expect(a.status).toBe(403);
    expect(a.body?.resourceType).toBe('OperationOutcome');
    expect(hits.map((h) => h.auth)).toEqual(['Bearer first', 'Bearer refreshed']);
  });

  it('sends a write once after a 503 but retries an idempotent read', async () => {
    hits.length = 0;
    behaviour = (_req, res) => json(res, 503, { resourceType: 'OperationOutcome', issue: [] });
    const t = fetchTransport({ baseUrl: base, retries: 2 });
    expect((await t({ method: 'POST', path: '', body: { resourceType: 'Bundle', type: 'transaction' } })).status).toBe(
      503
    );
    expect(hits).toHaveLength(1);
    expect((await t({ method: 'GET', path: 'Observation?code=x', idempotent: true })).status).toBe(503);
    expect(hits).toHaveLength(4);
  });

  it('does not follow a redirect to another origin', async () => {
    hits.length = 0;
    behaviour = (_req, res) => {
      res.writeHead(307, { location: 'http://127.0.0.2:1/steal' });
      res.end();
    };
    const answer = await fetchTransport({ baseUrl: base })({
      method: 'POST',
      path: '',
      body: { resourceType: 'Bundle', type: 'batch' },
    });
    expect(answer.status).toBe(307);
    expect(hits).toHaveLength(1);
  });

  it('rejects with NoAnswerError when no answer comes in time', async () => {
    behaviour = () => undefined;
    const t = fetchTransport({ baseUrl: base, timeoutMs: 200 });
    const err = await t({ method: 'POST', path: '', body: { resourceType: 'Bundle', type: 'transaction' } }).catch(
      (e) => e
    );
    expect(err).toBeInstanceOf(NoAnswerError);
    expect((err as NoAnswerError).timedOut).toBe(true);
  });
});

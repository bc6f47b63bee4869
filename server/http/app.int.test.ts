// The composed server's API front door, over real HTTP: what is public, what needs a token, refusals of foreign
// browser origins (403), non-JSON bodies (415), oversize bodies (413, before the body is read), unknown API paths and
// malformed URLs, no CORS grant, and the SSRF guard for every spelling of a loopback host.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../tests/support/test-server';
import { closedPort, type ScriptedServer, startScriptedServer } from '../net/scripted-server';
import { demoId } from '../sandbox/demo/portable';
import { UNUSABLE_FHIR_TEXT } from './auth';

const PATIENT = demoId('demo-colon-new');
let server: TestServer;
let victim: ScriptedServer;

beforeAll(async () => {
  server = await startTestServer();
  victim = await startScriptedServer((_req, res) => res.writeHead(200).end('{}'));
});
afterAll(async () => {
  await victim?.close();
  await server?.close();
});

const post = (path: string, body: string, headers: Record<string, string>) =>
  fetch(`${server.url}${path}`, { method: 'POST', body, headers });

/** Sends headers claiming a large body, then only a few bytes: the answer must come without the rest. */
function postClaimingLength(path: string, length: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': String(length) },
    });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
      req.destroy();
    });
    req.on('error', reject);
    req.write('{"fhirBase":');
  });
}

describe('the API front door', () => {
  it('serves health and config without a token, and nothing else', async () => {
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(await (await fetch(`${server.url}/api/config`)).json()).toMatchObject({ clientId: 'oncoagent' });
    for (const path of ['/api/synoptic/templates', '/api/knowledge/search?q=x', '/api/nope']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer realm=/);
    }
  });

  it('answers an unknown API path with a 404 OperationOutcome and a malformed URL with 400', async () => {
    const unknown = await fetch(`${server.url}/api/nope`, { headers: server.apiHeaders(PATIENT) });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'not-found' }] });
    expect((await fetch(`${server.url}/%`)).status).toBe(400);
    expect((await fetch(`${server.url}/assets/%E0%A4%A`)).status).toBe(400);
  });

  it('needs the EHR and patient on calls that do not name them in the body', async () => {
    const { authorization } = server.apiHeaders(PATIENT);
    const res = await fetch(`${server.url}/api/synoptic/templates`, { headers: { authorization } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toMatch(/x-fhir-base and x-patient-id/);
    const ok = await fetch(`${server.url}/api/synoptic/templates`, { headers: server.apiHeaders(PATIENT) });
    expect(ok.status).toBe(200);
  });

  it('refuses foreign browser origins (403) and non-JSON bodies (415), and grants no CORS', async () => {
    const start = JSON.stringify({ fhirBase: server.fhirBase, patientId: PATIENT });
    const headers = server.apiHeaders(PATIENT);
    const foreign = await post('/api/workups', start, {
      ...headers,
      'content-type': 'text/plain',
      origin: 'https://evil.example',
    });
    expect(foreign.status).toBe(403);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${server.url}/api/workups`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const plain = await post('/api/workups', start, { ...headers, 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);
    const form = await post('/api/synoptic/extract', 'a=b', {
      ...headers,
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    // The app's own origin passes the origin check (and then needs JSON and a token like anyone).
    const own = await post('/api/workups', start, { 'content-type': 'application/json', origin: server.url });
    expect(own.status).toBe(401);
  });

  it('refuses bodies over the endpoint limit with 413 before reading them', async () => {
    expect(await postClaimingLength('/api/workups', 50 * 1024 * 1024)).toBe(413);
    expect(await postClaimingLength('/api/writeback/plan', 15 * 1024 * 1024)).toBe(413);
    const json = { 'content-type': 'application/json' };
    const big = await post('/api/workups', JSON.stringify({ question: 'x'.repeat(70 * 1024) }), json);
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'too-costly' }] });
    const synoptic = await post('/api/synoptic/extract', JSON.stringify({ text: 'x'.repeat(1100 * 1024) }), json);
    expect(synoptic.status).toBe(413);
    // Streamed without a length: cut off once over the limit.
    const chunks = new ReadableStream({
      start(controller) {
        for (let i = 0; i < 80; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const streamed = await fetch(`${server.url}/api/workups`, {
      method: 'POST',
      headers: json,
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('never contacts a loopback port it is not configured for, however the host is spelled', async () => {
    const port = new URL(victim.url).port;
    const closed = await closedPort();
    const spellings = [
      `http://127.0.0.1:${port}`,
      `http://127.1:${port}`,
      `http://2130706433:${port}`,
      `http://0x7f.1:${port}`,
      `http://0177.0.0.1:${port}`,
      `http://LOCALHOST:${port}`,
      `http://localhost:${port}`,
      `http://[::1]:${port}`,
      `http://[::ffff:127.0.0.1]:${port}`,
      `http://127.0.0.1:${closed}`,
      `http://LOCALHOST:${closed}`,
    ];
    const headers = { ...server.apiHeaders(PATIENT), 'content-type': 'application/json' };
    delete (headers as Record<string, string>)['x-fhir-base'];
    delete (headers as Record<string, string>)['x-patient-id'];
    const answers = await Promise.all(
      spellings.map(async (origin) => {
        const res = await post(
          '/api/workups',
          JSON.stringify({ fhirBase: `${origin}/fhir`, patientId: PATIENT }),
          headers
        );
        return { status: res.status, body: await res.json() };
      })
    );
    // The same answer whether the port is open or closed: nothing to learn about the network.
    for (const answer of answers) {
      expect(answer).toEqual({
        status: 400,
        body: {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'invalid', details: { text: UNUSABLE_FHIR_TEXT } }],
        },
      });
    }
    expect(victim.requests).toHaveLength(0);
  });
});

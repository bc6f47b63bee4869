// fetchText against a local scripted server: retries on 503/429 (Retry-After honoured), not on 4xx, timeouts, size cap, no key in errors.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fetchText, NetError, safeUrl } from './fetch-retry';
import { closedPort, type ScriptedServer, startScriptedServer } from './scripted-server';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer((_req, res) => res.end('ok'));
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

describe('fetchText', () => {
  it('retries a 503 and returns the later 200', async () => {
    let n = 0;
    server.setScript((_req, res) => {
      res.statusCode = n++ === 0 ? 503 : 200;
      res.end(n === 1 ? 'busy' : 'fine');
    });
    const reply = await fetchText(`${server.url}/x`, { baseDelayMs: 10 });
    expect(reply).toMatchObject({ status: 200, ok: true, text: 'fine', attempts: 2 });
    expect(server.requests).toHaveLength(2);
  });

  it('waits at least Retry-After before retrying a 429', async () => {
    let n = 0;
    server.setScript((_req, res) => {
      if (n++ === 0) res.writeHead(429, { 'retry-after': '1' });
      res.end('x');
    });
    await fetchText(`${server.url}/x`, { baseDelayMs: 10 });
    const [first, second] = server.requests;
    expect(second.at - first.at).toBeGreaterThanOrEqual(950);
  });

  it('returns a Retry-After beyond the cap without waiting', async () => {
    server.setScript((_req, res) => {
      res.writeHead(429, { 'retry-after': '3600' });
      res.end('slow down');
    });
    const reply = await fetchText(`${server.url}/x`, { baseDelayMs: 10 });
    expect(reply).toMatchObject({ status: 429, attempts: 1, text: 'slow down' });
  });

  it('gives up after the configured retries and returns the last 5xx', async () => {
    server.setScript((_req, res) => {
      res.statusCode = 502;
      res.end('bad gateway');
    });
    const reply = await fetchText(`${server.url}/x`, { retries: 2, baseDelayMs: 5 });
    expect(reply).toMatchObject({ status: 502, ok: false, attempts: 3 });
    expect(server.requests).toHaveLength(3);
  });

  it('does not retry a 400 or a POST that got a 503', async () => {
    server.setScript((req, res) => {
      res.statusCode = req.method === 'POST' ? 503 : 400;
      res.end('no');
    });
    expect((await fetchText(`${server.url}/x`, { baseDelayMs: 5 })).status).toBe(400);
    expect((await fetchText(`${server.url}/x`, { method: 'POST', body: 'a', baseDelayMs: 5 })).status).toBe(503);
    expect(server.requests).toHaveLength(2);
  });

  it('throws a network NetError after retries, without the query string (keys) in the message', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/esearch.fcgi?api_key=SECRET123&term=x`;
    const err = await fetchText(url, { retries: 1, baseDelayMs: 5 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(NetError);
    expect(err).toMatchObject({ kind: 'network', attempts: 2 });
    expect((err as Error).message).toContain('ECONNREFUSED');
    expect((err as Error).message).not.toContain('SECRET123');
  });

  it('times out a silent server per attempt', async () => {
    server.setScript(() => undefined); // never answers
    const err = await fetchText(`${server.url}/x`, { attemptTimeoutMs: 100, retries: 1, baseDelayMs: 5 }).catch(
      (e: unknown) => e
    );
    expect(err).toMatchObject({ kind: 'timeout', attempts: 2 });
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    server.setScript(() => undefined);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const err = await fetchText(`${server.url}/x`, { signal: controller.signal, baseDelayMs: 5 }).catch(
      (e: unknown) => e
    );
    expect(err).toMatchObject({ kind: 'aborted' });
    expect(server.requests).toHaveLength(1);
  });

  it('refuses a body over maxBytes', async () => {
    server.setScript((_req, res) => res.end('x'.repeat(5000)));
    await expect(fetchText(`${server.url}/x`, { maxBytes: 1000 })).rejects.toMatchObject({ kind: 'too-large' });
  });
});

describe('safeUrl', () => {
  it('drops query and credentials', () => {
    expect(safeUrl('https://user:pw@api.example.org/v1/search?key=abc#f')).toBe('https://api.example.org/v1/search');
  });
});

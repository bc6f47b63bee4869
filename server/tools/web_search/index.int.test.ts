// web_search against local servers speaking the SearXNG and Google Custom Search JSON APIs, plus the configuration failures.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closedPort, type ScriptedServer, sendJson, startScriptedServer } from '../../net/scripted-server';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { webSearchTool } from '.';

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer((_req, res) => res.writeHead(404).end());
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
});

const run = (args: Record<string, unknown>, env: Record<string, string>) =>
  runTool(webSearchTool, args, { config: readToolConfig(env) });

describe('web_search with SearXNG', () => {
  const env = () => ({ ONCOAGENT_WEB_SEARCH: 'searxng', SEARXNG_URL: `${server.url}/searx` });

  it('calls /search?format=json under the base path and maps results', async () => {
    server.setScript((_req, res) =>
      sendJson(res, 200, {
        query: 'ignored',
        results: [
          {
            title: 'Synthetic page one',
            url: 'https://example.org/a',
            content: 'First  synthetic\nsnippet.',
            engine: 'x',
          },
          { title: 'Not a web link', url: 'javascript:alert(1)', content: 'dropped' },
          { title: 'Duplicate', url: 'https://example.org/a', content: 'dropped' },
          { title: 'Synthetic page two', url: 'https://example.org/b', content: 'Second snippet.' },
          { title: 'Synthetic page three', url: 'https://example.org/c', content: 'Third snippet.' },
        ],
      })
    );
    const result = await run({ query: 'KRAS G12C', maxResults: 2, site: 'Example.org' }, env());
    expect(result).toMatchObject({
      status: 'ok',
      output: {
        provider: 'searxng',
        query: 'KRAS G12C site:example.org',
        results: [
          { title: 'Synthetic page one', url: 'https://example.org/a', snippet: 'First synthetic snippet.' },
          { title: 'Synthetic page two', url: 'https://example.org/b', snippet: 'Second snippet.' },
        ],
      },
    });
    const [req] = server.requests;
    expect(req.path).toBe('/searx/search');
    expect(Object.fromEntries(req.query)).toEqual({ q: 'KRAS G12C site:example.org', format: 'json' });
  });

  it('explains a 403 (json format disabled) as unavailable', async () => {
    server.setScript((_req, res) => res.writeHead(403).end('Forbidden'));
    const result = await run({ query: 'x' }, env());
    expect(result.status).toBe('unavailable');
    expect(result.message).toContain('search.formats');
  });

  it('is unavailable without SEARXNG_URL', async () => {
    const result = await run({ query: 'x' }, { ONCOAGENT_WEB_SEARCH: 'searxng' });
    expect(result).toMatchObject({ status: 'unavailable', message: 'web search via SearXNG needs SEARXNG_URL' });
  });
});

describe('web_search with Google Programmable Search', () => {
  const env = () => ({
    ONCOAGENT_WEB_SEARCH: 'google',
    GOOGLE_CSE_KEY: 'test-key-abc',
    GOOGLE_CSE_ID: 'engine-1',
    GOOGLE_CSE_BASE_URL: `${server.url}/customsearch/v1`,
  });

  it('sends key, cx, q and num and maps items', async () => {
    server.setScript((_req, res) =>
      sendJson(res, 200, {
        kind: 'customsearch#search',
        items: [{ title: 'Synthetic result', link: 'https://example.net/x', snippet: 'A made-up snippet.' }],
      })
    );
    const result = await run({ query: 'sotorasib', maxResults: 3 }, env());
    expect(result).toMatchObject({
      status: 'ok',
      output: {
        provider: 'google',
        results: [{ title: 'Synthetic result', url: 'https://example.net/x', snippet: 'A made-up snippet.' }],
      },
    });
    const [req] = server.requests;
    expect(req.path).toBe('/customsearch/v1');
    expect(Object.fromEntries(req.query)).toEqual({ key: 'test-key-abc', cx: 'engine-1', q: 'sotorasib', num: '3' });
  });

  it('returns an empty list with a warning when Google has no items', async () => {
    server.setScript((_req, res) =>
      sendJson(res, 200, { kind: 'customsearch#search', searchInformation: { totalResults: '0' } })
    );
    const result = await run({ query: 'zzzz' }, env());
    expect(result).toMatchObject({ status: 'ok', output: { results: [] }, warnings: ['no results'] });
  });

  it('reports a rejected key as unavailable without echoing it, and a bad request as error', async () => {
    server.setScript((req, res) =>
      sendJson(res, 400, {
        error: { code: 400, message: `API key not valid: ${req.query.get('key')}`, status: 'INVALID_ARGUMENT' },
      })
    );
    const bad = await run({ query: 'x' }, env());
    expect(bad.status).toBe('unavailable');
    expect(bad.message).toContain('GOOGLE_CSE_KEY');
    expect(bad.message).not.toContain('test-key-abc');

    server.setScript((_req, res) =>
      sendJson(res, 400, { error: { code: 400, message: 'Invalid value', status: 'INVALID_ARGUMENT' } })
    );
    expect(await run({ query: 'x' }, env())).toMatchObject({
      status: 'error',
      message: expect.stringContaining('Invalid value'),
    });
  });

  it('retries a 503 and then answers', async () => {
    let first = true;
    server.setScript((_req, res) => {
      if (first) {
        first = false;
        return void res.writeHead(503).end();
      }
      sendJson(res, 200, { items: [{ title: 't', link: 'https://example.net/', snippet: 's' }] });
    });
    expect((await run({ query: 'x' }, env())).status).toBe('ok');
    expect(server.requests).toHaveLength(2);
  });

  it('names the missing variables', async () => {
    const result = await run({ query: 'x' }, { ONCOAGENT_WEB_SEARCH: 'google' });
    expect(result.message).toBe('web search via Google Programmable Search needs GOOGLE_CSE_KEY and GOOGLE_CSE_ID');
    expect(result.status).toBe('unavailable');
  });
});

describe('web_search configuration', () => {
  it('is unavailable when off (the default)', async () => {
    expect(await run({ query: 'x' }, {})).toMatchObject({
      status: 'unavailable',
      message: 'web search is off; set ONCOAGENT_WEB_SEARCH=searxng|google',
    });
  });

  it('is unavailable offline without any request', async () => {
    const result = await run(
      { query: 'x' },
      { ONCOAGENT_WEB_SEARCH: 'searxng', SEARXNG_URL: server.url, ONCOAGENT_OFFLINE: 'true' }
    );
    expect(result).toMatchObject({ status: 'unavailable', message: 'offline mode: web search not reachable' });
    expect(server.requests).toHaveLength(0);
  });

  it('is unavailable when the provider cannot be reached', async () => {
    const port = await closedPort();
    const result = await run(
      { query: 'x' },
      { ONCOAGENT_WEB_SEARCH: 'searxng', SEARXNG_URL: `http://127.0.0.1:${port}` }
    );
    expect(result.status).toBe('unavailable');
    expect(result.message).toContain(`SearXNG unreachable: cannot reach http://127.0.0.1:${port}/search: ECONNREFUSED`);
  });

  it('rejects a site that is not a host name', async () => {
    const result = await run(
      { query: 'x', site: 'example.org OR evil' },
      { ONCOAGENT_WEB_SEARCH: 'searxng', SEARXNG_URL: server.url }
    );
    expect(result.status).toBe('error');
    expect(server.requests).toHaveLength(0);
  });
});

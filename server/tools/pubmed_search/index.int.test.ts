// pubmed_search against a local server speaking E-utilities: request parameters, parsing, pacing, retries and failure statuses.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { closedPort, type Script, type ScriptedServer, sendJson, startScriptedServer } from '../../net/scripted-server';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { pubmedSearchTool } from '.';
import { ncbiLimiter } from './eutils';

const fixture = readFileSync(new URL('./testdata/efetch-two-articles.xml', import.meta.url), 'utf8');

/** A well-behaved E-utilities: two hits (ranked 99000001 first), efetch returns them in the other order. */
const eutils: Script = (req, res) => {
  if (req.path.endsWith('/esearch.fcgi')) {
    sendJson(res, 200, {
      header: { type: 'esearch', version: '0.3' },
      esearchresult: { count: '42', retmax: '2', retstart: '0', idlist: ['99000001', '99000002'], translationset: [] },
    });
  } else if (req.path.endsWith('/efetch.fcgi')) {
    res.writeHead(200, { 'content-type': 'text/xml; charset=UTF-8' });
    res.end(fixture);
  } else {
    res.writeHead(404).end();
  }
};

let server: ScriptedServer;
beforeAll(async () => {
  server = await startScriptedServer(eutils);
});
afterAll(() => server.close());
beforeEach(() => {
  server.requests.length = 0;
  server.setScript(eutils);
});

const config = (env: Record<string, string> = {}) =>
  readToolConfig({ NCBI_EUTILS_BASE_URL: `${server.url}/entrez/eutils`, ...env });
const search = (args: Record<string, unknown>, env?: Record<string, string>) =>
  runTool(pubmedSearchTool, args, { config: config(env) });

describe('pubmed_search', () => {
  it('runs esearch then efetch and returns passages in PubMed ranking order', async () => {
    const result = await search(
      { query: 'KRAS G12C colorectal', maxResults: 2, minYear: 2020 },
      { NCBI_EMAIL: 'dev@example.org' }
    );
    expect(result.status).toBe('ok');
    const [esearchReq, efetchReq] = server.requests;
    expect(esearchReq.path).toBe('/entrez/eutils/esearch.fcgi');
    expect(Object.fromEntries(esearchReq.query)).toEqual({
      db: 'pubmed',
      term: 'KRAS G12C colorectal',
      retmode: 'json',
      retmax: '2',
      sort: 'relevance',
      datetype: 'pdat',
      mindate: '2020',
      maxdate: '3000',
      tool: 'oncoagent',
      email: 'dev@example.org',
    });
    expect(efetchReq.path).toBe('/entrez/eutils/efetch.fcgi');
    expect(Object.fromEntries(efetchReq.query)).toMatchObject({
      db: 'pubmed',
      id: '99000001,99000002',
      rettype: 'abstract',
      retmode: 'xml',
      tool: 'oncoagent',
    });
    const output = result.output as { query: string; count: number; passages: { pmid: string; text: string }[] };
    expect(output.count).toBe(42);
    expect(output.passages.map((p) => p.pmid)).toEqual(['99000001', '99000002']);
    expect(output.passages[0].text).toMatch(/^BACKGROUND: This abstract is invented/);
    expect(result.warnings).toEqual(['No abstract in PubMed for PMID 99000002 (title only)']);
  });

  it('sends api_key when set, omits email when unset, and asks for newest first on request', async () => {
    await search({ query: 'x', sort: 'pub_date' }, { NCBI_API_KEY: 'test-key-123' });
    for (const req of server.requests) {
      expect(req.query.get('api_key')).toBe('test-key-123');
      expect(req.query.get('tool')).toBe('oncoagent');
      expect(req.query.has('email')).toBe(false);
    }
    expect(server.requests[0].query.get('sort')).toBe('pub_date');
    expect(server.requests[0].query.get('retmax')).toBe('5');
    expect(server.requests[0].query.has('mindate')).toBe(false);
  });

  it('takes a slot of the shared NCBI limiter (3/s without a key, 10/s with one) before every request', async () => {
    // The limiter's pacing is checked on a fake clock in net/rate-limiter.test.ts; here: every request waits for it.
    const anonymous = ncbiLimiter(false);
    const keyed = ncbiLimiter(true);
    expect([anonymous.perSecond, keyed.perSecond]).toEqual([3, 10]);
    const slots = { anonymous: vi.spyOn(anonymous, 'acquire'), keyed: vi.spyOn(keyed, 'acquire') };
    try {
      await Promise.all([search({ query: 'a' }), search({ query: 'b' })]);
      expect(server.requests).toHaveLength(4);
      expect(slots.anonymous).toHaveBeenCalledTimes(4);
      expect(slots.keyed).not.toHaveBeenCalled();

      await search({ query: 'c' }, { NCBI_API_KEY: 'k' });
      expect(server.requests).toHaveLength(6);
      expect(slots.keyed).toHaveBeenCalledTimes(2);
      expect(slots.anonymous).toHaveBeenCalledTimes(4);
    } finally {
      slots.anonymous.mockRestore();
      slots.keyed.mockRestore();
    }
  });

  it('retries a 503 and then succeeds', async () => {
    let first = true;
    server.setScript((req, res) => {
      if (first) {
        first = false;
        res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>');
        return;
      }
      return eutils(req, res);
    });
    const result = await search({ query: 'x' });
    expect(result.status).toBe('ok');
    expect(server.requests.map((r) => r.path.split('/').pop())).toEqual([
      'esearch.fcgi',
      'esearch.fcgi',
      'efetch.fcgi',
    ]);
  });

  it('turns an HTTP 400 into an error naming the problem, never echoing the key', async () => {
    server.setScript((req, res) =>
      sendJson(res, 400, { error: `API key invalid: ${req.query.get('api_key')}`, type: 'invalid' })
    );
    const result = await search({ query: 'x' }, { NCBI_API_KEY: 'secret-key-999' });
    expect(result.status).toBe('error');
    expect(result.message).toContain('HTTP 400');
    expect(result.message).toContain('API key invalid');
    expect(result.message).not.toContain('secret-key-999');
    expect(server.requests).toHaveLength(1);
  });

  it('turns an esearch ERROR field into an error', async () => {
    server.setScript((_req, res) =>
      sendJson(res, 200, { esearchresult: { ERROR: 'Invalid query syntax near "[[["' } })
    );
    const result = await search({ query: '[[[' });
    expect(result).toMatchObject({
      status: 'error',
      message: 'PubMed rejected the search: Invalid query syntax near "[[["',
    });
  });

  it('returns no passages (and calls no efetch) when nothing matches', async () => {
    server.setScript((_req, res) =>
      sendJson(res, 200, {
        esearchresult: {
          count: '0',
          idlist: [],
          warninglist: { phrasesignored: [], outputmessages: ['No items found.'] },
        },
      })
    );
    const result = await search({ query: 'zzzz' });
    expect(result).toMatchObject({ status: 'ok', output: { count: 0, passages: [] } });
    expect(result.warnings).toEqual(['PubMed outputmessages: No items found.']);
    expect(server.requests).toHaveLength(1);
  });

  it('is unavailable when PubMed cannot be reached', async () => {
    const port = await closedPort();
    const result = await runTool(
      pubmedSearchTool,
      { query: 'x' },
      {
        config: readToolConfig({ NCBI_EUTILS_BASE_URL: `http://127.0.0.1:${port}/eutils`, NCBI_API_KEY: 'hidden-key' }),
      }
    );
    expect(result.status).toBe('unavailable');
    expect(result.message).toMatch(
      /^PubMed unreachable: cannot reach http:\/\/127\.0\.0\.1:\d+\/eutils\/esearch\.fcgi: ECONNREFUSED/
    );
    expect(result.message).not.toContain('hidden-key');
  });

  it('is unavailable in offline mode without any request', async () => {
    const result = await search({ query: 'x' }, { ONCOAGENT_OFFLINE: '1' });
    expect(result).toMatchObject({ status: 'unavailable', message: 'offline mode: PubMed not reachable' });
    expect(server.requests).toHaveLength(0);
  });

  it('rejects out-of-range arguments before any request', async () => {
    expect((await search({ query: 'x', maxResults: 50 })).status).toBe('error');
    expect((await search({ query: '   ' })).status).toBe('error');
    expect(server.requests).toHaveLength(0);
  });
});

// The knowledge search endpoint the app calls: ranked passages with doc, section and score, a 400 OperationOutcome
// that names a bad parameter, and a 503 when the index cannot be opened or built.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseMarkdown } from '../rag/ingest/markdown';
import { defaultChunker } from '../rag/knowledge';
import { KnowledgeIndex } from '../rag/store';
import { knowledgeRoutes } from './knowledge-routes';
import { onApiError } from './problem';

let dir: string;
let index: KnowledgeIndex;
let app: Hono;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-routes-'));
  index = await KnowledgeIndex.open(dir);
  const doc = parseMarkdown(
    '---\nid: hcc\ntitle: Hepatocellular carcinoma\nsource: EASL (2025)\nyear: 2025\nurl: https://easl.eu\n---\n' +
      '## Surveillance\nUltrasound every six months in cirrhosis, with or without AFP.\n\n' +
      '## Systemic therapy\nAtezolizumab plus bevacizumab after variceal screening.\n',
    'hcc.md'
  );
  await index.sync([doc], defaultChunker);
  app = new Hono().route('/api/knowledge', knowledgeRoutes({ index: async () => index })).onError(onApiError);
});
afterAll(() => {
  index.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (query: string) => app.request(`/api/knowledge/search${query}`);

describe('GET /api/knowledge/search', () => {
  it('returns ranked passages with doc id, section, score and text', async () => {
    const res = await get('?q=HCC%20ultrasound%20surveillance&k=1');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      query: 'HCC ultrasound surveillance',
      k: 1,
      mode: { dense: null, reranker: 'lexical' },
    });
    expect(body.passages).toHaveLength(1);
    expect(body.passages[0]).toMatchObject({
      rank: 1,
      sourceId: 'hcc#surveillance',
      docId: 'hcc',
      section: 'Surveillance',
      title: 'Hepatocellular carcinoma',
      year: 2025,
      url: 'https://easl.eu',
      method: 'rerank',
    });
    expect(body.passages[0].text).toMatch(/^Ultrasound every six months/);
    expect(body.passages[0].score).toBeGreaterThan(0);
  });

  it('answers bad parameters with a 400 OperationOutcome naming the problem', async () => {
    const cases: [string, RegExp][] = [
      ['', /q \(the query\) is required/],
      ['?q=', /The query is empty/],
      [`?q=${'a'.repeat(5000)}`, /too long \(5000 characters; at most 1000\)/],
      ['?q=hcc&k=0', /k must be at least 1/],
      ['?q=hcc&k=two', /k must be a number/],
    ];
    for (const [query, message] of cases) {
      const res = await get(query);
      expect(res.status, query.slice(0, 20)).toBe(400);
      const body = await res.json();
      expect(body.resourceType).toBe('OperationOutcome');
      expect(body.issue[0].details.text).toMatch(message);
    }
  });

  it('answers 503 when the index cannot be opened or built', async () => {
    const broken = new Hono()
      .route(
        '/k',
        knowledgeRoutes({
          index: async () => {
            throw new Error('No knowledge documents in /nowhere');
          },
        })
      )
      .onError(onApiError);
    const res = await broken.request('/k/search?q=hcc');
    expect(res.status).toBe(503);
    expect((await res.json()).issue[0]).toMatchObject({
      code: 'transient',
      details: { text: expect.stringMatching(/nowhere/) },
    });
  });
});

// Rerankers over the wire: Cohere- and TEI-style cross-encoders, the one-call LLM grader and the lexical fallback
// order passages correctly, and an HTTP error or malformed reply fails clearly instead of reordering silently.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createScriptedModel } from '../llm/scripted';
import { LexicalReranker } from './rerank';
import { CrossEncoderReranker } from './rerank-cross-encoder';
import { LlmReranker } from './rerank-llm';
import type { Passage } from './types';

function passage(id: string, section: string, text: string, score: number): Passage {
  return {
    chunk: {
      id: `${id}#s@256:0`,
      docId: id,
      sectionId: 's',
      title: `${id} guideline`,
      section,
      source: 'Test',
      size: 256,
      index: 0,
      tokens: 20,
      text,
      docHash: 'h',
    },
    score,
    method: 'bm25',
  };
}

const candidates = [
  passage('a', 'Adjuvant therapy', 'CAPOX for three months in low-risk stage III colon cancer.', 3),
  passage('b', 'Surveillance', 'CEA every three to six months and CT yearly after resection.', 2),
  passage('c', 'Hepatic arterial infusion', 'HAI pumps deliver floxuridine to liver metastases.', 1),
];

/** A scripted `/rerank` endpoint: `respond` chooses status and body; every request body is kept. */
let respond: (body: Record<string, unknown>) => { status: number; body: unknown } = () => ({ status: 200, body: {} });
const bodies: Record<string, unknown>[] = [];
const headers: IncomingMessage['headers'][] = [];
let server: Server;
let url: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => {
      raw += c.toString();
    });
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      bodies.push(body);
      headers.push(req.headers);
      const r = respond(body);
      res.writeHead(r.status, { 'content-type': 'application/json' });
      res.end(typeof r.body === 'string' ? r.body : JSON.stringify(r.body));
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/rerank`;
});
afterAll(
  () =>
    new Promise<void>((done) => {
      server.closeAllConnections();
      server.close(() => done());
    })
);
beforeEach(() => {
  bodies.length = 0;
  headers.length = 0;
});

describe('CrossEncoderReranker', () => {
  it('sends the Cohere-style request and orders by relevance_score', async () => {
    respond = () => ({
      status: 200,
      body: {
        results: [
          { index: 2, relevance_score: 0.91 },
          { index: 0, relevance_score: 0.4 },
          { index: 1, relevance_score: 0.02 },
        ],
      },
    });
    const reranker = new CrossEncoderReranker({ url, model: 'bge-reranker-v2-m3', apiKey: 'rk-secret', retries: 0 });
    const out = await reranker.rerank('liver-directed pump chemotherapy', candidates);
    expect(out.map((p) => [p.chunk.docId, p.score, p.method])).toEqual([
      ['c', 0.91, 'rerank'],
      ['a', 0.4, 'rerank'],
      ['b', 0.02, 'rerank'],
    ]);
    expect(bodies[0]).toMatchObject({
      model: 'bge-reranker-v2-m3',
      query: 'liver-directed pump chemotherapy',
      top_n: 3,
    });
    expect(bodies[0]?.documents).toEqual(candidates.map((p) => `${p.chunk.section}\n${p.chunk.text}`));
    expect(headers[0]?.authorization).toBe('Bearer rk-secret');
  });

  it('speaks TEI ({query, texts} → [{index, score}]) and keeps unscored passages last in their order', async () => {
    respond = () => ({ status: 200, body: [{ index: 1, score: 5.2 }] });
    const out = await new CrossEncoderReranker({ url, format: 'tei', retries: 0 }).rerank('CEA follow-up', candidates, {
      topN: 2,
    });
    expect(out.map((p) => p.chunk.docId)).toEqual(['b', 'a']);
    expect(bodies[0]).toMatchObject({ query: 'CEA follow-up', texts: expect.any(Array) });
    expect(bodies[0]).not.toHaveProperty('documents');
  });

  it('fails clearly on an HTTP error, a malformed reply or an index out of range', async () => {
    const reranker = new CrossEncoderReranker({ url, retries: 0 });
    respond = () => ({ status: 503, body: { error: 'loading' } });
    await expect(reranker.rerank('q', candidates)).rejects.toThrow(/answered HTTP 503/);
    respond = () => ({ status: 200, body: '{"results": [' });
    await expect(reranker.rerank('q', candidates)).rejects.toThrow(/replied without results/);
    respond = () => ({ status: 200, body: { results: [{ index: 7, relevance_score: 1 }] } });
    await expect(reranker.rerank('q', candidates)).rejects.toThrow(/index 7 for 3 documents/);
  });
});

describe('LlmReranker', () => {
  it('grades all candidates in one structured call and sorts by grade, ties in first-stage order', async () => {
    const model = createScriptedModel([
      {
        json: {
          scores: [
            { id: 1, score: 1 },
            { id: 2, score: 3 },
            { id: 3, score: 1 },
          ],
        },
      },
    ]);
    const usage: number[] = [];
    const out = await new LlmReranker(model, { onUsage: (u) => usage.push(u.llmCalls) }).rerank(
      'CEA follow-up',
      candidates
    );
    expect(out.map((p) => [p.chunk.docId, p.score])).toEqual([
      ['b', 3],
      ['a', 1],
      ['c', 1],
    ]);
    expect(model.requests).toHaveLength(1);
    expect(model.requests[0]?.responseSchema?.name).toBe('rerank_passages');
    const prompt = String(model.requests[0]?.messages[1]?.content);
    expect(prompt).toContain('Query: CEA follow-up');
    expect(prompt).toContain('[3] c guideline — Hepatic arterial infusion');
    expect(usage).toEqual([1]);
  });

  it('throws when the model grades none of the passages', async () => {
    const model = createScriptedModel([{ json: { scores: [{ id: 99, score: 3 }] } }]);
    await expect(new LlmReranker(model).rerank('q', candidates)).rejects.toThrow(/graded none/);
  });
});

describe('LexicalReranker', () => {
  it('prefers the passage covering the rare query terms, in heading or text', async () => {
    const out = await new LexicalReranker().rerank('hepatic arterial infusion pump', candidates);
    expect(out[0]?.chunk.docId).toBe('c');
    expect(out.every((p) => p.method === 'rerank')).toBe(true);
    expect(await new LexicalReranker().rerank('anything', [])).toEqual([]);
  });
});

// Retrieval end to end: abbreviations expanded, one passage per section, bad queries a clear 400, hybrid BM25 plus
// dense fusion, and a lexical fallback with a warning when the embedder or reranker is down.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reply, type ScriptedOpenAI, startScriptedOpenAI } from '../../tests/support/scripted-openai';
import { ModelUnavailableError } from '../llm/errors';
import { createOpenAIEmbedder } from '../llm/openai';
import { parseMarkdown } from './ingest/markdown';
import { defaultChunker, searchKnowledge } from './knowledge';
import type { Reranker } from './rerank';
import { checkQuery, MAX_QUERY_CHARS, retrieve, rrf } from './retrieve';
import { KnowledgeIndex } from './store';
import type { Passage } from './types';

function doc(id: string, heading: string, text: string, title = id) {
  return parseMarkdown(
    `---\nid: ${id}\ntitle: ${title}\nsource: Test (2024)\n---\n## ${heading}\n${text}\n`,
    `${id}.md`
  );
}

/** Leaves the first-stage order as it is, so a test sees the fusion itself. */
const keepOrder: Reranker = { name: 'none', rerank: async (_q: string, p: Passage[]) => p };

const docs = [
  doc(
    'mcrc',
    'Doublet chemotherapy',
    'In metastatic colorectal cancer the doublet backbone is combined with a biologic.'
  ),
  doc('hcc', 'Surveillance', 'Cirrhosis warrants ultrasound every six months for hepatocellular carcinoma.'),
  ...[
    'Morphine is titrated every four hours with breakthrough doses of one sixth.',
    'Oxycodone suits renal impairment poorly; halve the dose and lengthen intervals.',
    'Fentanyl patches need stable pain; titration with patches is slow and risky.',
    'Hydromorphone is five times as potent orally as morphine in most tables.',
    'Methadone has a long variable half-life: rotation requires specialist input.',
    'Tapentadol combines mu agonism with noradrenaline reuptake inhibition.',
    'Buprenorphine transdermal systems release drug over seven days.',
    'Tramadol lowers the seizure threshold and interacts with serotonergic drugs.',
  ].map((text, i) => doc(`pain-${i}`, 'Opioids for cancer pain', text)),
  // Only function words, which the full-text index drops: BM25 cannot find this document, dense retrieval can.
  doc('target', 'Such', 'it is not that they will be there', 'The'),
];

let dir: string;
let index: KnowledgeIndex;
let server: ScriptedOpenAI;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'rag-retrieve-'));
  server = await startScriptedOpenAI(() => reply.text('unused'), { embeddingDims: 32 });
  index = await KnowledgeIndex.open(dir);
  await index.sync(
    docs,
    defaultChunker,
    createOpenAIEmbedder({ baseUrl: server.baseUrl, model: 'embed-1', maxRetries: 0 })
  );
});
afterAll(async () => {
  index.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('retrieve: lexical side', () => {
  it('expands abbreviations: "mCRC" finds text that only says "metastatic colorectal cancer"', async () => {
    const [top] = await retrieve(index, 'doublet for mCRC');
    expect(top?.chunk.docId).toBe('mcrc');
    expect((await retrieve(index, 'mCRC')).map((p) => p.chunk.docId)).toContain('mcrc');
  });

  it('returns at most k passages, one per section', async () => {
    const passages = await retrieve(index, 'opioids for cancer pain', { k: 5 });
    expect(passages).toHaveLength(5);
    expect(new Set(passages.map((p) => `${p.chunk.docId}#${p.chunk.sectionId}`)).size).toBe(5);
    expect(passages.every((p) => p.method === 'rerank')).toBe(true);
  });

  it('rejects empty, overlong and wordless queries with a clear 400 outcome', async () => {
    const problem = async (q: string) => {
      const err = await retrieve(index, q).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(OperationOutcomeError);
      return (err as OperationOutcomeError).outcome.issue?.[0]?.details?.text;
    };
    expect(await problem('')).toBe('The query is empty');
    expect(await problem('   ')).toBe('The query is empty');
    expect(await problem('x'.repeat(5000))).toBe(`The query is too long (5000 characters; at most ${MAX_QUERY_CHARS})`);
    expect(await problem('?!—…')).toMatch(/no words/);
    expect(checkQuery('  HCC  ')).toBe('HCC');
  });
});

describe('retrieve: hybrid (scripted OpenAI embeddings over the real client)', () => {
  const embedder = () => createOpenAIEmbedder({ baseUrl: server.baseUrl, model: 'embed-1', maxRetries: 0 });
  // Hash embeddings match only identical text: the query equals the target's search text, so dense ranks it first.
  const query = defaultChunker.searchText(defaultChunker.chunk(docs.at(-1)!)[0]!);

  it('embeds the query through /v1/embeddings; dense finds what BM25 cannot', async () => {
    expect(await retrieve(index, query, { reranker: keepOrder })).toEqual([]);
    const before = server.requests.length;
    const hybrid = await retrieve(index, query, { reranker: keepOrder, embedder: embedder() });
    const sent = server.requests.slice(before);
    expect(sent.map((r) => [r.path, r.body.model, r.body.input])).toEqual([['/v1/embeddings', 'embed-1', [query]]]);
    expect(hybrid[0]?.chunk.docId).toBe('target');
    expect(hybrid[0]?.method).toBe('rrf');
  });

  it('keeps the BM25 hits in the fused list, next to dense-only ones', async () => {
    const lexical = await retrieve(index, 'fentanyl titration', { reranker: keepOrder });
    const hybrid = await retrieve(index, 'fentanyl titration', { reranker: keepOrder, embedder: embedder() });
    expect(lexical[0]?.chunk.docId).toBe('pain-2');
    expect(hybrid.map((p) => p.chunk.docId)).toContain('pain-2');
    expect(hybrid.length).toBeGreaterThan(lexical.length);
    expect(hybrid.every((p) => p.method === 'rrf')).toBe(true);
    // With the default (lexical) reranker the one document that matches the words comes first again.
    expect((await retrieve(index, 'fentanyl titration', { embedder: embedder() }))[0]?.chunk.docId).toBe('pain-2');
  });

  it('reports dense mode, and falls back to lexical with a warning when the endpoint is down', async () => {
    const ok = await searchKnowledge(index, query, { embedder: embedder() });
    expect(ok.mode).toEqual({ dense: 'embed-1', reranker: 'lexical' });
    expect(ok.warnings).toEqual([]);
    const down = createOpenAIEmbedder({ baseUrl: 'http://127.0.0.1:9/v1', model: 'embed-1', maxRetries: 0 });
    const result = await searchKnowledge(index, 'morphine breakthrough doses', { embedder: down });
    expect(result.mode.dense).toBeNull();
    expect(result.warnings[0]).toMatch(/Dense retrieval skipped: Cannot reach the model endpoint/);
    expect(result.passages.length).toBeGreaterThan(0);
    await expect(down.embed(['x'])).rejects.toBeInstanceOf(ModelUnavailableError);
  });

  it('falls back to the lexical reranker, with a warning, when the configured one fails', async () => {
    const broken: Reranker = {
      name: 'cross-encoder',
      rerank: async () => {
        throw new Error('The rerank endpoint answered HTTP 502');
      },
    };
    const result = await searchKnowledge(index, 'methadone half-life', { reranker: broken });
    expect(result.mode.reranker).toBe('lexical');
    expect(result.warnings).toEqual([
      'The cross-encoder reranker failed, lexical reranking used: The rerank endpoint answered HTTP 502',
    ]);
    expect(result.passages[0]).toMatchObject({ rank: 1, docId: 'pain-4', sourceId: 'pain-4#opioids-for-cancer-pain' });
  });

  it('rrf sums 1/(60 + rank) over the rankings', () => {
    const p = (id: string): Passage => ({ chunk: { ...docsChunk(), id }, score: 0, method: 'bm25' });
    const fused = rrf([
      [p('x'), p('y')],
      [p('y'), p('z')],
    ]);
    expect(fused.map((f) => f.chunk.id)).toEqual(['y', 'x', 'z']);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 10);
  });
});

function docsChunk() {
  return defaultChunker.chunk(docs[0]!)[0]!;
}

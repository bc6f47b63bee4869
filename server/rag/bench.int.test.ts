// Keeps the retrieval benchmark honest: a deterministic synthetic corpus that reaches its chunk target, and ingest
// throughput and query latency figures measured on both the real and the synthetic corpus.
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchRetrieval } from './bench';
import { parseMarkdown } from './ingest/markdown';
import { defaultChunker } from './knowledge';
import { syntheticCorpus } from './synthetic';

const KNOWLEDGE = resolve(import.meta.dirname, '../../knowledge');

describe('syntheticCorpus', () => {
  it('is deterministic for a seed and reaches the chunk target', () => {
    const real = [
      parseMarkdown(
        '---\nid: r\ntitle: R\n---\n## Dosing\nCapecitabine is given twice daily. Oxaliplatin is given every three weeks.\n\n## Toxicity\nNeuropathy limits oxaliplatin. Diarrhoea limits capecitabine.\n',
        'r.md'
      ),
    ];
    const a = syntheticCorpus(real, 300, defaultChunker, 7);
    const b = syntheticCorpus(real, 300, defaultChunker, 7);
    expect(a.map((d) => d.hash)).toEqual(b.map((d) => d.hash));
    expect(syntheticCorpus(real, 300, defaultChunker, 8)[0]?.hash).not.toBe(a[0]?.hash);
    expect(a.flatMap((d) => defaultChunker.chunk(d)).length).toBeGreaterThanOrEqual(300);
    expect(a[0]?.source).toMatch(/not clinical guidance/);
  });
});

describe('benchRetrieval', () => {
  it('measures ingest throughput and query latency on the real and a synthetic corpus', async () => {
    const figures = await benchRetrieval({
      knowledgeDir: KNOWLEDGE,
      evalDir: resolve(KNOWLEDGE, 'eval'),
      syntheticChunks: 3000,
      queries: 30,
    });
    for (const bench of [figures.corpus, figures.synthetic]) {
      expect(bench.queries).toBe(30);
      expect(bench.chunksPerSec).toBeGreaterThan(0);
      expect(bench.p50Ms).toBeGreaterThan(0);
      expect(bench.p95Ms).toBeGreaterThanOrEqual(bench.p50Ms);
    }
    expect(figures.corpus.docs).toBeGreaterThanOrEqual(10);
    expect(figures.synthetic.chunks).toBeGreaterThanOrEqual(3000);
    expect(figures.targets).toEqual({ chunksPerSec: 2000, p95Ms: 30 });
  }, 120_000);
});

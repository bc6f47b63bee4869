// Retrieval benchmark: ingest throughput and offline query latency on the real corpus and a synthetic 100k-chunk one.
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEvalQuestions } from './eval';
import { loadCorpus } from './ingest/load-corpus';
import { defaultChunker } from './knowledge';
import { contentTerms } from './lexical';
import { lexicalQuery, retrieve } from './retrieve';
import { type Chunker, KnowledgeIndex } from './store';
import { seededRandom, syntheticCorpus } from './synthetic';
import type { Chunk, KnowledgeDoc } from './types';

/** Figures for one corpus. Times in milliseconds; latency is the whole offline `retrieve` (BM25 + rerank + dedupe). */
export interface CorpusBench {
  docs: number;
  chunks: number;
  /** Chunking (tokenizer) time, then writing and full-text indexing; chunks/s is over both. */
  chunkMs: number;
  indexMs: number;
  chunksPerSec: number;
  indexChunksPerSec: number;
  queries: number;
  p50Ms: number;
  p95Ms: number;
  /** The first-stage BM25 query alone (60 hits with their text), for comparison. */
  bm25P50Ms: number;
  bm25P95Ms: number;
}

export interface RetrievalBench {
  corpus: CorpusBench;
  synthetic: CorpusBench;
  targets: { chunksPerSec: number; p95Ms: number };
  /** CPUs and 1-minute load average before and after: latency on a shared 2-core machine moves with its load. */
  machine: { cpus: number; loadBefore: number; loadAfter: number };
}

export interface BenchOptions {
  knowledgeDir: string;
  evalDir: string;
  /** Size of the synthetic corpus (default 100,000 chunks). */
  syntheticChunks?: number;
  /** Measured queries per corpus (default 200). */
  queries?: number;
  seed?: number;
}

/** p-th percentile (0–100), nearest rank. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** Eval questions first, then random 3–7-word windows of real section text (seeded). */
function benchQueries(questions: string[], docs: KnowledgeDoc[], count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const sections = docs.flatMap((d) => d.sections);
  const out = questions.slice(0, Math.round(count * 0.75));
  while (out.length < count && sections.length) {
    const terms = contentTerms(sections[Math.floor(random() * sections.length)]!.text);
    const len = 3 + Math.floor(random() * 5);
    const at = Math.floor(random() * Math.max(1, terms.length - len));
    if (terms.length) out.push(terms.slice(at, at + len).join(' '));
  }
  return out;
}

async function benchCorpus(docs: KnowledgeDoc[], queries: string[]): Promise<CorpusBench> {
  const dir = mkdtempSync(join(tmpdir(), 'oncoagent-bench-'));
  try {
    // Loading the tokenizer's ranks (~1 s) is a one-off per process, not a per-chunk cost.
    if (docs[0])
      defaultChunker.chunk({ ...docs[0], sections: [{ id: 'warm-up', heading: 'Warm-up', text: 'Warm up.' }] });
    const t0 = performance.now();
    const byDoc = new Map<string, Chunk[]>(docs.map((d) => [d.id, defaultChunker.chunk(d)]));
    const chunkMs = performance.now() - t0;
    const chunker: Chunker = { chunk: (d) => byDoc.get(d.id) ?? [], searchText: defaultChunker.searchText };
    const index = await KnowledgeIndex.open(dir);
    try {
      const sync = await index.sync(docs, chunker);
      for (const q of queries.slice(0, 10)) await retrieve(index, q);
      const full: number[] = [];
      const bm25: number[] = [];
      for (const q of queries) {
        let t = performance.now();
        await retrieve(index, q);
        full.push(performance.now() - t);
        t = performance.now();
        await index.searchText({ ...lexicalQuery(q), limit: 60 });
        bm25.push(performance.now() - t);
      }
      return {
        docs: docs.length,
        chunks: sync.chunks,
        chunkMs: round(chunkMs),
        indexMs: round(sync.ms),
        chunksPerSec: Math.round(sync.chunks / ((chunkMs + sync.ms) / 1000)),
        indexChunksPerSec: Math.round(sync.chunks / (sync.ms / 1000)),
        queries: queries.length,
        p50Ms: round(percentile(full, 50)),
        p95Ms: round(percentile(full, 95)),
        bm25P50Ms: round(percentile(bm25, 50)),
        bm25P95Ms: round(percentile(bm25, 95)),
      };
    } finally {
      index.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Measures ingest and offline query latency on the real corpus and on a generated corpus, each in a fresh temp folder.
 * @param options - Corpus and question folders, synthetic size, query count, seed.
 * @returns The figures and the targets they are held to (≥ 2,000 chunks/s, p95 ≤ 30 ms).
 */
export async function benchRetrieval(options: BenchOptions): Promise<RetrievalBench> {
  const loadBefore = loadavg()[0] ?? 0;
  const seed = options.seed ?? 42;
  const count = options.queries ?? 200;
  const { docs } = await loadCorpus(options.knowledgeDir);
  const questions = loadEvalQuestions(options.evalDir).map((q) => q.question);
  const queries = benchQueries(questions, docs, count, seed);
  const corpus = await benchCorpus(docs, queries);
  const synthetic = await benchCorpus(
    syntheticCorpus(docs, options.syntheticChunks ?? 100_000, defaultChunker, seed),
    queries
  );
  const machine = { cpus: availableParallelism(), loadBefore: round(loadBefore), loadAfter: round(loadavg()[0] ?? 0) };
  return { corpus, synthetic, targets: { chunksPerSec: 2000, p95Ms: 30 }, machine };
}

// The retrieval service the CLI, the HTTP route and tools share: ingest a corpus folder, make sure an index exists, search.
import { basename } from 'node:path';
import type { Embedder } from '../llm/types';
import { chunkDoc, chunkSearchText } from './chunk';
import type { RagConfig } from './config';
import { type IngestProblem, loadCorpus } from './ingest/load-corpus';
import { type RetrieveOptions, retrieve } from './retrieve';
import { sourceId } from './sources';
import { type Chunker, KnowledgeIndex, type SyncResult } from './store';
import type { KnowledgeDoc } from './types';

/** The project's chunker: 512/256/128-token windows, 50 overlap; title and heading prefixed for search. */
export const defaultChunker: Chunker = { chunk: (doc) => chunkDoc(doc), searchText: chunkSearchText };

export interface IngestReport {
  dir: string;
  docs: KnowledgeDoc[];
  problems: IngestProblem[];
  sync: SyncResult;
  /** Embedding model of the vectors, or null for a lexical-only index. */
  dense: string | null;
}

/**
 * Loads a corpus folder and syncs the index with it (incremental: unchanged documents are skipped).
 * @param index - The index.
 * @param dir - The corpus folder.
 * @param options - Embedder and chunker.
 * @returns What was loaded and what the sync did; throws when the folder cannot be read or the embedder fails.
 */
export async function ingestCorpus(
  index: KnowledgeIndex,
  dir: string,
  options: { embedder?: Embedder; chunker?: Chunker } = {}
): Promise<IngestReport> {
  const { docs, problems } = await loadCorpus(dir);
  const sync = await index.sync(docs, options.chunker ?? defaultChunker, options.embedder);
  return { dir, docs, problems, sync, dense: index.embedding?.model ?? null };
}

/**
 * Opens the configured index and builds it from the configured corpus when it is empty (first use).
 * @param config - Data and corpus folders.
 * @param options - Embedder for the build; told the build report when one ran.
 * @returns The open index; throws when the corpus cannot be read or yields no documents.
 */
export async function openKnowledgeIndex(
  config: Pick<RagConfig, 'dataDir' | 'knowledgeDir'>,
  options: { embedder?: Embedder; onBuild?: (report: IngestReport) => void } = {}
): Promise<KnowledgeIndex> {
  const index = await KnowledgeIndex.open(config.dataDir);
  if (!index.isEmpty) return index;
  try {
    const report = await ingestCorpus(index, config.knowledgeDir, { embedder: options.embedder });
    options.onBuild?.(report);
    if (report.docs.length === 0) {
      const why = report.problems.map((p) => `${p.path}: ${p.message}`).join('; ');
      throw new Error(`No knowledge documents in folder ${basename(config.knowledgeDir)}${why ? ` (${why})` : ''}`);
    }
  } catch (err) {
    index.close();
    throw err;
  }
  return index;
}

/** One ranked passage as the CLI and the API show it. */
export interface SearchHit {
  rank: number;
  sourceId: string;
  chunkId: string;
  docId: string;
  sectionId: string;
  title: string;
  section: string;
  source: string;
  year?: number;
  url?: string;
  size: number;
  score: number;
  method: string;
  text: string;
}

export interface SearchResult {
  query: string;
  k: number;
  /** What ranked the passages: dense fusion on or off, and the reranker's name. */
  mode: { dense: string | null; reranker: string };
  /** Stages that were configured but skipped (an endpoint down), or an index without the configured vectors. */
  warnings: string[];
  ms: number;
  passages: SearchHit[];
}

/**
 * Searches the index and shapes the result for display.
 * @param index - The index (not empty).
 * @param query - The query (checked: not blank, at most 1,000 characters).
 * @param options - k, embedder, reranker, signal.
 * @returns Ranked passages with mode and warnings; throws OperationOutcomeError (400) for a malformed query.
 */
export async function searchKnowledge(
  index: KnowledgeIndex,
  query: string,
  options: Pick<RetrieveOptions, 'k' | 'embedder' | 'reranker' | 'signal'> = {}
): Promise<SearchResult> {
  const t0 = performance.now();
  const warnings: string[] = [];
  const { embedder } = options;
  const mode = {
    dense: embedder && index.embedding?.model === embedder.id ? embedder.id : null,
    reranker: options.reranker?.name ?? 'lexical',
  };
  if (embedder && !mode.dense)
    warnings.push(
      `The index has no ${embedder.id} vectors (${index.embedding ? `it has ${index.embedding.model}` : 'lexical only'}): run \`oncoagent knowledge ingest\` to add them`
    );
  const passages = await retrieve(index, query, {
    ...options,
    onWarning: (w) => {
      warnings.push(w.message);
      if (w.stage === 'dense') mode.dense = null;
      else mode.reranker = 'lexical';
    },
  });
  return {
    query: query.trim(),
    k: options.k ?? 10,
    mode,
    warnings,
    ms: Math.round((performance.now() - t0) * 10) / 10,
    passages: passages.map((p, i) => ({
      rank: i + 1,
      sourceId: sourceId(p.chunk),
      chunkId: p.chunk.id,
      docId: p.chunk.docId,
      sectionId: p.chunk.sectionId,
      title: p.chunk.title,
      section: p.chunk.section,
      source: p.chunk.source,
      ...(p.chunk.year !== undefined ? { year: p.chunk.year } : {}),
      ...(p.chunk.url ? { url: p.chunk.url } : {}),
      size: p.chunk.size,
      score: Math.round(p.score * 10_000) / 10_000,
      method: p.method,
      text: p.chunk.text.trim(),
    })),
  };
}

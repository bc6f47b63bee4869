// The knowledge index on disk: LanceDB chunks table with a BM25 full-text index (and vectors when an embedder is set).
import './lance-env';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import type { Embedder } from '../llm/types';
import { embedAll } from './embed-all';
import {
  CHUNK_COLUMNS,
  type ChunkRow,
  chunksToArrow,
  type IndexManifest,
  manifestEntry,
  readManifest,
  rowToChunk,
  writeManifest,
} from './store-rows';
import type { Chunker, SyncResult, TextQuery } from './store-types';
import type { ChunkSize, KnowledgeDoc, Passage } from './types';

export type { Chunker, SyncResult, TextQuery } from './store-types';

const TABLE = 'chunks';
/** Seconds after which an open index notices another process's sync (the server while the CLI re-ingests). */
const READ_CONSISTENCY_S = 5;
/** Versions younger than this are kept by cleanup, so a reader still on one does not lose its files. */
const KEEP_VERSIONS_MS = 10 * 60_000;
const WRITE_BATCH = 25_000;

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const sizeFilter = (sizes?: ChunkSize[]): string | undefined =>
  sizes?.length ? `size IN (${sizes.map((s) => Number(s)).join(', ')})` : undefined;

/** The on-disk index of one data folder. Open with `KnowledgeIndex.open`; one writer at a time. */
export class KnowledgeIndex {
  private constructor(
    readonly dir: string,
    private readonly db: lancedb.Connection,
    private table: lancedb.Table | undefined,
    private manifest: IndexManifest
  ) {}

  /**
   * Opens (or creates) the index under `<dataDir>/knowledge`.
   * @param dataDir - The data folder (ONCOAGENT_DATA_DIR).
   * @returns The index.
   */
  static async open(dataDir: string): Promise<KnowledgeIndex> {
    const dir = join(dataDir, 'knowledge');
    mkdirSync(dir, { recursive: true });
    const db = await lancedb.connect(join(dir, 'lancedb'), { readConsistencyInterval: READ_CONSISTENCY_S });
    const table = (await db.tableNames()).includes(TABLE) ? await db.openTable(TABLE) : undefined;
    return new KnowledgeIndex(dir, db, table, readManifest(dir));
  }

  /** Documents indexed, by id, with their hash and chunk count. */
  get docs(): IndexManifest['docs'] {
    return this.manifest.docs;
  }

  /** Model and vector length of the dense side, or null for a lexical-only index. */
  get embedding(): IndexManifest['embedding'] {
    return this.manifest.embedding;
  }

  /** Chunks in the index according to the manifest. */
  get chunkCount(): number {
    return Object.values(this.manifest.docs).reduce((n, d) => n + d.chunks, 0);
  }

  /** True when nothing has been indexed yet. */
  get isEmpty(): boolean {
    return !this.table || this.chunkCount === 0;
  }

  /**
   * Brings the index in line with `docs`: unchanged documents (same hash) are neither re-chunked nor re-embedded,
   * changed ones are replaced, missing ones removed. A different embedding model (or none after some) rebuilds all.
   * @param docs - Every document that should be in the index.
   * @param chunker - Chunking and search text.
   * @param embedder - Dense embeddings, when configured.
   * @returns Counts and time; throws on duplicate document ids or embedder failure (the index is then unchanged).
   */
  async sync(docs: KnowledgeDoc[], chunker: Chunker, embedder?: Embedder): Promise<SyncResult> {
    const t0 = performance.now();
    const seen = new Map<string, KnowledgeDoc>();
    for (const doc of docs) {
      const other = seen.get(doc.id);
      if (other) throw new Error(`Two documents have the id "${doc.id}": ${other.path} and ${doc.path}`);
      seen.set(doc.id, doc);
    }
    // Another process may have synced since this one opened the index.
    this.manifest = readManifest(this.dir);
    if (!this.table && (await this.db.tableNames()).includes(TABLE)) this.table = await this.db.openTable(TABLE);
    await this.table?.checkoutLatest();
    const rebuilt = await this.rebuildReason(embedder);
    const old = rebuilt ? {} : this.manifest.docs;
    const fresh = docs.filter((d) => old[d.id]?.hash !== d.hash);
    const removed = Object.keys(old).filter((id) => !seen.has(id));
    const result = {
      added: fresh.filter((d) => !old[d.id]).length,
      changed: fresh.filter((d) => old[d.id]).length,
      removed: removed.length,
      unchanged: docs.length - fresh.length,
      chunks: 0,
      embedded: 0,
      ...(rebuilt ? { rebuilt } : {}),
    };
    if (!rebuilt && fresh.length === 0 && removed.length === 0) {
      return { ...result, totalChunks: this.chunkCount, ms: performance.now() - t0 };
    }
    const chunks = fresh.flatMap((d) => chunker.chunk(d));
    const search = chunks.map((c) => chunker.searchText(c));
    // Embed before touching the table, so a failing endpoint leaves the index as it was.
    const vectors = embedder ? await embedAll(embedder, search) : undefined;
    const dims = vectors?.[0]?.length;
    if (!rebuilt && dims && this.manifest.embedding && dims !== this.manifest.embedding.dims)
      throw new Error(
        `${embedder?.id} now returns ${dims}-dimensional vectors, the index holds ${this.manifest.embedding.dims}: delete ${this.dir} to rebuild`
      );
    const manifest: IndexManifest = {
      version: this.manifest.version,
      embedding: embedder ? { model: embedder.id, dims: dims ?? this.manifest.embedding?.dims ?? 1 } : null,
      docs: { ...old },
      updatedAt: new Date().toISOString(),
    };
    if (rebuilt && this.table) {
      await this.db.dropTable(TABLE);
      this.table = undefined;
    }
    const stale = [...removed, ...fresh.filter((d) => old[d.id]).map((d) => d.id)];
    if (this.table && stale.length) await this.table.delete(`doc_id IN (${stale.map(quote).join(', ')})`);
    for (const id of removed) delete manifest.docs[id];
    for (let i = 0; i < chunks.length; i += WRITE_BATCH) {
      const data = chunksToArrow(
        chunks.slice(i, i + WRITE_BATCH),
        search.slice(i, i + WRITE_BATCH),
        vectors?.slice(i, i + WRITE_BATCH)
      );
      if (this.table) await this.table.add(data);
      else this.table = await this.db.createTable(TABLE, data);
    }
    const perDoc = new Map<string, number>();
    for (const c of chunks) perDoc.set(c.docId, (perDoc.get(c.docId) ?? 0) + 1);
    for (const d of fresh) manifest.docs[d.id] = manifestEntry(d, perDoc.get(d.id) ?? 0);
    await this.refreshIndexes();
    writeManifest(this.dir, manifest);
    this.manifest = manifest;
    return {
      ...result,
      chunks: chunks.length,
      embedded: vectors?.length ?? 0,
      totalChunks: this.chunkCount,
      ms: performance.now() - t0,
    };
  }

  private async rebuildReason(embedder?: Embedder): Promise<string | undefined> {
    if (!this.table) return 'new index';
    const wanted = embedder?.id ?? null;
    if ((this.manifest.embedding?.model ?? null) !== wanted)
      return `embedding model changed (${this.manifest.embedding?.model ?? 'none'} → ${wanted ?? 'none'})`;
    const rows = await this.table.countRows();
    if (rows !== this.chunkCount) return `table has ${rows} chunks, manifest ${this.chunkCount}`;
    return undefined;
  }

  private async refreshIndexes(): Promise<void> {
    if (!this.table) return;
    const indices = await this.table.listIndices();
    if (!indices.some((i) => i.columns.includes('search'))) {
      // Stemming and stop words on, positions off: the queries are bags of words, and it halves the index.
      await this.table.createIndex('search', {
        config: lancedb.Index.fts({ stem: true, removeStopWords: true, asciiFolding: true, withPosition: false }),
      });
    } else {
      // Folds new rows into the index and drops old versions, so the folder does not grow with every sync.
      await this.table.optimize({ cleanupOlderThan: new Date(Date.now() - KEEP_VERSIONS_MS) });
    }
  }

  /**
   * BM25 search over the search text.
   * @param query - Words, alternates, limit and chunk sizes.
   * @returns Passages, best first, scored by BM25 (`method: 'bm25'`).
   */
  async searchText(query: TextQuery): Promise<Passage[]> {
    if (!this.table || !query.text.trim()) return [];
    const fts = new lancedb.MatchQuery([query.text, ...(query.alternates ?? [])].join(' '), 'search');
    let q = this.table
      .query()
      .fullTextSearch(fts)
      .select([...CHUNK_COLUMNS, '_score'])
      .limit(query.limit);
    const where = sizeFilter(query.sizes);
    if (where) q = q.where(where);
    const rows = (await q.toArray()) as ChunkRow[];
    return this.toPassages(rows, (r) => Number(r._score), 'bm25');
  }

  /**
   * Nearest neighbours by cosine distance (only when the index has vectors).
   * @param vector - The query embedding.
   * @param options - Limit and chunk sizes.
   * @returns Passages, best first, scored 1 − cosine distance (`method: 'dense'`).
   */
  async searchVector(vector: number[], options: { limit: number; sizes?: ChunkSize[] }): Promise<Passage[]> {
    if (!this.table || !this.manifest.embedding) return [];
    let q = this.table
      .vectorSearch(vector)
      .distanceType('cosine')
      .select([...CHUNK_COLUMNS, '_distance'])
      .limit(options.limit);
    const where = sizeFilter(options.sizes);
    if (where) q = q.where(where);
    const rows = (await q.toArray()) as ChunkRow[];
    return this.toPassages(rows, (r) => 1 - Number(r._distance), 'dense');
  }

  /** Rows → passages; a row whose document another process added since the manifest was read triggers one re-read. */
  private toPassages(rows: ChunkRow[], score: (r: ChunkRow) => number, method: string): Passage[] {
    let chunks = rows.map((r) => rowToChunk(r, this.manifest.docs));
    if (chunks.some((c) => !c)) {
      this.manifest = readManifest(this.dir);
      chunks = rows.map((r) => rowToChunk(r, this.manifest.docs));
    }
    return rows.flatMap((r, i) => {
      const chunk = chunks[i];
      return chunk ? [{ chunk, score: score(r), method }] : [];
    });
  }

  /** Releases the table and connection. */
  close(): void {
    this.table?.close();
    this.db.close();
  }
}

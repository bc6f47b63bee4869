// How chunks are laid out in the LanceDB table (Arrow schema, rows ↔ Chunk) and the JSON manifest of indexed documents.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { Field as ArrowField, Schema as ArrowSchema, Table as ArrowTable } from 'apache-arrow';
import { z } from 'zod';
import type { Chunk, ChunkSize, KnowledgeDoc } from './types';

// LanceDB's build is CommonJS and checks `instanceof` against its own copy of apache-arrow: tables made with the ESM
// copy fail that check and are rebuilt (slowly, and with schema errors), so the CommonJS copy is used here.
const arrow: typeof import('apache-arrow') = createRequire(import.meta.url)('apache-arrow');
const { Field, FixedSizeList, Float32, Int32, makeData, makeVector, Schema, Table, Utf8, vectorFromArray } = arrow;

/**
 * A Utf8 column built in two native passes (byte lengths, then writes into one buffer): Arrow's generic builder
 * took ~3× longer, which mattered at 100k chunks.
 */
function utf8Vector(values: (string | null | undefined)[]) {
  const n = values.length;
  const offsets = new Int32Array(n + 1);
  let total = 0;
  let nulls = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v === null || v === undefined) nulls++;
    else total += Buffer.byteLength(v);
    offsets[i + 1] = total;
  }
  const bytes = Buffer.allocUnsafe(total);
  for (let i = 0; i < n; i++) {
    const v = values[i];
    if (v !== null && v !== undefined) bytes.write(v, offsets[i]!);
  }
  let nullBitmap: Uint8Array | undefined;
  if (nulls) {
    nullBitmap = new Uint8Array(Math.ceil(n / 8));
    for (let i = 0; i < n; i++) if (values[i] !== null && values[i] !== undefined) nullBitmap[i >> 3]! |= 1 << (i & 7);
  }
  const data = new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);
  return makeVector(
    makeData({ type: new Utf8(), length: n, nullCount: nulls, valueOffsets: offsets, data, nullBitmap })
  );
}

/** Bump when the table or manifest layout changes: an index of another version is rebuilt from the documents. */
export const INDEX_VERSION = 2;

/**
 * Columns read back for a passage. Everything else a Chunk needs is in its id (doc, section, size, index) or in the
 * manifest (title, heading, source, year, url, hash): each extra column read costs ~0.5 ms per query at 100k chunks.
 */
export const CHUNK_COLUMNS = ['id', 'tokens', 'text'];

/**
 * The Arrow schema of the chunks table.
 * @param dims - Vector length, or undefined for a lexical-only index.
 * @returns The schema.
 */
export function chunkSchema(dims?: number): ArrowSchema {
  const utf8 = (name: string, nullable = false) => new Field(name, new Utf8(), nullable);
  const int = (name: string, nullable = false) => new Field(name, new Int32(), nullable);
  const fields: ArrowField[] = [
    utf8('id'),
    utf8('doc_id'),
    utf8('section_id'),
    utf8('title'),
    utf8('section'),
    utf8('source'),
    int('year', true),
    utf8('url', true),
    int('size'),
    int('idx'),
    int('tokens'),
    utf8('text'),
    utf8('doc_hash'),
    utf8('search'),
  ];
  if (dims) fields.push(new Field('vector', new FixedSizeList(dims, new Field('item', new Float32(), true)), true));
  return new Schema(fields);
}

/**
 * Builds an Arrow table of chunks column by column (much faster than letting LanceDB infer from objects).
 * @param chunks - The chunks.
 * @param search - Their search texts, same order.
 * @param vectors - Their embeddings, same order, when the index is dense.
 * @returns The Arrow table.
 */
export function chunksToArrow(chunks: Chunk[], search: string[], vectors?: number[][]): ArrowTable {
  const dims = vectors?.[0]?.length;
  const schema = chunkSchema(dims);
  const col = <T>(pick: (c: Chunk) => T) => chunks.map(pick);
  const columns: Record<string, unknown> = {
    id: utf8Vector(col((c) => c.id)),
    doc_id: utf8Vector(col((c) => c.docId)),
    section_id: utf8Vector(col((c) => c.sectionId)),
    title: utf8Vector(col((c) => c.title)),
    section: utf8Vector(col((c) => c.section)),
    source: utf8Vector(col((c) => c.source)),
    year: vectorFromArray(
      col((c) => c.year ?? null),
      new Int32()
    ),
    url: utf8Vector(col((c) => c.url ?? null)),
    size: makeVector(Int32Array.from(col((c) => c.size))),
    idx: makeVector(Int32Array.from(col((c) => c.index))),
    tokens: makeVector(Int32Array.from(col((c) => c.tokens))),
    text: utf8Vector(col((c) => c.text)),
    doc_hash: utf8Vector(col((c) => c.docHash)),
    search: utf8Vector(search),
  };
  if (dims && vectors) {
    const type = schema.fields.find((f) => f.name === 'vector')!.type;
    columns.vector = vectorFromArray(vectors, type);
  }
  return new Table(
    schema,
    // biome-ignore lint/suspicious/noExplicitAny: Arrow's column map is keyed by the schema it was given
    columns as any
  );
}

/** A row as LanceDB returns it (Arrow struct rows expose columns as properties). */
export type ChunkRow = Record<string, unknown>;

/**
 * Splits a chunk id `${docId}#${sectionId}@${size}:${index}` (section ids are slugs, so the last '#' and '@' split).
 * @param id - The chunk id.
 * @returns Its parts, or undefined for an id of another shape.
 */
export function parseChunkId(
  id: string
): { docId: string; sectionId: string; size: number; index: number } | undefined {
  const m = /^(.*)#([a-z0-9-]+)@(\d+):(\d+)$/.exec(id);
  return m ? { docId: m[1]!, sectionId: m[2]!, size: Number(m[3]), index: Number(m[4]) } : undefined;
}

/**
 * Turns a result row back into a Chunk, with the document's fields from the manifest.
 * @param row - A row with the CHUNK_COLUMNS.
 * @param docs - The manifest's documents.
 * @returns The chunk, or undefined when its document is not in the manifest (another process synced meanwhile).
 */
export function rowToChunk(row: ChunkRow, docs: IndexManifest['docs']): Chunk | undefined {
  const id = String(row.id);
  const parts = parseChunkId(id);
  const doc = parts && docs[parts.docId];
  if (!parts || !doc) return undefined;
  return {
    id,
    docId: parts.docId,
    sectionId: parts.sectionId,
    title: doc.title,
    section: doc.sections[parts.sectionId] ?? parts.sectionId,
    source: doc.source,
    ...(doc.year !== undefined ? { year: doc.year } : {}),
    ...(doc.url ? { url: doc.url } : {}),
    size: parts.size as ChunkSize,
    index: parts.index,
    tokens: Number(row.tokens),
    text: String(row.text),
    docHash: doc.hash,
  };
}

const Manifest = z.object({
  version: z.number(),
  embedding: z.object({ model: z.string(), dims: z.number().int().positive() }).nullable(),
  docs: z.record(
    z.string(),
    z.object({
      hash: z.string(),
      chunks: z.number().int(),
      title: z.string(),
      path: z.string(),
      source: z.string(),
      year: z.number().optional(),
      url: z.string().optional(),
      /** Section id → heading. */
      sections: z.record(z.string(), z.string()),
    })
  ),
  updatedAt: z.string(),
});

/** What the index holds: each document's hash, chunk count and citation fields, and the embedding model. */
export type IndexManifest = z.infer<typeof Manifest>;

/**
 * A document's manifest entry.
 * @param doc - The document.
 * @param chunks - Its chunk count.
 * @returns The entry.
 */
export function manifestEntry(doc: KnowledgeDoc, chunks: number): IndexManifest['docs'][string] {
  return {
    hash: doc.hash,
    chunks,
    title: doc.title,
    path: doc.path,
    source: doc.source,
    ...(doc.year !== undefined ? { year: doc.year } : {}),
    ...(doc.url ? { url: doc.url } : {}),
    sections: Object.fromEntries(doc.sections.map((s) => [s.id, s.heading])),
  };
}

/** An empty manifest. */
export function emptyManifest(): IndexManifest {
  return { version: INDEX_VERSION, embedding: null, docs: {}, updatedAt: new Date(0).toISOString() };
}

/**
 * Reads the manifest; a missing, unreadable or other-version file reads as empty (the index is then rebuilt).
 * @param dir - The index folder.
 * @returns The manifest.
 */
export function readManifest(dir: string): IndexManifest {
  const file = join(dir, 'manifest.json');
  if (!existsSync(file)) return emptyManifest();
  try {
    const parsed = Manifest.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    return parsed.success && parsed.data.version === INDEX_VERSION ? parsed.data : emptyManifest();
  } catch {
    return emptyManifest();
  }
}

/**
 * Writes the manifest atomically (temp file + rename), so a crash leaves the old one.
 * @param dir - The index folder.
 * @param manifest - The manifest.
 */
export function writeManifest(dir: string, manifest: IndexManifest): void {
  const file = join(dir, 'manifest.json');
  writeFileSync(`${file}.tmp`, `${JSON.stringify(manifest, null, 1)}\n`);
  renameSync(`${file}.tmp`, file);
}

// The shapes the knowledge index takes and gives: chunker, sync report, BM25 query.
import type { Chunk, ChunkSize, KnowledgeDoc } from './types';

/**
 * Splits documents into chunks and gives the text the full-text index sees for each (title + heading + text).
 * Chunks read back take title, heading, source, year, url and hash from their document, not from the chunker.
 */
export interface Chunker {
  chunk(doc: KnowledgeDoc): Chunk[];
  searchText(chunk: Chunk): string;
}

/** What one sync did. `added`/`changed`/`removed`/`unchanged` count documents; `chunks` counts chunks written. */
export interface SyncResult {
  added: number;
  changed: number;
  removed: number;
  unchanged: number;
  chunks: number;
  /** Texts sent to the embedder (0 offline, and 0 when nothing changed). */
  embedded: number;
  /** Chunks in the index after the sync. */
  totalChunks: number;
  /** Why everything was rebuilt, when it was (new index, other embedding model, inconsistent table). */
  rebuilt?: string;
  ms: number;
}

/**
 * A BM25 query: the user's words plus alternates from synonym expansion, matched as one OR query. (A BooleanQuery
 * weighting the alternates at half was 4–5× slower in LanceDB 0.31 at 100k chunks for no gain on the evaluation set;
 * the reranker weights them at half instead.)
 */
export interface TextQuery {
  text: string;
  alternates?: string[];
  limit: number;
  sizes?: ChunkSize[];
}

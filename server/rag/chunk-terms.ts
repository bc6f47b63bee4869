// The term sets of a chunk's text, computed once per process: the reranker and the passage deduplication read them for
// every candidate of every query (a workup runs 10–14 queries over the same few hundred chunks), and tokenizing was the
// largest cost of an offline workup.
import { contentTerms, isStopword, tokenize } from './lexical';
import type { Chunk } from './types';

export interface ChunkTerms {
  /** Stemmed content terms of the text. */
  terms: Set<string>;
  /** Stemmed content terms of the title and section heading. */
  heading: Set<string>;
  /** Unstemmed tokens of the text without function words (near-duplicate detection). */
  words: Set<string>;
}

/** Most chunks kept; beyond it the cache starts again (an index larger than this only loses speed). */
const MAX_ENTRIES = 20_000;
const cache = new Map<string, { text: string; heading: string; value: ChunkTerms }>();

/**
 * The chunk's term sets (cached by chunk id; a chunk whose text or heading changed is computed again).
 * @param chunk - A chunk of the knowledge index.
 * @returns Its terms, heading terms and words; treat as read-only.
 */
export function chunkTerms(chunk: Pick<Chunk, 'id' | 'text' | 'title' | 'section'>): ChunkTerms {
  const heading = `${chunk.title} ${chunk.section}`;
  const hit = cache.get(chunk.id);
  if (hit && hit.text === chunk.text && hit.heading === heading) return hit.value;
  const value: ChunkTerms = {
    terms: new Set(contentTerms(chunk.text)),
    heading: new Set(contentTerms(heading)),
    words: new Set(tokenize(chunk.text).filter((t) => !isStopword(t))),
  };
  if (cache.size >= MAX_ENTRIES) cache.clear();
  cache.set(chunk.id, { text: chunk.text, heading, value });
  return value;
}

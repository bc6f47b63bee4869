// Test fixture: the real knowledge/*.md sections, one chunk each, behind a word-overlap retrieval, so unit tests can
// check what the answer quotes and cites from the actual guideline text without building the index.
import { readdirSync, readFileSync } from 'node:fs';
import { parseMarkdown } from '../../rag/ingest/markdown';
import { contentTerms } from '../../rag/lexical';
import type { Chunk, Passage } from '../../rag/types';

const dir = new URL('../../../knowledge/', import.meta.url);

/** Every section of the knowledge folder as one chunk. */
export const KNOWLEDGE_CHUNKS: Chunk[] = readdirSync(dir)
  .filter((f) => f.endsWith('.md'))
  .flatMap((f) => {
    const doc = parseMarkdown(readFileSync(new URL(f, dir), 'utf8'), f);
    return doc.sections.map(
      (s): Chunk => ({
        id: `${doc.id}#${s.id}@512:0`,
        docId: doc.id,
        sectionId: s.id,
        title: doc.title,
        section: s.heading,
        source: doc.source,
        ...(doc.year !== undefined ? { year: doc.year } : {}),
        size: 512,
        index: 0,
        tokens: 500,
        text: s.text,
        docHash: doc.hash,
      })
    );
  });

const terms = new Map(KNOWLEDGE_CHUNKS.map((c) => [c.id, contentTerms(`${c.section} ${c.section} ${c.text}`)]));

/**
 * Retrieval over the knowledge sections by shared content words (the heading counts twice), best first.
 * @param query - The query.
 * @param k - Passages at most.
 * @returns Passages.
 */
export async function knowledgeRetrieve(query: string, k: number): Promise<Passage[]> {
  const wanted = new Set(contentTerms(query));
  return KNOWLEDGE_CHUNKS.map((c) => ({
    chunk: c,
    score: terms.get(c.id)!.filter((t) => wanted.has(t)).length,
    method: 'rerank',
  }))
    .filter((p) => p.score > 0)
    .sort((a, b) => b.score - a.score)
    .slice(0, k);
}

// Sources shown for an answer: one passage per section, near-duplicate text dropped, sub-query rankings interleaved
// and numbered from 1, so citations are distinct and stable.
import { describe, expect, it } from 'vitest';
import { dedupePassages, interleave, mergeSources, nearDuplicate } from './sources';
import type { Chunk, ChunkSize, Passage } from './types';

function passage(doc: string, section: string, text: string, score = 1, size: ChunkSize = 256, index = 0): Passage {
  const chunk: Chunk = {
    id: `${doc}#${section}@${size}:${index}`,
    docId: doc,
    sectionId: section,
    title: `${doc} title`,
    section: `${section} heading`,
    source: 'Test guideline (2024)',
    year: 2024,
    size,
    index,
    tokens: 10,
    text,
    docHash: 'h',
  };
  return { chunk, score, method: 'rerank' };
}

const words = (from: number, n: number) => Array.from({ length: n }, (_, i) => `term${from + i}`).join(' ');

describe('dedupePassages', () => {
  it('keeps only the best passage of a section, across chunk sizes', () => {
    const out = dedupePassages([
      passage('a', 's1', words(0, 40), 3, 512),
      passage('b', 's1', words(100, 40), 2),
      passage('a', 's1', words(50, 20), 1, 128),
    ]);
    expect(out.map((p) => p.chunk.id)).toEqual(['a#s1@512:0', 'b#s1@256:0']);
  });

  it('drops near-duplicate text in another section (Jaccard ≥ 0.6 or containment) and keeps distinct text', () => {
    const base = words(0, 50);
    const out = dedupePassages([
      passage('a', 's1', base),
      passage('b', 's2', `${words(0, 45)} ${words(500, 5)}`), // Jaccard 45/55 ≈ 0.82
      passage('c', 's3', words(10, 20)), // contained in the first
      passage('d', 's4', `${words(0, 20)} ${words(200, 30)}`), // Jaccard 20/80 = 0.25: distinct
    ]);
    expect(out.map((p) => p.chunk.docId)).toEqual(['a', 'd']);
    expect(nearDuplicate(new Set(['x', 'y']), new Set(['x', 'z']))).toBe(false);
  });

  it('judges a pair again when a chunk of the same id comes back with other text (verdicts are kept per text)', () => {
    const first = [passage('a', 's1', words(0, 50)), passage('b', 's2', words(0, 50))];
    expect(dedupePassages(first).map((p) => p.chunk.docId)).toEqual(['a']);
    expect(dedupePassages(first).map((p) => p.chunk.docId)).toEqual(['a']);
    const changed = [passage('a', 's1', words(0, 50)), passage('b', 's2', words(300, 50))];
    expect(dedupePassages(changed).map((p) => p.chunk.docId)).toEqual(['a', 'b']);
  });
});

describe('mergeSources', () => {
  it('interleaves sub-query rankings by rank, dedupes and numbers from 1', () => {
    const q1 = [passage('a', 's1', words(0, 30), 9), passage('b', 's1', words(100, 30), 8)];
    const q2 = [passage('c', 's1', words(200, 30), 0.2), passage('a', 's1', words(0, 30), 0.1)];
    expect(interleave([q1, q2]).map((p) => p.chunk.docId)).toEqual(['a', 'c', 'b', 'a']);
    const sources = mergeSources([q1, q2]);
    expect(sources.map((s) => [s.n, s.sourceId])).toEqual([
      [1, 'a#s1'],
      [2, 'c#s1'],
      [3, 'b#s1'],
    ]);
    expect(sources[0]).toMatchObject({
      title: 'a title',
      section: 's1 heading',
      source: 'Test guideline (2024)',
      year: 2024,
    });
    expect(mergeSources([q1, q2], 2)).toHaveLength(2);
    expect(mergeSources([])).toEqual([]);
  });
});

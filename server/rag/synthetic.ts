// A seeded synthetic corpus for load tests: guideline-like text from a word-bigram model of the real corpus.

import { createHash } from 'node:crypto';
import { mulberry32 } from '../../common/random';
import { slugify } from './ingest/markdown';
import type { Chunker } from './store';
import type { KnowledgeDoc } from './types';

/** Deterministic PRNG (mulberry32): the same seed gives the same corpus on every machine. */
export const seededRandom = mulberry32;

interface BigramModel {
  words: string[];
  /** Successor word ids of each word id, repeated by frequency. */
  next: number[][];
  starts: number[];
  headings: string[];
}

function buildModel(docs: KnowledgeDoc[]): BigramModel {
  const ids = new Map<string, number>();
  const words: string[] = [];
  const next: number[][] = [];
  const starts: number[] = [];
  const id = (w: string): number => {
    let i = ids.get(w);
    if (i === undefined) {
      i = words.length;
      ids.set(w, i);
      words.push(w);
      next.push([]);
    }
    return i;
  };
  for (const doc of docs) {
    for (const section of doc.sections) {
      const seq = section.text.split(/\s+/).filter(Boolean).map(id);
      if (seq.length) starts.push(seq[0]!);
      for (let i = 1; i < seq.length; i++) {
        next[seq[i - 1]!]!.push(seq[i]!);
        if (/[.!?]$/.test(words[seq[i - 1]!]!)) starts.push(seq[i]!);
      }
    }
  }
  const headings = docs.flatMap((d) => d.sections.map((s) => s.heading));
  return { words, next, starts, headings };
}

function paragraph(model: BigramModel, random: () => number, length: number): string {
  const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
  const out: string[] = [];
  let w = pick(model.starts);
  for (let i = 0; i < length; i++) {
    out.push(model.words[w]!);
    const succ = model.next[w]!;
    w = succ.length ? pick(succ) : pick(model.starts);
  }
  return out.join(' ');
}

/**
 * Generates documents until the chunker yields at least `targetChunks` chunks.
 * @param real - The real corpus the vocabulary and word order come from.
 * @param targetChunks - Chunks wanted (e.g. 100,000).
 * @param chunker - The chunker used for calibration.
 * @param seed - PRNG seed.
 * @returns The synthetic documents (ids `synthetic-00000`…).
 */
export function syntheticCorpus(
  real: KnowledgeDoc[],
  targetChunks: number,
  chunker: Chunker,
  seed = 42
): KnowledgeDoc[] {
  const model = buildModel(real);
  if (model.starts.length === 0) throw new Error('The real corpus has no text to learn from');
  const random = seededRandom(seed);
  const makeDoc = (n: number): KnowledgeDoc => {
    const sectionCount = 8 + Math.floor(random() * 8);
    const seen = new Set<string>();
    const sections = Array.from({ length: sectionCount }, (_, i) => {
      const heading = `${model.headings[Math.floor(random() * model.headings.length)]} (${n}.${i + 1})`;
      const paragraphs = Array.from({ length: 1 + Math.floor(random() * 4) }, () =>
        paragraph(model, random, 40 + Math.floor(random() * 160))
      );
      let id = slugify(heading);
      while (seen.has(id)) id = `${id}-x`;
      seen.add(id);
      return { id, heading, text: paragraphs.join('\n\n') };
    });
    const id = `synthetic-${String(n).padStart(5, '0')}`;
    const hash = createHash('sha256').update(JSON.stringify(sections)).digest('hex');
    return {
      id,
      title: `Synthetic guideline ${n}`,
      source: 'Synthetic load-test text (not clinical guidance)',
      topics: [],
      format: 'md',
      path: `${id}.md`,
      hash,
      sections,
    };
  };
  const docs: KnowledgeDoc[] = [];
  let chunks = 0;
  while (chunks < targetChunks) {
    const d = makeDoc(docs.length);
    chunks += chunker.chunk(d).length;
    docs.push(d);
  }
  return docs;
}

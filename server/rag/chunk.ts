// Cuts document sections into token windows at 512/256/128 tokens with a 50-token overlap, never across sections.
import { type EncodedText, encodeWithOffsets } from './tokenizer';
import type { Chunk, ChunkSize, KnowledgeDoc } from './types';

/** How windows are cut. */
export interface ChunkOptions {
  /** Move a cut back to the last sentence or line end in the window's final 15 % (default true). */
  snap?: boolean;
}

/** A window over a section's tokens: `[start, end)`. */
export interface TokenWindow {
  start: number;
  end: number;
}

/** Share of a window, at its end, searched for a sentence or line boundary to cut at. */
export const SNAP_ZONE = 0.15;

const CLOSERS = new Set([')', ']', '"', "'", '\u201d', '\u2019']);

/** True when a cut at text offset `c` falls at a line end or after a sentence (not before a lowercase word). */
function isBoundary(text: string, c: number): boolean {
  if (text[c - 1] === '\n' || text[c] === '\n') return true;
  if (text[c] !== ' ' && text[c] !== '\t') return false;
  let j = c - 1;
  while (j > 0 && CLOSERS.has(text[j] as string)) j--;
  if (text[j] !== '.' && text[j] !== '!' && text[j] !== '?') return false;
  const next = /\S/.exec(text.slice(c, c + 8));
  return !next || !/\p{Ll}/u.test(next[0]);
}

/**
 * Plans the windows over one section's tokens. The rule, exactly:
 * - a section of at most `size` tokens is one window;
 * - otherwise a window starting at `s` ends at `e = s + size`, or with `snap` at the last token position `b` in
 *   `[e − ⌊0.15·size⌋, e]` where the text has a line end or a sentence end (see `isBoundary`);
 * - the next window starts at `end − overlap`; the last window is the one that reaches the section's end.
 * Cuts never split a character: a cut inside a multi-byte character moves back to its start (≤ 3 tokens), so a
 * window can be shorter than `size` and, in such text only, an overlap up to 3 tokens longer.
 * @param encoded - The section's tokens and offsets.
 * @param text - The section text the tokens came from.
 * @param size - Window size in tokens.
 * @param overlap - Tokens shared by consecutive windows.
 * @param snap - Whether to cut at sentence/line ends near the window's end.
 */
export function planWindows(
  encoded: EncodedText,
  text: string,
  size: number,
  overlap: number,
  snap = true
): TokenWindow[] {
  if (!Number.isInteger(size) || !Number.isInteger(overlap) || size < 16 || overlap < 0 || overlap * 2 > size) {
    throw new RangeError(`chunk size ${size} / overlap ${overlap}: need an integer size ≥ 16 and 0 ≤ overlap ≤ size/2`);
  }
  const { starts } = encoded;
  const n = encoded.tokens.length;
  const zone = Math.floor(size * SNAP_ZONE);
  const windows: TokenWindow[] = [];
  let s = 0;
  while (n - s > size) {
    const e = s + size;
    let b = e;
    if (snap) {
      for (let p = e; p >= e - zone; p--) {
        const c = starts[p] as number;
        if (c >= 0 && isBoundary(text, c)) {
          b = p;
          break;
        }
      }
    }
    while (b > s + 1 && (starts[b] as number) < 0) b--;
    windows.push({ start: s, end: b });
    let next = b - overlap;
    while (next > s + 1 && (starts[next] as number) < 0) next--;
    s = next > s ? next : b;
  }
  if (n > 0) windows.push({ start: s, end: n });
  return windows;
}

/**
 * Chunks every section of a document at each size. Each section is tokenized once; a chunk's text is the exact
 * source text of its window (so it may start with the space before a word), without the heading, which is in
 * `section`; `tokens` is the window's length. Re-encoding the text alone gives the same count on our corpus, but
 * BPE does not promise it where a cut falls inside a word.
 * @param doc - The document (sections already cleaned).
 * @param sizes - Chunk sizes in tokens.
 * @param overlap - Tokens shared by consecutive chunks of a section.
 * @param options - `snap: false` gives fixed windows of exactly `size` tokens advancing by `size − overlap`.
 * @returns Chunks ordered by size, then section, then index; ids `${docId}#${sectionId}@${size}:${index}`.
 */
export function chunkDoc(
  doc: KnowledgeDoc,
  sizes: readonly ChunkSize[] = [512, 256, 128],
  overlap = 50,
  options: ChunkOptions = {}
): Chunk[] {
  const encoded = doc.sections.map((section) => encodeWithOffsets(section.text));
  const chunks: Chunk[] = [];
  for (const size of sizes) {
    doc.sections.forEach((section, i) => {
      const enc = encoded[i] as EncodedText;
      let index = 0;
      for (const w of planWindows(enc, section.text, size, overlap, options.snap ?? true)) {
        const text = section.text.slice(enc.starts[w.start], enc.starts[w.end]);
        if (!text.trim()) continue;
        chunks.push({
          id: `${doc.id}#${section.id}@${size}:${index}`,
          docId: doc.id,
          sectionId: section.id,
          title: doc.title,
          section: section.heading,
          source: doc.source,
          year: doc.year,
          url: doc.url,
          size,
          index,
          tokens: w.end - w.start,
          text,
          docHash: doc.hash,
        });
        index++;
      }
    });
  }
  return chunks;
}

/** Text to embed or index lexically for a chunk: the document title and section heading give it context. */
export function chunkSearchText(chunk: Pick<Chunk, 'title' | 'section' | 'text'>): string {
  return `${chunk.title} — ${chunk.section}\n${chunk.text}`;
}

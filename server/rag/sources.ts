// Merging passages from several sub-queries into one deduplicated, numbered list of citable sources ("Source [n]").
import { chunkTerms } from './chunk-terms';
import type { Chunk, NumberedSource, Passage } from './types';

/** Jaccard similarity of token sets at or above which two passages count as the same text. */
export const NEAR_DUPLICATE_JACCARD = 0.6;
/** Share of the smaller passage's tokens found in the larger at or above which it counts as contained. */
export const CONTAINMENT = 0.9;

/** The citable unit of a chunk: `${docId}#${sectionId}`. */
export function sourceId(chunk: Pick<Chunk, 'docId' | 'sectionId'>): string {
  return `${chunk.docId}#${chunk.sectionId}`;
}

/**
 * Whether two token sets hold the same text: Jaccard ≥ 0.6, or one (nearly) inside the other — a 128-token chunk
 * inside the 512-token chunk around it, or a paragraph repeated in two documents.
 * @param a - Token set.
 * @param b - Token set.
 * @returns True for near-duplicates.
 */
export function nearDuplicate(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return a.size === b.size;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared++;
  return shared / (a.size + b.size - shared) >= NEAR_DUPLICATE_JACCARD || shared / small.size >= CONTAINMENT;
}

/**
 * Verdicts of `nearDuplicate` by pair of token sets. The sets are the chunk-terms cache's own (one per chunk), and the
 * same passages meet again in every workup that asks the same questions (a registry run compares the same pairs
 * thousands of times), so a verdict is kept for as long as both sets live — weakly, nothing else holds them.
 */
const verdicts = new WeakMap<Set<string>, WeakMap<Set<string>, boolean>>();

function nearDuplicateOnce(a: Set<string>, b: Set<string>): boolean {
  let of = verdicts.get(a);
  const known = of?.get(b);
  if (known !== undefined) return known;
  const verdict = nearDuplicate(a, b);
  if (!of) {
    of = new WeakMap();
    verdicts.set(a, of);
  }
  of.set(b, verdict);
  return verdict;
}

/**
 * Keeps the first (best) passage of each section and drops later passages whose text nearly duplicates a kept one.
 * @param passages - Passages, best first.
 * @returns The kept passages, order preserved.
 */
export function dedupePassages(passages: Passage[]): Passage[] {
  const sections = new Set<string>();
  const kept: { passage: Passage; tokens: Set<string> }[] = [];
  for (const p of passages) {
    const id = sourceId(p.chunk);
    if (sections.has(id)) continue;
    const tokens = chunkTerms(p.chunk).words;
    if (kept.some((k) => nearDuplicateOnce(k.tokens, tokens))) continue;
    sections.add(id);
    kept.push({ passage: p, tokens });
  }
  return kept.map((k) => k.passage);
}

/**
 * Interleaves the rankings of several sub-queries by rank (first of each, then second of each …): scores of different
 * queries are not comparable, ranks are, and no sub-query can crowd out the others.
 * @param rankings - One ranked list per sub-query.
 * @returns One list.
 */
export function interleave(rankings: Passage[][]): Passage[] {
  const out: Passage[] = [];
  const longest = Math.max(0, ...rankings.map((r) => r.length));
  for (let rank = 0; rank < longest; rank++) for (const r of rankings) if (r[rank]) out.push(r[rank]!);
  return out;
}

/**
 * Numbers passages as sources [1..n].
 * @param passages - Passages in citation order.
 * @returns The numbered sources.
 */
export function numberSources(passages: Passage[]): NumberedSource[] {
  return passages.map((p, i) => ({
    n: i + 1,
    sourceId: sourceId(p.chunk),
    title: p.chunk.title,
    section: p.chunk.section,
    text: p.chunk.text,
    source: p.chunk.source,
    ...(p.chunk.year !== undefined ? { year: p.chunk.year } : {}),
    ...(p.chunk.url ? { url: p.chunk.url } : {}),
  }));
}

/**
 * Merges sub-query results into numbered sources: interleave by rank, dedupe (section, near-duplicate text), number.
 * @param rankings - One ranked passage list per sub-query.
 * @param limit - Most sources kept (default: all).
 * @returns Sources numbered from 1.
 */
export function mergeSources(rankings: Passage[][], limit = Number.POSITIVE_INFINITY): NumberedSource[] {
  return numberSources(dedupePassages(interleave(rankings)).slice(0, limit));
}

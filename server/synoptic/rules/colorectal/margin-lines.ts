// Margin lines that name no "margin" heading: a run of side words each with its length ("Proximal 14 cm, distal 6.5
// cm", "CRM 2 mm, distal (perianal skin) 28 mm, proximal 160 mm"), and synoptic lines that give the status first and
// the distance after it ("Distal Margin: Uninvolved by invasive carcinoma; distance 4.5 cm").
import { NUM, toCm, UNIT } from '../../text/measure';
import type { MarginRef } from './margin-refs';
import { KW, kindOf, type MarginKind } from './margin-words';

/** One entry of a run: a side word (or CRM), an optional "margin", an optional bracketed note, then a length that is
 * not a size ("x") or a distance to something else ("from", "to", "of"). */
const ENTRY = String.raw`(${KW}|CRM)(?:\s+(?:resection\s+)?margin)?(?:\s*\([^)]{0,30}\))?\s*(?:[:=]\s*|-\s*)?${NUM}\s*${UNIT}(?!\s*(?:x|×|by|away|from|to|of|above|below|proximal|distal|long|wide|in)\b)`;
const SEP = String.raw`\s*(?:[,;]|\band\b)\s*(?:and\s+)?`;
const RUN = new RegExp(String.raw`(?:^|[:.,;]\s*|\s)(${ENTRY}(?:${SEP}${ENTRY})+)`, 'gi');
const ONE = new RegExp(ENTRY, 'gi');

export interface LineDistance {
  kind: MarginKind;
  cm: number;
  start: number;
  end: number;
}

/**
 * Side words with their lengths in a run of at least two (a list of margins even without the word "margin").
 * @param t - The sentence (numbers digitized, shorthand written out).
 * @param rightSided - Whether "colonic" names the distal end.
 * @returns Each side with its length and where the length is; nothing when a side word of the run names no margin.
 */
export function marginRuns(t: string, rightSided: boolean): LineDistance[] {
  const out: LineDistance[] = [];
  for (const run of t.matchAll(RUN)) {
    const at = run.index + run[0].indexOf(run[1]!);
    const found: LineDistance[] = [];
    for (const e of run[1]!.matchAll(ONE)) {
      const kind = /^CRM$/i.test(e[1]!) ? 'radial' : kindOf(e[1]!, rightSided);
      if (!kind) return [];
      const lenAt = at + e.index + e[0].search(/\d/);
      found.push({ kind, cm: toCm(e[2]!, e[3]!), start: lenAt, end: at + e.index + e[0].length });
    }
    // A side named twice is not a list of the three margins.
    if (new Set(found.map((f) => f.kind)).size === found.length) out.push(...found);
  }
  return out;
}

/** "; distance 4.5 cm", ", distance from tumour: 12 mm" after a margin's status. */
const DISTANCE_AFTER = new RegExp(
  String.raw`^[^.]*?\bdistance\b(?:\s+(?:from|to)\s+(?:the\s+)?(?:invasive\s+)?(?:carcinoma|tumou?r|lesion|margin))?\s*(?:[:=]\s*|\bis\s+|\bof\s+)?(?:approximately\s+|about\s+)?${NUM}\s*${UNIT}`,
  'i'
);

/**
 * A margin's distance written after its status in the same line.
 * @param t - The sentence.
 * @param refs - The margins the sentence names, in order.
 * @returns Each margin whose own stretch of the line holds "distance <n>".
 */
export function statusThenDistance(t: string, refs: MarginRef[]): LineDistance[] {
  const out: LineDistance[] = [];
  for (const [i, r] of refs.entries()) {
    const next = refs.slice(i + 1).find((x) => x.start >= r.end);
    const stretch = t.slice(r.end, next?.start ?? t.length);
    const m = DISTANCE_AFTER.exec(stretch);
    if (!m) continue;
    const lenAt = r.end + m.index + m[0].search(new RegExp(`${NUM}\\s*${UNIT}$`, 'i'));
    out.push({ kind: r.kind, cm: toCm(m[1]!, m[2]!), start: lenAt, end: r.end + m.index + m[0].length });
  }
  return out;
}

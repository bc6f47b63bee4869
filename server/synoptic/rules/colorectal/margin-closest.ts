// A margin the report names as the closest ("closest margin: distal, at 15 mm", "the radial margin is the closest",
// "nearest the mesocolic at 6 mm", "3 cm from the distal margin (closest)") and the distance written with it, plus the
// CAP synoptic "Distance from invasive carcinoma to closest margin: 3 cm" with no side of its own.
import type { Doc, DocSentence } from '../../text/doc';
import { NUM, toCm, UNIT } from '../../text/measure';
import { digitize } from '../../text/numbers';
import type { MarginRef } from './margin-refs';
import { KW, kindOf, type MarginKind } from './margin-words';

/** A side named as the closest margin, the CRM included. */
const CLOSEST_KIND = `(${KW}|CRM)`;

export interface ClosestStatement {
  kind: MarginKind;
  /** Where the statement ends when it names the side itself: a length right after it is that margin's distance. */
  end?: number;
}

/**
 * The margin a sentence names as the closest.
 * @param t - The sentence (numbers digitized).
 * @param refs - The margins the sentence names.
 * @param rightSided - Whether "colonic" names the distal end.
 * @returns The closest margin, or undefined when the sentence names none.
 */
export function closestStatement(t: string, refs: MarginRef[], rightSided: boolean): ClosestStatement | undefined {
  const c =
    new RegExp(
      String.raw`(?:closest|nearest)(?:\s+(?:resection\s+)?margin(?:\(s\)|s)?(?:\s+to\s+(?:the\s+)?(?:invasive\s+)?(?:carcinoma|tumou?r))?\s*(?:is|:|,)?|\s*:)\s*\(?\s*(?:the\s+)?${CLOSEST_KIND}`,
      'i'
    ).exec(t) ??
    new RegExp(
      String.raw`${CLOSEST_KIND}\s+(?:(?:resection\s+)?margin\s+)?is\s+(?:the\s+)?(?:closest|nearest)`,
      'i'
    ).exec(t) ??
    // "nearest margin: 5 mm (mesenteric)": the side in brackets after the distance.
    new RegExp(
      String.raw`(?:closest|nearest)\s+(?:resection\s+)?margin\s*(?:is|:)?\s*(?:at\s+)?\d+(?:[.,]\d+)?\s*(?:cm|mm)\s*\(\s*(?:the\s+)?${CLOSEST_KIND}`,
      'i'
    ).exec(t) ??
    // "the closest (distal) margin", "margin closest to the tumour: distal".
    new RegExp(String.raw`(?:closest|nearest)\s*\(\s*${CLOSEST_KIND}\s*\)`, 'i').exec(t) ??
    new RegExp(
      String.raw`\bmargin\s+(?:closest|nearest)\s+to\s+(?:the\s+)?(?:tumou?r|lesion|carcinoma|growth)\s*(?:is\s+|[:,-]\s*)?(?:the\s+)?${CLOSEST_KIND}`,
      'i'
    ).exec(t) ??
    // "the tumour is closest to the radial margin": the margin the tumour lies nearest to.
    new RegExp(
      String.raw`\b(?:(?:closest|nearest)\s+to|(?:lies|is|sits|located|situated)\s+(?:closest|nearest))\s+(?:the\s+)?${CLOSEST_KIND}(?=\s+(?:resection\s+)?margin|\s*[(,.;:]|$)`,
      'i'
    ).exec(t) ??
    // "margins clear, nearest the mesocolic at 6 mm", "closest being the distal, 2 cm": the side word alone, a length next.
    new RegExp(
      String.raw`(?:closest|nearest)\s+(?:(?:is|being)\s+)?(?:the\s+)?${CLOSEST_KIND}(?=\s*(?:(?:resection\s+)?(?:margin|edge|end|surface)\s*)?(?:[,:=-]|\bat\b)?\s*\d)`,
      'i'
    ).exec(t);
  const ck = c ? kindOf(c[1]!, rightSided) : undefined;
  if (c && ck) return { kind: ck, end: c.index + c[0].length };
  // "3 cm from the distal margin (closest)", "the distal margin, at 3 cm, is the closest": a closest with no
  // side of its own names the one margin mentioned before it in its clause.
  const w =
    /(?:\(\s*|\bis\s+(?:the\s+)?)(?:closest|nearest)\b|\b(?:closest|nearest)\b(?!\s+(?:to\b|(?:resection\s+)?margin))/i.exec(
      t
    );
  if (!w) return undefined;
  const clause = t.lastIndexOf(';', w.index) + 1;
  const before = [...new Set(refs.filter((r) => r.start >= clause && r.end <= w.index).map((r) => r.kind))];
  return before.length === 1 ? { kind: before[0]! } : undefined;
}

/** "Distance to (the) closest margin: 3 cm" with no side named in the sentence. */
const TO_CLOSEST = new RegExp(
  String.raw`\b(?:closest|nearest)\s+(?:resection\s+)?margin(?:\(s\)|s)?\s*(?:is\s+|[:=]\s*)?(?:at\s+)?${NUM}\s*${UNIT}`,
  'i'
);

/**
 * The distance a sentence gives to "the closest margin" without naming its side.
 * @param doc - The document.
 * @returns The distance with its sentence, or undefined.
 */
export function closestDistance(doc: Doc): { cm: number; sentence: DocSentence } | undefined {
  for (const s of doc.sentences) {
    const t = digitize(s.masked);
    const m = TO_CLOSEST.exec(t);
    if (m && !new RegExp(String.raw`\b${KW}\b|\bCRM\b`, 'i').test(t)) return { cm: toCm(m[1]!, m[2]!), sentence: s };
  }
  return undefined;
}

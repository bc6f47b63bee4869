// Where a sentence names a margin (a side word with margin/edge/end/line, a doughnut or ring, CRM, a generic end with
// its side in brackets) and where its lengths are: the positions every margin reader pairs up.
import { NUM, toCm, UNIT } from '../../text/measure';
import { KIND, KW, kindOf, type MarginKind } from './margin-words';

/** What follows a side word when it names a margin: "… margin", "… staple line", "… (anastomotic) doughnut". */
export const MARGIN_WORD =
  /^\)?(?:\s*\([^)]*\))?(?:\s*\/\s*\w+)?(?:\s+[\w-]+){0,2}?\s+(?:margins?|edges?|ends?|lines?|surfaces?|clearances?|fascia|doughnuts?|donuts?|(?:anastomotic\s+)?rings?|resections?(?!\s+(?:margins?|lines?|limits?|edges?|ends?)\b))\b/i;

export interface MarginRef {
  kind: MarginKind;
  start: number;
  end: number;
}

/**
 * Margin names: a side word followed by margin/edge/end/line/surface, or CRM.
 * @param t - The sentence (numbers digitized).
 * @param rightSided - Whether "colonic" names the distal end.
 * @returns The margins named, in order, with their spans.
 */
export function marginRefs(t: string, rightSided: boolean): MarginRef[] {
  const refs: MarginRef[] = [];
  for (const m of t.matchAll(/\bCRM\b/g)) refs.push({ kind: 'radial', start: m.index, end: m.index + 3 });
  // "the nearest bowel end (proximal)": a margin named generically, its side in brackets.
  for (const m of t.matchAll(
    new RegExp(
      String.raw`\b(?:(?:bowel|longitudinal|resection|cut|surgical)\s+)?(?:ends?|margins?|edges?)\s*\(\s*${KIND}\s*\)`,
      'gi'
    )
  )) {
    const kind = kindOf(m[1]!, rightSided);
    if (kind) refs.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  for (const m of t.matchAll(new RegExp(String.raw`\b${KIND}\b`, 'gi'))) {
    const kind = kindOf(m[1]!, rightSided);
    const rest = t.slice(m.index + m[0].length);
    // "upper / lower (cranial, caudal) edge" is an edge of the tumour: these words name a margin only with "margin".
    if (
      /^(?:upper|lower|cranial|caudal)$/i.test(m[1]!) &&
      !/^\s+(?:(?:resection|surgical)\s+)?(?:margins?|limits?|resection lines?)\b/i.test(rest)
    )
      continue;
    const word = MARGIN_WORD.exec(rest);
    if (kind && word && !/\b(?:of|to|from)\b/i.test(word[0]))
      refs.push({ kind, start: m.index, end: m.index + m[0].length + word[0].length });
    // "12 cm from the proximal and 9.5 cm from the distal margins": the plural names both sides.
    else if (
      kind &&
      (/^\s+(?:and|or)\s(?:(?![;]|\.\s).){0,40}?\bmargins\b/i.test(rest) ||
        // "6 cm from the proximal and 3 cm from the distal margin": a length and another side follow.
        new RegExp(
          String.raw`^\s+(?:and|or)\s+${NUM}\s*${UNIT}\s+(?:away\s+)?(?:from|to|of)\s+(?:the\s+)?${KW}\s+(?:(?:resection\s+|surgical\s+)?(?:margin|end|limit|line|edge)|line of resection)`,
          'i'
        ).test(rest))
    )
      refs.push({ kind, start: m.index, end: m.index + m[0].length });
  }
  return refs.sort((a, b) => a.start - b.start);
}

export interface Length {
  cm: number;
  start: number;
  end: number;
}

/**
 * The lengths (number and unit) of a sentence, in cm.
 * @param t - The sentence.
 * @returns Each length with its span.
 */
export function lengths(t: string): Length[] {
  return [...t.matchAll(new RegExp(`${NUM}\\s*${UNIT}`, 'gi'))].map((m) => ({
    cm: toCm(m[1]!, m[2]!),
    start: m.index,
    end: m.index + m[0].length,
  }));
}

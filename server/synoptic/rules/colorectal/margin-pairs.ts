// Margin distances written as parallel lists: "10.5 and 13 cm from the proximal and distal margins (respectively)",
// "the proximal and distal margins are 9 and 3.5 cm", slash lists ("Proximal/distal margins: 12/4 cm") and a length
// in brackets after each side ("the proximal (9 cm) and distal (4.5 cm) margins"). The n-th length goes with the n-th
// side; a list whose counts differ is not read.
import { toCm } from '../../text/measure';
import { KIND, KW, kindOf, type MarginKind } from './margin-words';

const N = String.raw`\d+(?:[.,]\d+)?`;
const U = '(?:cm|mm)';
const MARGIN_NOUNS = String.raw`(?:resection\s+|surgical\s+|cut\s+)?(?:margins|ends|limits|(?:resection\s+|staple\s+)?lines)`;
const LIST_NUMS = String.raw`${N}(?:\s*${U})?(?:\s*,\s*${N}(?:\s*${U})?)*,?\s+and\s+${N}\s*${U}\b`;
const LIST_KINDS = String.raw`${KW}(?:\s*,\s*(?:the\s+)?${KW})*,?\s+and\s+(?:the\s+)?${KW}\s+${MARGIN_NOUNS}`;
const SLASH_NUMS = String.raw`${N}(?:\s*${U})?(?:\s*\/\s*${N}(?:\s*${U})?)+\s*${U}\b`;
const SLASH_KINDS = String.raw`${KW}(?:\s*\/\s*${KW})+`;
const LISTS: Array<{ re: RegExp; numsFirst: boolean }> = [
  {
    re: new RegExp(
      String.raw`(${LIST_NUMS})(?:,?\s+respectively,?)?\s+(?:away\s+)?(?:from|to)\s+(?:the\s+)?(${LIST_KINDS})`,
      'gi'
    ),
    numsFirst: true,
  },
  {
    re: new RegExp(
      String.raw`(${LIST_KINDS})\s*(?:are|were|measure|measuring|of|:)\s*(?:at\s+|located\s+at\s+)?(${LIST_NUMS})`,
      'gi'
    ),
    numsFirst: false,
  },
  // "Proximal/distal margins: 12/4 cm", "Margins (proximal/distal/mesenteric): 10/5/1 cm".
  {
    re: new RegExp(
      String.raw`(${SLASH_KINDS})(?:\s+${MARGIN_NOUNS}|\s*\))?\s*(?:[:=]|\bare\b|\bwere\b)\s*(?:the\s+)?(${SLASH_NUMS})`,
      'gi'
    ),
    numsFirst: false,
  },
];
/** "the proximal (9 cm) and distal (4.5 cm) margins": a side with its length in brackets, in a list of margins. */
const BRACKETED = new RegExp(String.raw`\b${KIND}\s*\(\s*(${N})\s*(${U})\s*\)`, 'gi');

export interface PairedDistance {
  kind: MarginKind;
  cm: number;
  /** The stretch of the sentence the list takes. */
  start: number;
  end: number;
}

/** Numbers of a list ("10.5 cm and 13 cm", "9.0, 3.5 and 1.2 cm", "12/4 cm"), a unit applying to those before it. */
function listValues(text: string): number[] {
  const parts = [...text.matchAll(/(\d+(?:[.,]\d+)?)\s*(cm|mm)?/gi)];
  let unit = 'cm';
  const out: number[] = [];
  for (let i = parts.length - 1; i >= 0; i--) {
    unit = parts[i]![2] ?? unit;
    out.unshift(toCm(parts[i]![1]!, unit));
  }
  return out;
}

/**
 * Distances of margin lists in a sentence.
 * @param t - The sentence (numbers in words already digitized).
 * @param rightSided - Whether "colonic" names the distal end.
 * @returns Each side with its length, and where the list is.
 */
export function pairedDistances(t: string, rightSided: boolean): PairedDistance[] {
  const out: PairedDistance[] = [];
  for (const { re, numsFirst } of LISTS) {
    for (const m of t.matchAll(re)) {
      const [numsText, kindsText] = numsFirst ? [m[1]!, m[2]!] : [m[2]!, m[1]!];
      const values = listValues(numsText);
      const kinds = [...kindsText.matchAll(new RegExp(KIND, 'gi'))].map((k) => kindOf(k[1]!, rightSided));
      if (values.length !== kinds.length || kinds.some((k) => !k)) continue;
      for (const [j, k] of kinds.entries())
        out.push({ kind: k!, cm: values[j]!, start: m.index, end: m.index + m[0].length });
    }
  }
  if (/\bmargins?\b/i.test(t)) {
    for (const m of t.matchAll(BRACKETED)) {
      const kind = kindOf(m[1]!, rightSided);
      if (kind) out.push({ kind, cm: toCm(m[2]!, m[3]!), start: m.index, end: m.index + m[0].length });
    }
  }
  return out;
}

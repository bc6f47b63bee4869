// The pTNM a report states outright ("pT2a pN1", "Pathologic stage: pT1c N0 M1a", "pM1b"): a fallback for a
// category whose descriptors the text does not give. Only categories the AJCC 8th lung value sets allow are read,
// and a bare "T1" (a nerve root, a vertebra) is never taken for a category: it needs the p/yp/c prefix or a TNM group.
import type { Doc, DocSentence } from '../../text/doc';

export interface Stated {
  value: string;
  s: DocSentence;
}

const T = '(?:T(is|X|0|1mi|1a|1b|1c|2a|2b|3|4))';
const N = '(?:N(X|0|1|2|3))';
const M = '(?:M(0|1a|1b|1c))';
const PREFIX = String.raw`(?:\(?[ymr]{0,2}\)?[pc])`;
/** A TNM group ("pT2aN1M0", "pT1c pN0 cM1a") or a prefixed category on its own ("pN2", "ypT0"). */
const GROUP = new RegExp(
  String.raw`\b${PREFIX}?${T}(?:\([^)]*\))?\s*,?\s*${PREFIX}?${N}(?:\s*,?\s*${PREFIX}?${M})?(?![\w])`,
  'g'
);
const ALONE: Record<'T' | 'N' | 'M', RegExp> = {
  T: new RegExp(String.raw`\b${PREFIX}${T}(?:\([^)]*\))?(?![\w])`, 'g'),
  N: new RegExp(String.raw`\b${PREFIX}${N}(?![\w])`, 'g'),
  // "M1a", "M1b" and "M1c" name nothing but the category, so they are read without a prefix.
  M: new RegExp(String.raw`\b(?:${PREFIX}${M}|M(1a|1b|1c))(?![\w])`, 'g'),
};
/** A field that names the category without its prefix ("Nodal status: N2", "T category: T2a"). */
const LABELLED: Record<'T' | 'N' | 'M', RegExp> = {
  T: new RegExp(
    String.raw`\b(?:primary tumou?r|T (?:category|stage)|tumou?r (?:category|stage))\s*(?:\(p?T\))?\s*:\s*${T}(?![\w])`,
    'gi'
  ),
  N: new RegExp(
    String.raw`\b(?:nodal (?:status|category|stage)|N (?:category|stage)|regional lymph nodes?)\s*(?:\(p?N\))?\s*:\s*${N}(?![\w])`,
    'gi'
  ),
  M: new RegExp(String.raw`\b(?:distant metastas[ie]s|M (?:category|stage))\s*(?:\(p?M\))?\s*:\s*${M}(?![\w])`, 'gi'),
};
const NOT_STAGE = /\b(?:not|cannot|no)\b[^.;]{0,20}$/i;
/** A clinical T or N before therapy is not the pathologic one; M is clinical in most resections (cM). */
const PRIOR = /\b(?:previously|prior|initial(?:ly)?|clinical(?:ly)?|pre-?operative(?:ly)?)\b[^.;]{0,30}$/i;

const usable = (before: string, cat: 'T' | 'N' | 'M') =>
  !NOT_STAGE.test(before) && (cat === 'M' || !PRIOR.test(before));
const upper = (cat: 'T' | 'N' | 'M', v: string) => `${cat}${v === 'is' ? 'is' : v === 'X' ? 'X' : v}`;

/** A sentence that corrects an earlier statement ("Revised pT1c", "Amended stage: pT2a pN1", "pN revised to pN0"). */
const REVISION = /\b(?:revis\w*|amend\w*|correct(?:ed|ion)|updated|supersed\w*)\b/i;

/**
 * The category a revision states (an addendum that corrects the report): it outranks every earlier finding, since
 * the pathologist who revised the category had the descriptors before them.
 * @param doc - The report.
 * @param cat - Which category.
 * @returns The revised value with its sentence, or undefined.
 */
export function revisedCategory(doc: Doc, cat: 'T' | 'N' | 'M'): Stated | undefined {
  return statedCategory(doc, cat, REVISION);
}

/**
 * The category the report states for T, N or M (the last statement wins: a final diagnosis follows the gross).
 * @param doc - The report.
 * @param cat - Which category.
 * @param only - Read only sentences that match (a revision).
 * @returns The stated value with its sentence, or undefined.
 */
export function statedCategory(doc: Doc, cat: 'T' | 'N' | 'M', only?: RegExp): Stated | undefined {
  let found: Stated | undefined;
  const at = { T: 1, N: 2, M: 3 }[cat];
  for (const s of doc.sentences) {
    if (only && !only.test(s.masked)) continue;
    for (const m of s.masked.matchAll(GROUP)) {
      if (m[at] && usable(s.masked.slice(0, m.index), cat)) found = { value: upper(cat, m[at]), s };
    }
    for (const m of s.masked.matchAll(LABELLED[cat])) found = { value: upper(cat, m[1]!), s };
    for (const m of s.masked.matchAll(ALONE[cat])) {
      const v = m[1] ?? m[2];
      if (v && usable(s.masked.slice(0, m.index), cat)) found = { value: upper(cat, v), s };
    }
  }
  return found;
}

// CD99 localization and extent read from the words of its clause, mapped to the template's value sets: localization
// membranous / cytoplasmic / both; distribution focal (isolated cells, small foci, < 10 %), patchy (scattered areas,
// a minority to about half, 10–50 %), diffuse (most tumour cells, > 50 %), as the Questionnaire's help text defines them.

import { digitize } from '../text/numbers';
import { findProportions } from '../text/numbers-extent';

export type Localization = 'Membranous' | 'Cytoplasmic' | 'Membranous and cytoplasmic';
export type Distribution = 'Focal' | 'Patchy' | 'Diffuse';

const MEMBRANE =
  /\bmembran\w*|\bcell[- ]?(?:surface|border|outline)s?\b|\bpericellular\b|\bchicken[- ]wire\b|\bhoneycomb\b/i;
/** Dot-like (paranuclear, Golgi-type) staining sits in the cytoplasm. */
const CYTOPLASM = /\b(?:intra-?)?cytoplasm\w*|\bdot[- ]?like\b|\b(?:para|peri)nuclear\b|\bgolgi\b|\bgranular\b/i;

/**
 * The localization the clause describes.
 * @param visible - The CD99 clause with negated words blanked.
 * @returns The value, or undefined when no localization is described.
 */
export function localizationOf(visible: string): Localization | undefined {
  const m = MEMBRANE.test(visible);
  const c = CYTOPLASM.test(visible);
  return m && c ? 'Membranous and cytoplasmic' : m ? 'Membranous' : c ? 'Cytoplasmic' : undefined;
}

/** Words that name the category itself, in the order they win when several appear ("diffuse, focally strong"). */
const CATEGORY_WORDS: Array<[Distribution, RegExp]> = [
  ['Diffuse', /\bdiffuse\w*|\buniform\w*|\bhomogeneous\w*|\bextensive\w*|\bwidespread\b|\bglobal(?:ly)?\b/i],
  [
    'Patchy',
    /\bpatch\w*|\bheterogeneous\w*|\bmulti-?focal\w*|\bmosaic\b|\bscattered (?:areas|patches|regions|zones|clusters|groups|nests|foci)\b|\bpartial(?:ly)?\b|\bin part\b|\bzonal\w*|\bregional\w*|\bgeographic\w*/i,
  ],
  [
    'Focal',
    /\bfocal\w*|\brare\b|\brarely\b|\bisolated\b|\boccasional\w*|\b(?:a )?few\b|\b(?:a )?handful\b|\bsparse\w*|\bsporadic\w*|\bscant\w*|\bminimal\w*|\b(?:single|individual|scattered) (?:tumou?r |neoplastic )?cells\b|\bscattered\b|\bsmall (?:foci|clusters|groups|nests)\b|\b(?:single|one) (?:small )?focus\b|\b(?:small|low|tiny) (?:proportion|percentage|fraction|number)\b/i,
  ],
];
/** Quantity words without a number: how much of the tumour stains. */
const QUANTITY_WORDS: Array<[Distribution, RegExp]> = [
  [
    'Diffuse',
    /\b(?:large|high|great|substantial) (?:proportion|percentage|fraction|number)\b|\b(?:virtually|nearly|almost|essentially|practically|near[- ]?)\s*all\b|\ball (?:of )?(?:the )?(?:tumou?r |neoplastic |lesional )?cells\b|\b(?:every|each) (?:single )?(?:tumou?r |neoplastic |lesional )?cell\b|\b(?:the )?(?:vast |great )?majority\b|\bmost\b/i,
  ],
  [
    'Patchy',
    /\b(?:a )?minority\b|\bsome\b|\bsubsets?\b|\b(?:minor )?sub-?populations?\b|\bminor populations?\b|\bareas\b|\bpatches\b/i,
  ],
];

/** Where the staining is spread: across the tumour. */
const SPREAD = /\bthroughout\b|\bsheets?\b/i;

/** Maps a percentage range to the category of its middle. */
function byPercent(low: number, high: number): Distribution {
  const mid = (low + high) / 2;
  return mid > 50 ? 'Diffuse' : mid >= 10 ? 'Patchy' : 'Focal';
}

const RANK: Record<Distribution, number> = { Focal: 0, Patchy: 1, Diffuse: 2 };

/**
 * The distribution the clause describes, with the reason. Extent is how much of the tumour stains at all, so when the
 * clause describes several stained populations ("membranous in most cells, cytoplasmic in a few") the widest wins;
 * within one kind of wording the category words come first, then percentages, then quantity words.
 * @param visible - The CD99 clause with negated words blanked.
 * @returns The value and why, or undefined when no extent is described.
 */
export function distributionOf(visible: string): { value: Distribution; why: string } | undefined {
  const found: Array<{ value: Distribution; why: string }> = [];
  for (const [value, re] of CATEGORY_WORDS) {
    const m = re.exec(visible);
    if (m) found.push({ value, why: `"${m[0]}" describes ${value.toLowerCase()} staining` });
  }
  // "in 3/10 high-power fields": a ratio of fields or cells as a proportion.
  for (const m of digitize(visible).matchAll(
    /\b(\d+)\s*(?:\/|of|out of|in)\s*(\d+)\s*(?:high[- ]power fields|HPFs?|fields|cells|tumou?r cells)\b/gi
  )) {
    const pct = (Number(m[1]) / Number(m[2])) * 100;
    if (Number(m[2]) > 0 && pct <= 100)
      found.push({ value: byPercent(pct, pct), why: `"${m[0]}" of the tumour (under 10 % focal, 10–50 % patchy)` });
  }
  for (const p of findProportions(visible)) {
    const value = byPercent(p.low, p.high);
    found.push({
      value,
      why: `"${p.text.trim()}" of the cells (under 10 % focal, 10–50 % patchy, over 50 % diffuse)`,
    });
  }
  for (const [value, re] of QUANTITY_WORDS) {
    const m = re.exec(visible);
    if (m) found.push({ value, why: `"${m[0]}" of the tumour cells is ${value.toLowerCase()} staining` });
  }
  // "throughout", "in sheets" say where the staining is, not how much: read only when nothing else is said.
  const spread = SPREAD.exec(visible);
  if (!found.length && spread) return { value: 'Diffuse', why: `"${spread[0]}" describes diffuse staining` };
  return found.reduce<{ value: Distribution; why: string } | undefined>(
    (best, x) => (!best || RANK[x.value] > RANK[best.value] ? x : best),
    undefined
  );
}

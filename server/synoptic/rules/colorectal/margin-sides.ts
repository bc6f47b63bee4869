// The last reading of a margin distance: a length and a side word in the same phrase of a sentence about margins,
// however they are ordered ("12 cm proximally", "proximal 12 cm", "12 cm (proximal)", "clear by 4 cm distally",
// "12 cm from the proximal resection limit"). A phrase is the stretch between commas, semicolons and "and"; it must
// hold exactly one length and one side, and nothing that makes the length a size or a distance to a landmark.
import { NUM, toCm, UNIT } from '../../text/measure';

export type Side = 'proximal' | 'distal' | 'radial';

/** Nouns that make a sentence one about resection margins. */
const MARGIN_NOUN =
  /\b(?:margins?|clearances?|resection (?:lines?|limits?|ends?)|limits?|cut (?:ends?|edges?)|staple lines?|CRM|(?:proximal|distal) (?:(?:cut|resection|surgical) )?(?:ends?|edges?))\b/i;
/** Uninvolved bowel on either side of the tumor: its length is the distance to that end's margin. */
const UNINVOLVED =
  /\b(?:normal|uninvolved|unremarkable|unaffected|tumou?r-free|non-?neoplastic|background)\s+(?:(?:appearing|looking)\s+)?(?:large\s+|rectal\s+|colonic\s+)?(?:bowel|colon|colonic mucosa|mucosa|rectum|intestine)\b/i;
/** Words between a side adjective and its margin noun ("proximal surgical resection limit"). */
const QUAL = String.raw`(?:\s+(?:resection|surgical|cut|stapled|staple|longitudinal|bowel|mucosal|\(\w+\)))*`;
const NOUN = String.raw`\s+(?:margins?|limits?|ends?|edges?|lines?|clearances?)\b`;
/** A side adjective counts when it names a margin: followed by a margin noun, a number, or the end of the phrase. */
const SIDE_WORD = new RegExp(
  String.raw`\b(?:(proximal|prox\.|oral|distal|dist\.|aboral)(?=${QUAL}${NOUN}|\s*(?:[,.;:)=]|-\s|$|\d|\band\b|\bis\b|\bwas\b|\bat\b|\bby\b)|\s+to\s+(?:the\s+)?(?:tumou?r|it|lesion|mass|carcinoma|growth)\b)|(radial|circumferential|mesenteric|mesorectal)(?=${QUAL}${NOUN}|\s*(?:[:)=]|-\s|\d))|(CRM)\b|(proximally|distally|radially|circumferentially)\b)`,
  'gi'
);
/** What makes a length a size or a depth, unless the phrase names a margin ("the margins measure 9 cm (proximal)"). */
const SIZE_WORD =
  /\b(?:measur\w*|size[sd]?|diameter|long|length|wide|width|thick\w*|deep|depth|span\w*|dimension\w*)\b|\d\s*(?:cm|mm)?\s*(?:x|×)\s*\d/i;
/** What makes a length a distance to something other than a margin. */
const LANDMARK =
  /\b(?:polyps?|nodes?|dentate|verge|reflection|valve|appendix|diverticul\w*|serosa\w*|peritone\w*|fat|muscularis|submucosa|ulcer\w*|specimen|segment)\b/i;
/** A phrase that goes on with the subject before it: "… and lies 3 cm from the tumour". */
const CONTINUES =
  /^\s*(?:and\s+|,\s*)?(?:lies|lying|is|sits|being|located|situated|placed)\b.*\b(?:from|to|of)\s+the\s+(?:tumou?r|mass|lesion|carcinoma|growth)\b/i;
const SPLIT = /[,;]|\b(?:and|whereas|while|but)\b/gi;

function sideOf(m: RegExpMatchArray): Side {
  const w = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').toLowerCase();
  if (/^(?:prox|oral)/.test(w)) return 'proximal';
  if (/^(?:dist|aboral)/.test(w)) return 'distal';
  return 'radial';
}

export interface SideDistance {
  side: Side;
  cm: number;
  /** Offset of the length in the sentence. */
  start: number;
}

/**
 * Lengths paired with a side word in the same phrase of a sentence about margins.
 * @param t - The sentence (numbers in words already digitized).
 * @param skip - Offsets of lengths another rule has read.
 * @returns One distance per phrase that holds exactly one free length and one side.
 */
export function sideDistances(t: string, skip: Set<number>): SideDistance[] {
  // "It is 4 cm from the distal.": a side word standing alone as the noun is the margin by ellipsis.
  // "It is clear by 12 cm proximally": "clear by" a length names a margin clearance.
  if (
    !MARGIN_NOUN.test(t) &&
    !UNINVOLVED.test(t) &&
    !/\bthe (?:proximal|distal)\s*(?:[.;,]|$)/i.test(t) &&
    !/\bclear(?:ed)? by\s+\d/i.test(t)
  )
    return [];
  const cuts = [0, ...[...t.matchAll(SPLIT)].map((m) => m.index), t.length];
  const out: SideDistance[] = [];
  let subject: Side | undefined;
  for (let i = 0; i < cuts.length - 1; i++) {
    const from = cuts[i]!;
    const phrase = t.slice(from, cuts[i + 1]);
    const sides = [...phrase.matchAll(SIDE_WORD)];
    const lens = [...phrase.matchAll(new RegExp(`${NUM}\\s*${UNIT}`, 'gi'))];
    // "The distal margin is clear and lies 3 cm from the tumour": a phrase without a subject of its own continues
    // the margin named as the subject of the phrase before it.
    const side =
      sides.length === 1 ? sideOf(sides[0]!) : sides.length === 0 && CONTINUES.test(phrase) ? subject : undefined;
    subject = sides.length === 1 && lens.length === 0 ? sideOf(sides[0]!) : undefined;
    const notMargin = LANDMARK.test(phrase) || (SIZE_WORD.test(phrase) && !MARGIN_NOUN.test(phrase));
    if (notMargin || !side || lens.length !== 1) continue;
    const l = lens[0]!;
    if (skip.has(from + l.index)) continue;
    out.push({ side, cm: toCm(l[1]!, l[2]!), start: from + l.index });
  }
  return out;
}

// Finds the tumor's greatest dimension among all the lengths of a report (specimen, segments, polyps, nodes,
// distances): a length counts only when it is attached to a tumor noun by a measuring verb, by position or by a field.
import type { DocSentence } from '../text/doc';
import { DIMS, dimensionsCm } from '../text/measure';

export interface SizeFinding {
  cm: number;
  sentence: DocSentence;
  how: string;
}

/** Objects whose lengths are not the tumor's. */
const OTHER = String.raw`\b(?:segments?|specimens?|ileum|colon|appendix|nodes?|polyps?|diverticul\w*|perforation|defects?|skin|omentum|bowel|rectum|sigmoid|cecum|caecum|lobes?|lung|bronchus|nodules?|ribs?|portion|fragments?|pieces?|ellipse|focus|component|cuff|abscess|margins?|effusion|metastas[ie]s)\b`;
/** A noun inside a prepositional phrase ("carcinoma of the descending colon") is a location, not the thing measured. */
const IN_PHRASE =
  /\b(?:of|in|at|within|from|to|into|with|on|near|along|beside|toward|involving)\s+(?:the\s+|a\s+|an\s+)?(?:[\w-]+\s+){0,2}$/i;
const DISTANCE_AFTER =
  /^\s*\)?\s*(?:away|from|to|proximal|distal|above|below|beneath|under|short|beyond|deep|of\s+the)\b/i;
const DISTANCE_BEFORE = /\b(?:within|at)\s*$/i;
const FIELD =
  /\b(?:size|dimensions?|greatest dimension)\s*(?:\([^)]*\))?\s*[:=]?\s*(?:is\s+|of\s+|up to\s+|approximately\s+|about\s+)*$/i;
const VERB = /\b(?:measur\w*|sized?)\s*(?:up to\s+|approximately\s+|about\s+|of\s+)?$/i;
/** Words that may stand between a length and the noun it qualifies ("2.9 cm sessile, ulcerated lesion"). */
const MODIFIER = String.raw`(?:(?!(?:is|are|was|were|in|at|on|of|the|and|with|from|to|lies|located|situated|occupies|extends|that|which)\b)[\w-]+,?\s+)`;

interface NounHit {
  tumor: boolean;
  at: number;
}

function nouns(text: string, tumor: RegExp): NounHit[] {
  const hits: NounHit[] = [];
  for (const m of text.matchAll(new RegExp(tumor.source, 'gi'))) hits.push({ tumor: true, at: m.index });
  for (const m of text.matchAll(new RegExp(OTHER, 'gi'))) hits.push({ tumor: false, at: m.index });
  return hits.filter((h) => !IN_PHRASE.test(text.slice(0, h.at))).sort((a, b) => a.at - b.at);
}

/** What a length in a sentence measures, judged from the words around it. */
function attach(t: string, at: number, len: number, tumor: RegExp): string | undefined {
  const before = t.slice(0, at);
  const after = t.slice(at + len);
  if (FIELD.test(before)) {
    const last = nouns(before, tumor).at(-1);
    return !last || last.tumor ? 'size field' : undefined;
  }
  if (DISTANCE_AFTER.test(after) || DISTANCE_BEFORE.test(before)) return undefined;
  const verb = VERB.test(before);
  if (!verb) {
    // "a 2.9 cm sessile, ulcerated lesion": the length qualifies the noun right after it.
    const ahead = new RegExp(String.raw`^\s*${MODIFIER}{0,4}?(?:(${tumor.source})|${OTHER})`, 'i').exec(after);
    if (ahead) return ahead[1] ? 'length before the tumor noun' : undefined;
  }
  // "mass measuring 4 x 3 cm", "carcinoma 4.8 cm in greatest dimension", "it measures 52 mm"
  const head = before.replace(VERB, '');
  const pronoun = /\b(?:it|which|that)\s+$/i.test(head);
  const found = nouns(before, tumor);
  const subject = pronoun ? found[0] : found.at(-1);
  if (!subject?.tumor) return undefined;
  const gap = before.slice(subject.at);
  if (!pronoun && (gap.length > (verb ? 120 : 45) || /[;]/.test(gap))) return undefined;
  return verb ? 'measured tumor' : 'length after the tumor noun';
}

/**
 * The greatest dimension of the tumor: the first length in the text attached to a tumor noun.
 * @param sentences - Sentences to search, in order.
 * @param tumorNoun - What names the tumor here.
 * @returns The size in cm with its sentence, or undefined.
 */
export function findTumorSize(sentences: DocSentence[], tumorNoun: RegExp): SizeFinding | undefined {
  return findTumorSizes(sentences, tumorNoun).next().value ?? undefined;
}

/**
 * Every length in the text attached to a tumor noun, in order (several primaries or foci each give one).
 * @param sentences - Sentences to search, in order.
 * @param tumorNoun - What names the tumor here.
 * @returns The sizes in cm with their sentences.
 */
export function* findTumorSizes(sentences: DocSentence[], tumorNoun: RegExp): Generator<SizeFinding> {
  for (const s of sentences) {
    for (const m of s.masked.matchAll(new RegExp(DIMS, 'gi'))) {
      const how = attach(s.masked, m.index, m[0].length, tumorNoun);
      const values = dimensionsCm(m[0]);
      if (how && values.length) yield { cm: Math.max(...values), sentence: s, how };
    }
  }
}

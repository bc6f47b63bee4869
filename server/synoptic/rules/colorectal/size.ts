// Tumour size of a colorectal resection (CAP: greatest dimension of the tumour): the shared size finder, read on
// sentences prepared so that numbers in words count, a segment word before the tumour noun ("sigmoid tumour") stays a
// modifier, and lengths of a polyp stalk, a scar or fibrosis are not taken for the tumour's.
import type { DocSentence } from '../../text/doc';
import { DIMS, dimensionsCm } from '../../text/measure';
import { digitize } from '../../text/numbers';
import { TUMOR_NOUN } from '../../text/sentences';
import { findTumorSize, type SizeFinding } from '../tumor-size';

const blank = (m: string) => ' '.repeat(m.length);
/** Parts that are not the tumour: a length right before them measures them ("a 1.5 cm stalk", "a 2 cm scar"). */
const NOT_TUMOR = String.raw`(?:stalks?|pedicles?|scars?|fibrosis|fibrotic (?:area|plaque)|stricture|ulcer(?:ation)? bed|tumou?r bed|mucosal (?:puckering|retraction))\b`;
const SEGMENT_MODIFIER =
  /\b(?:sigmoid|rectal|rectosigmoid|colonic|caecal|cecal|ascending|descending|transverse|splenic flexure|hepatic flexure)(?=\s+(?:[\w-]+\s+)?(?:tumou?r|mass|carcinoma|adenocarcinoma|lesion|growth|cancer)\b)/gi;
/** "Sigmoid colon with an ulcerated tumour measuring…": the tumour after "with" is what is measured, not a place. */
const WITH_TUMOR =
  /\bwith(?=\s+(?:an?\s+|the\s+)?(?:[\w-]+\s+){0,2}(?:tumou?r|mass|carcinoma|adenocarcinoma|lesion|growth)\b)/gi;
/** "Size of (the) tumour: 35 mm", "Tumour dimensions: 4 x 3 cm": the field names the tumour. */
const FIELD = new RegExp(
  String.raw`\b(?:(?:size|dimensions?|(?:greatest|maximum|largest|maximal) (?:dimension|diameter|extent|size)) of (?:the )?(?:tumou?r|mass|lesion|carcinoma)|(?:tumou?r|mass|lesion) (?:size|dimensions?))\s*(?:[:=-]|\bis\b|\bwas\b|\bmeasures\b)\s*(?:approximately\s+|about\s+)?${DIMS}`,
  'i'
);

/** The tumour's length along the bowel: "the tumour spans 4.5 cm of the colon", "extends over 4 cm of mucosa". */
const SPAN = new RegExp(
  String.raw`\b(?:tumou?r|mass|lesion|carcinoma|adenocarcinoma|growth)\b[^.;]{0,40}?\b(?:spans|spanning|extends (?:over|for|along)|extending (?:over|for|along)|involves|involving|occupies|occupying)\s+(?:a (?:length|distance) of\s+)?(?:approximately\s+|about\s+)?${DIMS}\s+(?:of|along)\s+(?:the\s+)?(?:bowel|colon|rectum|mucosa|bowel wall|length)\b`,
  'i'
);
/** A line labelled with the tumour ("Tumour: polypoid, mid transverse colon, 3.6 x 3.0 cm"): its lengths are the
 * tumour's, unless a distance word follows one or another object is named right before it. */
const LABEL = /^\s*(?:primary\s+|main\s+|dominant\s+)?(?:tumou?r|lesion|mass|carcinoma|adenocarcinoma)\s*:/i;
const LABEL_SKIP_AFTER = /^\s*\)?\s*(?:away|from|to|proximal|distal|above|below|of\s+the|clear|short)\b/i;
const LABEL_SKIP_BEFORE = /\b(?:polyps?|nodes?|stalk|segment|specimen|bowel|colon|within|at)\s*$/i;

function labelledSize(s: DocSentence): SizeFinding | undefined {
  const t = digitize(s.masked);
  const label = LABEL.exec(t);
  if (!label) return undefined;
  for (const m of t.slice(label[0].length).matchAll(new RegExp(DIMS, 'gi'))) {
    const at = label[0].length + m.index;
    const before = t.slice(label[0].length, at).replace(/.*[,;]/s, '');
    if (LABEL_SKIP_AFTER.test(t.slice(at + m[0].length)) || LABEL_SKIP_BEFORE.test(before)) continue;
    const values = dimensionsCm(m[0]);
    if (values.length) return { cm: Math.max(...values), sentence: s, how: 'line labelled with the tumour' };
  }
  return undefined;
}

/** A telegraphic line opening with the tumour ("Stenosing tumour upper rectum, 38 mm, into mesorectal fat"). */
const TELEGRAPHIC_OPEN = new RegExp(String.raw`^\W*(?:[\w-]+\s+){0,2}?${TUMOR_NOUN.source}`, 'i');
const ONLY_LENGTH = new RegExp(String.raw`^\s*(?:approx(?:imately|\.)?\s+|about\s+|c\.\s*)?${DIMS}\s*$`, 'i');

/** The length standing alone as one comma phrase of a telegraphic line about the tumour (not its first phrase). */
function telegraphicSize(s: DocSentence): SizeFinding | undefined {
  const t = digitize(s.masked).replace(/[.\s]+$/, '');
  if (!TELEGRAPHIC_OPEN.test(t)) return undefined;
  const phrases = t.split(/[,;]/);
  for (const p of phrases.slice(1)) {
    const m = ONLY_LENGTH.exec(p);
    const values = m ? dimensionsCm(m[1]!) : [];
    if (values.length)
      return { cm: Math.max(...values), sentence: s, how: 'length in a telegraphic line on the tumour' };
  }
  return undefined;
}

/** Axis labels inside a dimension group ("3 cm (longitudinal) by 4.5 cm"), blanked so the group reads whole. */
const AXIS =
  /\s*\((?:longitudinal(?:ly)?|circumferential(?:ly)?|transverse(?:ly)?|length|width|depth|thickness|axial|(?:maximum|greatest|largest|max\.?) (?:dimension|diameter|extent))\)/gi;

/** A sentence whose subject is "it" or "this": it goes on about the previous sentence's subject. */
const PRONOUN_START = /^\s*(?:it|this)\s+(?:measures|measured|is|was|spans|has)\b/i;

/** "Adenocarcinoma (5.4 cm) of the sigmoid": a length alone in brackets right after the tumour noun is its size. */
const BRACKETED = new RegExp(
  String.raw`(${TUMOR_NOUN.source.replace(/^\\b|\\b$/g, '')})\s*\(\s*(?:approximately\s+|about\s+|c\.\s*|max(?:imum|\.)?\s*(?:dimension\s*|diameter\s*)?:?\s*|greatest dimension\s*:?\s*)?(${DIMS.slice(1, -1)})\s*\)`,
  'gi'
);

function prepare(s: DocSentence): DocSentence {
  const masked = digitize(s.masked)
    .replace(BRACKETED, '$1 measuring $2,')
    // "a 4.5-cm tumour": the hyphenated length read as a length (same offsets).
    .replace(/(\d)-(cm|mm)\b/gi, '$1 $2')
    // "measures c. 4.5 cm", "~45 mm": an approximation mark before the number.
    .replace(/(?<=\s)(?:c\.|ca\.|~)\s*(?=\d)/gi, blank)
    .replace(AXIS, blank)
    .replace(new RegExp(String.raw`${DIMS}(?=\s+(?:[\w-]+\s+)?${NOT_TUMOR})`, 'gi'), blank)
    .replace(SEGMENT_MODIFIER, blank)
    .replace(WITH_TUMOR, blank);
  return { ...s, masked };
}

/**
 * The greatest dimension of the tumour.
 * @param sentences - The sentences to read, in order.
 * @returns The size in cm with the sentence that gives it, or undefined.
 */
export function findColorectalSize(sentences: DocSentence[]): SizeFinding | undefined {
  for (const s of sentences) {
    const m = FIELD.exec(digitize(s.masked));
    const values = m ? dimensionsCm(m[1]!) : [];
    if (values.length) return { cm: Math.max(...values), sentence: s, how: 'tumour size field' };
  }
  for (const s of sentences) {
    const found = labelledSize(s);
    if (found) return found;
  }
  // "An ulcerated tumour is present. It measures 4.5 cm.": a sentence opening with "it" is read after the one before.
  const prepared = sentences.map((s, i) => {
    const p = prepare(s);
    const prev = sentences[i - 1];
    return prev && PRONOUN_START.test(s.masked) ? { ...p, masked: `${prepare(prev).masked} ${p.masked}` } : p;
  });
  const found = findTumorSize(prepared, TUMOR_NOUN);
  if (found) return { ...found, sentence: sentences.find((s) => s.index === found.sentence.index)! };
  for (const s of sentences) {
    const found = telegraphicSize(s);
    if (found) return found;
  }
  for (const s of sentences) {
    const m = SPAN.exec(prepare(s).masked);
    const values = m ? dimensionsCm(m[1]!) : [];
    if (values.length) return { cm: Math.max(...values), sentence: s, how: 'length of bowel the tumour spans' };
  }
  return undefined;
}

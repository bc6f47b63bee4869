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
  String.raw`\b(?:(?:size|dimensions?|greatest dimension) of (?:the )?(?:tumou?r|mass|lesion|carcinoma)|(?:tumou?r|mass|lesion) (?:size|dimensions?))\s*[:=-]\s*(?:approximately\s+|about\s+)?${DIMS}`,
  'i'
);

function prepare(s: DocSentence): DocSentence {
  const masked = digitize(s.masked)
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
  const found = findTumorSize(sentences.map(prepare), TUMOR_NOUN);
  return found && { ...found, sentence: sentences.find((s) => s.index === found.sentence.index)! };
}

// Rectum-only items: macroscopic grade of the mesorectum (named, or graded from the described defects) and the
// tumor's position relative to the anterior peritoneal reflection (stated, or compared from measured positions).
import type { Doc, DocSentence } from '../../text/doc';
import { NUM, toCm, UNIT } from '../../text/measure';
import { NEGATION, TUMOR_NOUN } from '../../text/sentences';
import type { Finding } from './anatomy';

const MESO =
  /\bmesorect\w*|\bTME\b|\bmesorectal excision\b|\bplane of (?:surgical |mesorectal )?(?:excision|dissection)\b|\b(?:excision|surgical) plane\b/i;
/** "cannot be assessed", "could not be determined": the CAP answer "Cannot be determined". */
const UNDETERMINED =
  /\b(?:cannot|can ?not|could not|unable to|not possible to|impossible to)\s+(?:be\s+)?(?:reliably\s+)?(?:assess\w*|determin\w*|grade[ds]?|evaluat\w*|identif\w*)|\b(?:indeterminate|not assessable|unassessable|cannot be determined)\b/i;

/** Quirke / CAP grade words: good (grade 3), moderate (grade 2), poor (grade 1). */
const QUALITY: Array<[string, RegExp]> = [
  ['Incomplete', /\b(?:poor|grade 1)\b/i],
  ['Near complete', /\b(?:moderate|fair|grade 2)\b/i],
  ['Complete', /\b(?:good|grade 3)\b/i],
];

/**
 * The mesorectal grade: a stated grade, else one graded from the defects described (CAP/Quirke criteria).
 * @param doc - The gross description.
 * @returns Complete, Near complete or Incomplete with evidence, or undefined.
 */
export function findMesorectum(doc: Doc): Finding<string> | undefined {
  const about = doc.sentences.filter((s) => MESO.test(s.masked));
  for (const s of about) {
    const t = s.masked;
    if (/\bnear(?:ly)?[- ]complete\b|\bintra-?mesorectal\b/i.test(t))
      return {
        value: 'Near complete',
        sentences: [s],
        explanation: 'The report grades the mesorectum as near complete.',
      };
    if (/\bincomplete\b|\bmuscularis propria plane\b|\bplane\b[^.;:]{0,30}:\s*(?:the\s+)?muscularis propria\b/i.test(t))
      return { value: 'Incomplete', sentences: [s], explanation: 'The report grades the mesorectum as incomplete.' };
    if (/(?<!in)\bcomplete\b|\bmesorectal plane\b/i.test(t))
      return { value: 'Complete', sentences: [s], explanation: 'The report grades the mesorectum as complete.' };
    // "Quality of TME: good (grade 3)": a field of the grade.
    const q = /\b(?:quality|grade|grading)\b/i.test(t) ? QUALITY.find(([, re]) => re.test(t)) : undefined;
    if (q) return { value: q[0], sentences: [s], explanation: 'The report grades the mesorectal excision.' };
    if (UNDETERMINED.test(t))
      return {
        value: 'Cannot be determined',
        sentences: [s],
        explanation: 'The report states that the mesorectum cannot be graded.',
      };
  }
  for (const s of about) {
    const t = s.masked;
    const mp = /\bmuscularis propria\b|\bmuscle (?:coat|wall)\b/i.exec(t);
    const defects = /\bdefects?\b|\btears?\b|\bbreach\w*/i.test(t) && !/\bno (?:\w+ )?(?:defects?|tears?)\b/i.test(t);
    if (defects && mp) {
      const clause = t.slice(
        Math.max(0, t.lastIndexOf(',', mp.index) + 1, t.lastIndexOf(';', mp.index) + 1),
        mp.index + mp[0].length + 20
      );
      const shown =
        !NEGATION.test(clause) && /\b(?:expos\w*|visible|reach\w*|down (?:on)?to|onto|to the|through)\b/i.test(clause);
      return shown
        ? {
            value: 'Incomplete',
            sentences: [s],
            explanation: 'Defects reach the muscularis propria: incomplete (CAP grading).',
          }
        : {
            value: 'Near complete',
            sentences: [s],
            explanation: 'Defects are present but the muscularis propria is not exposed: near complete (CAP grading).',
          };
    }
    if (defects) {
      const deep = [...t.matchAll(new RegExp(`${NUM}\\s*${UNIT}`, 'gi'))].some((m) => toCm(m[1]!, m[2]!) > 0.5);
      if (deep)
        return {
          value: 'Near complete',
          sentences: [s],
          explanation: 'Defects deeper than 5 mm without exposed muscularis propria: near complete (CAP grading).',
        };
    }
    // CAP complete: intact and smooth, "only minor irregularities", no defect deeper than 5 mm.
    if (
      !defects &&
      /\b(?:intact|smooth|bulky)\b|\bno (?:\w+ )?defects?\b/i.test(t) &&
      !/(?<!minor\s+)\birregular\w*/i.test(t)
    )
      return {
        value: 'Complete',
        sentences: [s],
        explanation: 'The mesorectum is described intact and smooth without defects: complete (CAP grading).',
      };
  }
  return undefined;
}

const ABOVE = /\b(?:above|proximal to|superior to|over)\s+(?:the\s+)?(?:\w+\s+){0,4}reflection/i;
const BELOW = /\b(?:below|beneath|under|distal to|inferior to)\s+(?:the\s+)?(?:\w+\s+){0,4}reflection/i;
const ACROSS =
  /\b(?:straddl\w*|spans?|spanning|cross(?:es|ing)?|travers\w*|across|at the level of|at|both above and below|above and below)\s+(?:the\s+)?(?:\w+\s+){0,2}reflection|\b(?:partly|partially)\s+(?:above|below)\b/i;
/** The reflection as the subject: "the reflection lies above the tumour" puts the tumour below it. */
const TUMOR_OBJ = String.raw`(?:\w+\s+){0,4}?(?:tumou?r|lesion|growth|mass|carcinoma)\b`;
const REFLECTION_ABOVE = new RegExp(
  String.raw`\breflection\b[^.;]{0,40}?\b(?:above|proximal to|superior to|cranial to)\s+(?:the\s+)?${TUMOR_OBJ}`,
  'i'
);
const REFLECTION_BELOW = new RegExp(
  String.raw`\breflection\b[^.;]{0,40}?\b(?:below|distal to|inferior to|caudal to)\s+(?:the\s+)?${TUMOR_OBJ}`,
  'i'
);
/** The rectum below the reflection has no peritoneal covering: extraperitoneal means below, intraperitoneal above. */
const PLACED = String.raw`\b(?:is|are|lies|lying|located|situated|sits)\s+(?:entirely\s+|wholly\s+|completely\s+)?`;
const EXTRAPERITONEAL = new RegExp(String.raw`${PLACED}extra-?peritoneal(?:ly)?\b`, 'i');
const INTRAPERITONEAL = new RegExp(
  String.raw`${PLACED}intra-?peritoneal(?:ly)?\b|\b(?:entirely|completely|fully) covered by (?:the )?peritoneum\b`,
  'i'
);

/**
 * Where a rectal tumor lies relative to the anterior peritoneal reflection.
 * @param doc - The gross description.
 * @param lower - Distance of the tumor's lower edge from the distal margin (cm), when known.
 * @param upper - Distance of its upper edge, when the report gives the span.
 * @param size - Tumor size (cm), used as the span when the upper edge is not given.
 * @returns The CAP category with evidence, or undefined.
 */
export function findReflection(
  doc: Doc,
  lower?: { cm: number; sentence: DocSentence },
  upper?: number,
  size?: { cm: number; sentence: DocSentence }
): Finding<string> | undefined {
  let position: { cm: number; s: DocSentence } | undefined;
  for (const s of doc.sentences) {
    // The peritoneal fold is the reflection by another name.
    const t = s.masked.replace(/\bperitoneal fold\b/gi, 'peritoneal reflection');
    const peritoneal = peritonealCover(s);
    if (peritoneal) return peritoneal;
    if (!/\breflection\b/i.test(t)) continue;
    if (UNDETERMINED.test(t))
      return {
        value: 'Cannot be determined',
        sentences: [s],
        explanation: 'The report states that the relation to the reflection cannot be assessed.',
      };
    // "Relationship to peritoneal reflection: entirely below"
    const field = /reflection\s*:\s*(?:entirely\s+|wholly\s+)?(below|beneath|above|straddl\w*|spans?|across)/i.exec(t);
    if (field) {
      const w = field[1]!.toLowerCase();
      const value = /^(?:below|beneath)/.test(w)
        ? 'Entirely below anterior peritoneal reflection'
        : w === 'above'
          ? 'Entirely above anterior peritoneal reflection'
          : 'Straddles anterior peritoneal reflection';
      return { value, sentences: [s], explanation: 'The report states the relation to the reflection.' };
    }
    const stated = (TUMOR_NOUN.test(t) || /\b(?:it|its)\b/i.test(t)) && !/\bnot\b[^.;]{0,20}reflection/i.test(t);
    if (stated && ACROSS.test(t))
      return {
        value: 'Straddles anterior peritoneal reflection',
        sentences: [s],
        explanation: 'The tumor is described across the reflection.',
      };
    const reversed = REFLECTION_ABOVE.test(t) ? 'below' : REFLECTION_BELOW.test(t) ? 'above' : undefined;
    if (reversed)
      return {
        value: `Entirely ${reversed} anterior peritoneal reflection`,
        sentences: [s],
        explanation: `The reflection is described ${reversed === 'below' ? 'above' : 'below'} the tumor.`,
      };
    if (stated && BELOW.test(t))
      return {
        value: 'Entirely below anterior peritoneal reflection',
        sentences: [s],
        explanation: 'The tumor is described below the reflection.',
      };
    if (stated && ABOVE.test(t))
      return {
        value: 'Entirely above anterior peritoneal reflection',
        sentences: [s],
        explanation: 'The tumor is described above the reflection.',
      };
    // The reflection's own position, in a clause of its own when the sentence also gives the tumour's span.
    const clause = stated ? t.split(';').find((c) => /\breflection\b/i.test(c) && !TUMOR_NOUN.test(c)) : t;
    const m =
      clause && new RegExp(`${NUM}\\s*${UNIT}\\s+(?:from|above|proximal to)\\s+the\\s+distal`, 'i').exec(clause);
    if (m) position ??= { cm: toCm(m[1]!, m[2]!), s };
  }
  if (!position || !lower) return undefined;
  const top = upper ?? (size ? lower.cm + size.cm : undefined);
  if (top === undefined) return undefined;
  const evidence = [position.s, lower.sentence, ...(upper === undefined && size ? [size.sentence] : [])];
  const span = `${lower.cm}–${Math.round(top * 100) / 100} cm`;
  const how = upper === undefined ? ' (lower edge plus tumor size)' : '';
  if (top < position.cm)
    return {
      value: 'Entirely below anterior peritoneal reflection',
      sentences: evidence,
      explanation: `The tumor spans ${span} from the distal margin${how}, below the reflection at ${position.cm} cm.`,
    };
  if (lower.cm > position.cm)
    return {
      value: 'Entirely above anterior peritoneal reflection',
      sentences: evidence,
      explanation: `The tumor spans ${span} from the distal margin${how}, above the reflection at ${position.cm} cm.`,
    };
  return {
    value: 'Straddles anterior peritoneal reflection',
    sentences: evidence,
    explanation: `The tumor spans ${span} from the distal margin${how}, across the reflection at ${position.cm} cm.`,
  };
}

/** A tumour sentence calling the tumour extraperitoneal (below the reflection) or intraperitoneal (above it). */
function peritonealCover(s: DocSentence): Finding<string> | undefined {
  const t = s.masked;
  if (!(TUMOR_NOUN.test(t) || /\b(?:it|its)\b/i.test(t)) || /\b(?:not|partly|partially)\b/i.test(t)) return undefined;
  if (EXTRAPERITONEAL.test(t))
    return {
      value: 'Entirely below anterior peritoneal reflection',
      sentences: [s],
      explanation: 'The tumor is extraperitoneal: below the anterior peritoneal reflection.',
    };
  if (INTRAPERITONEAL.test(t))
    return {
      value: 'Entirely above anterior peritoneal reflection',
      sentences: [s],
      explanation: 'The tumor is intraperitoneal: above the anterior peritoneal reflection.',
    };
  return undefined;
}

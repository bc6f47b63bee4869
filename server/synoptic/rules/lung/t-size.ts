// The size that sets a lung tumor's T (AJCC 8th): the invasive size when lepidic or in situ parts are excluded, the
// microscopic size when gross and microscopic measurements differ, and the largest tumor when there are several
// primaries or multifocal ground-glass/lepidic tumors (each is staged by itself and the highest T is reported).
import type { Doc, DocSentence } from '../../text/doc';
import { DIMS, dimensionsCm } from '../../text/measure';
import { findTumorSizes } from '../tumor-size';
import { METASTATIC_LESION } from './side';

export const LUNG_TUMOR = /\b(?:tumou?rs?|carcinomas?|adenocarcinomas?|carcinoids?|neoplasms?|mass(?:es)?|lesions?)\b/i;

export interface SizeAt {
  cm: number;
  s: DocSentence;
}

const INVASIVE_NOUN = String.raw`invasive (?:component|focus|foci|part|size|portion|area|tumou?r size|carcinoma size)|invasive \([^)]*\) (?:component|focus|part|portion)|size of (?:the )?invasive (?:component|focus|portion|part|tumou?r)`;

/** The invasive size when the report gives it apart from the total (lepidic or in situ parts excluded, AJCC 8). */
export function invasiveSize(doc: Doc): SizeAt | undefined {
  const re = new RegExp(
    String.raw`(?:${INVASIVE_NOUN})\s*(?:\([^)]*\)\s*)?(?:of|measur\w*|is|was|:|=|spans?|estimated (?:at|as))*\s*(?:up to\s+|approximately\s+|about\s+)?${DIMS}|${DIMS}\s+(?:of\s+)?(?:invasive|invasion)\b|\binvasive\s*(?:size)?\s*[:=]?\s*${DIMS}`,
    'i'
  );
  for (const s of doc.sentences) {
    const m = re.exec(s.masked);
    const dims = m ? dimensionsCm(m[1] ?? m[2] ?? m[3] ?? '') : [];
    if (dims.length) return { cm: Math.max(...dims), s };
  }
  return undefined;
}

/**
 * CAP: when only the total size and the lepidic percentage of a non-mucinous adenocarcinoma are given, the invasive
 * size is estimated as the total times the non-lepidic percentage.
 */
export function lepidicEstimate(doc: Doc, total: SizeAt): SizeAt | undefined {
  for (const s of doc.sentences) {
    const m = /\blepidic\b[^.;%]{0,30}?(\d{1,3})\s*%|(\d{1,3})\s*%\s*(?:lepidic|in situ)\b/i.exec(s.masked);
    const pct = m ? Number(m[1] ?? m[2]) : Number.NaN;
    if (pct > 0 && pct < 100) return { cm: Math.round(total.cm * (100 - pct)) / 100, s };
  }
  return undefined;
}

/** CAP: the microscopic measurement is the more accurate one when it differs from the gross ("microscopically 2.6 cm"). */
function microscopicSize(doc: Doc): SizeAt | undefined {
  const re = new RegExp(
    String.raw`\bmicroscop\w*\b(?![^.;]{0,40}\b(?:margins?|distance|from|beyond|extension|nodes?|focus|foci)\b)[^.;\d]{0,60}?${DIMS}`,
    'i'
  );
  // "3.2 cm on microscopic examination", "2.9 cm (microscopic)": the length before the word.
  const before = new RegExp(String.raw`${DIMS}\s*(?:\(\s*|on\s+|by\s+|at\s+)?(?:microscop\w*|histolog\w*)`, 'i');
  for (const s of doc.sentences) {
    for (const clause of s.masked.split(';')) {
      const m = re.exec(clause) ?? before.exec(clause);
      // The tumor may be named earlier in the sentence ("Tumor size: 2.5 cm grossly; 3.2 cm microscopically").
      const scope = m?.[0].startsWith('micro') ? clause : s.masked;
      if (!m || !/\b(?:tumou?r|carcinoma|size|measur\w*|extent|dimension)\b/i.test(scope)) continue;
      if (/\b(?:margins?|distance|from|nodes?)\b/i.test(clause)) continue;
      const dims = dimensionsCm(m[1] ?? '');
      if (dims.length) return { cm: Math.max(...dims), s };
    }
  }
  return undefined;
}

/** Several primaries ("two separate primaries", "tumor A … tumor B") or multifocal ground-glass/lepidic tumors. */
export const SEVERAL_PRIMARIES =
  /\b(?:synchronous|separate|second|two|three|multiple|independent)\s+(?:[\w-]+\s+){0,2}?primar(?:y|ies)\b|\bmultiple primary\b|\bmultifocal\b|\bmultiple (?:[\w-]+\s+){0,2}?(?:ground[- ]glass|GGOs?|GGNs?|lepidic)\b|\btumou?r\s+[B2]\b|\b(?:ground[- ]glass|lepidic)\s+(?:[\w-]+\s+){0,2}?(?:foci|nodules|lesions|tumou?rs)\b[^.;]{0,40}\blargest\b/i;

/** "… the largest 2.5 cm", "largest measuring 2.5 cm": the largest of several tumors named in one phrase. */
function largestOfSeveral(doc: Doc): SizeAt | undefined {
  const re = new RegExp(String.raw`\blargest\b(?:\s+(?:one|focus|nodule|lesion|tumou?r))?[^.;\d]{0,25}?${DIMS}`, 'i');
  for (const s of doc.sentences) {
    const m = re.exec(s.masked);
    const dims = m ? dimensionsCm(m[1] ?? '') : [];
    if (dims.length) return { cm: Math.max(...dims), s };
  }
  return undefined;
}

/** A CAP field with the tumor after the label ("Greatest dimension of tumor: 18 mm"). */
function greatestDimension(doc: Doc): SizeAt | undefined {
  const re = new RegExp(
    String.raw`\b(?:greatest|largest|maximum|maximal)\s+(?:dimension|diameter|extent)\s+of\s+(?:the\s+)?(?:tumou?r|carcinoma|lesion|mass)\s*[:=]?\s*(?:is\s+)?${DIMS}`,
    'i'
  );
  for (const s of doc.sentences) {
    const m = re.exec(s.masked);
    const dims = m ? dimensionsCm(m[1] ?? '') : [];
    if (dims.length) return { cm: Math.max(...dims), s };
  }
  return undefined;
}

/**
 * Lengths of the tumor in forms the shared finder leaves alone: "a tumour of 45 mm", a field without the tumor noun
 * in a sentence about the tumor ("Tumour: adenocarcinoma; maximum diameter 32 mm"), and a length appended after a
 * location ("carcinoma centred on the lower lobe bronchus, 2.2 cm"). Distances and margins are never taken.
 */
function looseSize(doc: Doc): SizeAt | undefined {
  const forms = [
    String.raw`\b(?:tumou?r|carcinoma|mass|lesion|neoplasm|nodule)\s+(?:of|measuring)\s+(?:approximately\s+|about\s+)?${DIMS}`,
    String.raw`\b(?:maximum|maximal|greatest|largest)\s+(?:tumou?r\s+)?(?:diameter|dimension|extent|size)\s*[:=]?\s*(?:of\s+|is\s+)?${DIMS}`,
    String.raw`\b(?:carcinoma|tumou?r)\b[^.;:\d]{0,80}?,\s*${DIMS}`,
  ].map((f) => new RegExp(f, 'i'));
  for (const s of doc.sentences) {
    if (!LUNG_TUMOR.test(s.masked)) continue;
    for (const re of forms) {
      const m = re.exec(s.masked);
      if (!m) continue;
      const rest = s.masked.slice(m.index + m[0].length);
      if (/^\s*\)?\s*(?:from|away|to|proximal|distal|beyond|deep|of the|short)\b/i.test(rest)) continue;
      if (/\b(?:margins?|distance|nodes?|from)\b/i.test(m[0])) continue;
      const dims = dimensionsCm(m[1] ?? '');
      if (dims.length) return { cm: Math.max(...dims), s };
    }
  }
  return undefined;
}

/**
 * The total size of the tumor that sets T: the first tumor length, or with several primaries the largest one.
 * @param doc - The lung resection summary.
 * @returns Size in cm with its sentence, or undefined.
 */
export function totalSize(doc: Doc): SizeAt | undefined {
  const micro = microscopicSize(doc);
  if (micro) return micro;
  // The size of a lesion the report calls metastatic (a contralateral wedge, an organ specimen) is not the primary's.
  const sizes = [...findTumorSizes(doc.sentences, LUNG_TUMOR)]
    .filter((f) => !METASTATIC_LESION.test(f.sentence.masked))
    .map((f) => ({ cm: f.cm, s: f.sentence }));
  if (!sizes.length) {
    const nodule = findTumorSizes(doc.sentences, /\bnodules?\b/i).next().value;
    if (nodule) sizes.push({ cm: nodule.cm, s: nodule.sentence });
  }
  if (!sizes.length) {
    const field = greatestDimension(doc) ?? looseSize(doc);
    if (field) sizes.push(field);
  }
  if (!doc.sentences.some((s) => SEVERAL_PRIMARIES.test(s.masked))) return sizes[0] ?? largestOfSeveral(doc);
  const largest = largestOfSeveral(doc);
  return [...sizes, ...(largest ? [largest] : [])].reduce<SizeAt | undefined>(
    (a, b) => (a && a.cm >= b.cm ? a : b),
    undefined
  );
}

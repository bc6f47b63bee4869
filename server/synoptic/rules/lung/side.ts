// Laterality in a lung report: the side of the primary tumor and the lobes a sentence names. N (ipsilateral vs
// contralateral stations), T (same vs other ipsilateral lobe) and M (contralateral lung) are all judged against it.
import type { Doc } from '../../text/doc';

export type Side = 'R' | 'L';

/** "right upper lobe", "Lung, left, upper lobe", "lobectomy (left lower)", "RUL"; not "right lower paratracheal". */
const LOBE =
  /\b(right|left)(?:\s+|,\s*(?:lung,\s*)?)(upper|middle|lower)(?:\s+lobe(?:ctomy)?\b|(?=\s*[),;:])|\s+(?!paratracheal|cervical|extremit|quadrant|limb|leg|neck|trunk|root)(?=[a-z]))|\b(R|L)(U|M|L)L\b/g;
const LOBE_I = new RegExp(LOBE.source, 'gi');
const TUMOR = /\b(?:tumou?rs?|carcinomas?|adenocarcinomas?|neoplasms?|mass(?:es)?|primary)\b/i;
/** A lesion the sentence calls a metastasis of carcinoma, outside the lymph nodes. */
export const METASTATIC_LESION =
  /^(?![\s\S]*\b(?:lymph|nodes?|nodal|stations?|levels?)\b)[\s\S]*\bmetastatic\s+(?:[\w-]+\s+){0,2}?(?:carcinoma|adenocarcinoma)\b/i;
const PROCEDURE =
  /\b(right|left)\s+(?:upper|middle|lower|main)?\s*(?:-?\s*lobe|lobectomy|bilobectomy|pneumonectomy|lung|segmentectomy|wedge|hemithorax|thoracotomy)|\b(R|L)[UML]L\b/i;

/** The lingula is part of the left upper lobe ("lingular wedge", "lingulectomy"). */
const LINGULA = /\blingul(?:a|ar|ectomy)\b/gi;
/** "upper lobe of the left lung", "the lower lobe, right lung". */
/** Only the right lung has a middle lobe: "middle lobe" without a side is the right one. */
const MIDDLE = /(?<!\b(?:right|left)[\s,]+)\bmiddle lobe\b/gi;
const OF_LUNG = /\b(upper|middle|lower)\s+lobe(?:\s+of\s+the|,)\s+(right|left)\s+lung\b/gi;

/**
 * The lobes a text names ("right upper lobe", "right upper lobectomy", "RUL", "lingula"), in order.
 * @param text - A sentence or report.
 * @returns Lobes as "right upper", "left lower", …
 */
export function lobesIn(text: string): string[] {
  const found: { at: number; end: number; lobe: string }[] = [];
  for (const m of text.matchAll(LOBE_I)) {
    const at = m.index;
    const end = at + m[0].length;
    if (m[1]) found.push({ at, end, lobe: `${m[1].toLowerCase()} ${m[2]!.toLowerCase()}` });
    // Abbreviations are written in capitals ("RUL"); "rul" in running text is not one.
    else if (m[0] === m[0].toUpperCase()) {
      const side = m[3] === 'R' ? 'right' : 'left';
      found.push({ at, end, lobe: `${side} ${{ U: 'upper', M: 'middle', L: 'lower' }[m[4] as 'U' | 'M' | 'L']}` });
    }
  }
  for (const m of text.matchAll(OF_LUNG))
    found.push({ at: m.index, end: m.index + m[0].length, lobe: `${m[2]!.toLowerCase()} ${m[1]!.toLowerCase()}` });
  for (const m of text.matchAll(MIDDLE)) found.push({ at: m.index, end: m.index + m[0].length, lobe: 'right middle' });
  for (const m of text.matchAll(LINGULA)) found.push({ at: m.index, end: m.index + m[0].length, lobe: 'left upper' });
  found.sort((a, b) => a.at - b.at);
  return found.filter((f, i) => !found.slice(0, i).some((g) => f.at < g.end && g.at < f.end)).map((f) => f.lobe);
}

/** An anatomic resection (a wedge may sample another lobe; a lobectomy removes the primary's). */
const ANATOMIC =
  /\b(?:\w*lobectomy|pneumonectomy|segmentectomy|sleeve resection)\b|\blobe\b[^.;:]{0,30}\b(?:resection|lobectomy)\b/i;
/** Clinical history and imaging name lobes that were not resected. */
const HISTORY =
  /^\s*(?:(?:clinical\s+)?(?:history|information|hx|indication)|clinical|imaging|radiology|CT|PET(?:-CT)?|MRI)\b/i;

/** CAP field "Specimen Laterality: Right". */
const fieldSide = (text: string): string | undefined =>
  /\b(?:specimen |tumou?r )?laterality\s*:\s*(right|left)\b/i.exec(text)?.[1];

/**
 * The lobe of the primary tumor: the lobe of an anatomic resection, else the first lobe named after a tumor noun,
 * else the first lobe of the report.
 * @param doc - The report.
 * @returns The lobe, or undefined.
 */
export function primaryLobe(doc: Doc): string | undefined {
  // The lobe an anatomic resection removed ("Left upper lobectomy", "Right lung, lower lobe, lobectomy").
  for (const s of doc.sentences) {
    if (METASTATIC_LESION.test(s.masked) || HISTORY.test(s.masked) || !ANATOMIC.test(s.masked)) continue;
    const lobe = lobesIn(s.masked)[0];
    if (lobe) return lobe;
  }
  for (const s of doc.sentences) {
    // A lesion called metastatic ("Left lower lobe wedge: metastatic adenocarcinoma") is not the primary.
    if (METASTATIC_LESION.test(s.masked)) continue;
    const m = TUMOR.exec(s.masked);
    const lobe = m ? lobesIn(s.masked.slice(m.index))[0] : undefined;
    if (lobe && !/\b(?:separate|additional|satellite|second|another|contralateral)\b/i.test(s.masked)) return lobe;
  }
  // CAP fields "Specimen Laterality: Right" and "Tumor Site: Upper lobe": the site field with the side of the specimen.
  const site = /\btumou?r (?:site|location)\s*:\s*(?:(right|left)\s+)?(upper|middle|lower)\s+lobe\b/i.exec(doc.text);
  const side = site?.[1] ?? fieldSide(doc.text);
  if (site && side) return `${side.toLowerCase()} ${site[2]!.toLowerCase()}`;
  const resected = doc.sentences.filter((s) => !METASTATIC_LESION.test(s.masked));
  return lobesIn(resected.map((s) => s.masked).join('\n'))[0] ?? lobesIn(doc.text)[0];
}

/**
 * The side of the primary tumor, from its lobe or else from the procedure ("left pneumonectomy").
 * @param doc - The report.
 * @returns 'R', 'L' or undefined.
 */
export function tumorSide(doc: Doc): Side | undefined {
  const lobe = primaryLobe(doc);
  if (lobe) return lobe.startsWith('right') ? 'R' : 'L';
  const field = fieldSide(doc.text);
  if (field) return field[0]!.toUpperCase() as Side;
  const m = PROCEDURE.exec(doc.text);
  const side = (m?.[1] ?? m?.[2])?.[0]?.toUpperCase();
  return side === 'R' || side === 'L' ? side : undefined;
}

/** The other side. */
export const otherSide = (side: Side): Side => (side === 'R' ? 'L' : 'R');

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

/**
 * The lobes a text names ("right upper lobe", "right upper lobectomy", "RUL"), in order.
 * @param text - A sentence or report.
 * @returns Lobes as "right upper", "left lower", …
 */
export function lobesIn(text: string): string[] {
  return [...text.matchAll(LOBE_I)].flatMap((m) => {
    if (m[1]) return [`${m[1].toLowerCase()} ${m[2]!.toLowerCase()}`];
    // Abbreviations are written in capitals ("RUL"); "rul" in running text is not one.
    if (m[0] !== m[0].toUpperCase()) return [];
    const side = m[3] === 'R' ? 'right' : 'left';
    return [`${side} ${{ U: 'upper', M: 'middle', L: 'lower' }[m[4] as 'U' | 'M' | 'L']}`];
  });
}

/** CAP field "Specimen Laterality: Right". */
const fieldSide = (text: string): string | undefined =>
  /\b(?:specimen |tumou?r )?laterality\s*:\s*(right|left)\b/i.exec(text)?.[1];

/**
 * The lobe of the primary tumor: the first lobe named after a tumor noun, else the first lobe of the report.
 * @param doc - The report.
 * @returns The lobe, or undefined.
 */
export function primaryLobe(doc: Doc): string | undefined {
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

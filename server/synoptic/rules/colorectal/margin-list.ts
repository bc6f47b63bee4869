// Margin distances written as a list under a heading ("Margins:" / "Distance to margins (cm):" followed by
// "proximal 11", "- distal 4 cm", "Radial: 5 mm" on their own lines or after the colon): the heading says the
// numbers are margin distances, and a unit in the heading applies to numbers written without one.
import type { Doc, DocSentence } from '../../text/doc';
import { NUM, toCm, UNIT } from '../../text/measure';
import { digitize } from '../../text/numbers';

/** A heading announcing margin distances, ending with a colon, or standing alone on its line ("MARGINS (cm)"). */
const HEADING =
  /\b(?:margins?|distances?|clearances?)\b[^.;:\d]{0,60}:\s*|^\s*(?:[\w-]+\s+){0,3}(?:margins?|distances?|clearances?)\b[^.;:\d]{0,40}$/i;
/** A unit given in the heading for the whole list: "(cm)", "(in mm)". */
const HEADING_UNIT = /\(\s*(?:in\s+)?(cm|mm)\s*\)/i;
/** Side words of the three CAP margins (the heading supplies the noun "margin"). */
const SIDE = `(proximal|distal|radial|circumferential|mesenteric|mesocolic|mesorectal|CRM|ileal|colonic)`;
/** One entry: a side word, optional "margin", a separator, then a number with an optional unit or an involvement word. */
const ENTRY = new RegExp(
  String.raw`(?:^|[,;|•·]|\s-\s|\band\b)\s*[-•*·]?\s*${SIDE}(?:\s+(?:resection\s+)?margin)?\s*(?:[:=–—-]|\.{2,}|…+)?\s*(?:${NUM}\s*(?:${UNIT})?(?![\d.,]*\s*(?:x|×))|(involved|positive|at ink|transected))`,
  'gi'
);

export interface ListDistance {
  side: string;
  cm: number;
  sentence: DocSentence;
}

function entries(text: string, unit: string | undefined, s: DocSentence): ListDistance[] | undefined {
  const out: ListDistance[] = [];
  for (const m of text.matchAll(ENTRY)) {
    if (m[4]) out.push({ side: m[1]!.toLowerCase(), cm: 0, sentence: s });
    else if (m[3] ?? unit) out.push({ side: m[1]!.toLowerCase(), cm: toCm(m[2]!, m[3] ?? unit!), sentence: s });
    else return undefined;
  }
  return out;
}

/**
 * Margin distances listed under a heading, on the heading's line or on the lines that follow it.
 * @param doc - The gross description.
 * @returns Each listed side with its distance in cm (0 for an involved margin), in report order.
 */
export function listedMargins(doc: Doc): ListDistance[] {
  const out: ListDistance[] = [];
  let unit: string | undefined;
  let open = false;
  for (const s of doc.sentences) {
    const t = digitize(s.masked);
    const h = HEADING.exec(t);
    if (h) {
      unit = HEADING_UNIT.exec(h[0])?.[1];
      const rest = t.slice(h.index + h[0].length);
      // "Margins:" alone opens a list on the next lines; "Margins (cm): proximal 11, distal 4" is read at once.
      open = rest.trim() === '';
      const found = open ? [] : entries(` ${rest}`, unit, s);
      if (found) out.push(...found);
      continue;
    }
    if (!open) continue;
    const found = entries(` ${t}`, unit, s);
    // The list ends at the first line that is not an entry of it.
    if (!found?.length || !new RegExp(String.raw`^\s*[-•*·]?\s*${SIDE}`, 'i').test(t)) open = false;
    else out.push(...found);
  }
  return out;
}

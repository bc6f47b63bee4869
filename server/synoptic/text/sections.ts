// Finds the part of a pathology report a template reads: the gross description for resection templates, the whole
// text otherwise, with an issue when the report has headed sections but no gross one.

const HEADING = /^[ \t]*([A-Z][A-Za-z /&-]{2,40}?)[ \t]*:[ \t]*$|^[ \t]*([A-Z][A-Z /&-]{2,40}?)[ \t]*:/gm;
const GROSS =
  /^(?:gross(?: description| examination| findings)?|macroscopic(?: description| examination)?|specimen description)$/i;
const KNOWN =
  /^(?:gross|macroscop|microscop|final diagnosis|diagnosis|clinical|history|comment|synoptic|summary|addend|specimens? (?:received|submitted)|procedure|immunohisto|frozen section|intraoperative|note)/i;

export interface SectionPick {
  text: string;
  /** Offset of `text` in the report. */
  offset: number;
  issue?: string;
}

interface Heading {
  name: string;
  start: number;
  bodyStart: number;
}

function headings(text: string): Heading[] {
  const out: Heading[] = [];
  for (const m of text.matchAll(HEADING)) {
    const name = (m[1] ?? m[2] ?? '').trim();
    if (!KNOWN.test(name) && !GROSS.test(name)) continue;
    // "Procedure: right hemicolectomy" is a field, not a section heading, unless it stands alone on its line.
    if (m[2] && !/^[A-Z /&-]+$/.test(name)) continue;
    out.push({ name, start: m.index, bodyStart: m.index + m[0].length });
  }
  return out;
}

/**
 * The gross description of a report.
 * @param text - The report text.
 * @returns The gross section (or the whole text when the report has no section headings), with an issue when the
 * report has sections but none is a gross description.
 */
export function grossSection(text: string): SectionPick {
  const hs = headings(text);
  if (hs.length === 0) return { text, offset: 0 };
  const i = hs.findIndex((h) => GROSS.test(h.name));
  if (i < 0) {
    return {
      text: '',
      offset: 0,
      issue: `The report has sections (${hs.map((h) => h.name).join(', ')}) but no gross description: the gross items were not extracted.`,
    };
  }
  const h = hs[i]!;
  const end = hs[i + 1]?.start ?? text.length;
  return { text: text.slice(h.bodyStart, end), offset: h.bodyStart };
}

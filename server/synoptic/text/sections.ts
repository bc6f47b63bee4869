// Finds the part of a pathology report a template reads: the gross description for resection templates, the whole
// text otherwise, with an issue when the report has headed sections but no gross one.

const HEADING = /^[ \t]*([A-Z][A-Za-z /&-]{2,40}?)[ \t]*:[ \t]*$|^[ \t]*([A-Z][A-Z /&-]{2,40}?)[ \t]*:/gm;
/** Gross section headings, US and UK styles ("Gross description", "Macroscopy", "Gross pathology"). */
const GROSS =
  /^(?:gross(?: description| examination| findings| pathology| appearance)?|macroscop(?:y|ic)(?: description| examination| findings| appearance)?|specimen description)$/i;
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

/** Sections that report findings (not the clinical history, the procedure line or the list of specimens). */
const FINDINGS = /^(?:microscop|final diagnosis|diagnosis|comment|synoptic|summary|addend|note)/i;

/**
 * The findings sections of a report other than the gross description (microscopy, diagnosis, synoptic summary,
 * comment), in report order.
 * @param text - The report text.
 * @returns Each such section's heading and body; none when the report has no section headings.
 */
export function findingSections(text: string): { name: string; text: string; offset: number }[] {
  const hs = headings(text);
  return hs.flatMap((h, i) => {
    if (!FINDINGS.test(h.name) || GROSS.test(h.name)) return [];
    const end = hs[i + 1]?.start ?? text.length;
    return [{ name: h.name, text: text.slice(h.bodyStart, end), offset: h.bodyStart }];
  });
}

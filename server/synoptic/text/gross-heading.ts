// The gross description under headings the strict section finder does not take: a heading alone on its line without
// a colon ("GROSS DESCRIPTION"), one followed by a dash ("GROSS EXAMINATION - …") or by a bracketed note ("GROSS
// DESCRIPTION (Dr X): …"), the short forms "Macro:" / "Micro:", or a bare "Description:"; and where a gross
// description ends. Kept apart from sections.ts so that finder's behaviour stays as it is; used as its fallback.

const GROSS_NAME = `gross(?: description| examination| findings| pathology| appearance)?|macroscop(?:y|ic)(?: description| examination| findings| appearance)?|macro|(?:specimen )?description`;
const OTHER_NAME = String.raw`micro|histology|microscop\w*(?: description| examination| findings)?|final diagnos[ei]s|diagnos[ei]s|clinical(?: history| information| details| data)?|history|comments?|synoptic(?: report| summary)?|summary|addend\w*|conclusions?|frozen sections?|intra-?operative\w*(?: consultation)?|immunohistochemi\w*|notes?`;
/** A heading line: an optional item letter and emphasis, the name, an optional bracketed note, then ":", a dash or the
 * end of the line. */
const heading = (names: string) =>
  new RegExp(
    String.raw`^[ \t]*(?:[A-Z0-9][.)][ \t]*)?(?:\*\*|#+[ \t]*)?(?:${names})(?:[ \t]*\([^)\n]{0,40}\))?(?:\*\*)?[ \t]*(?::|[-–—](?=[ \t])|$)`,
    'gim'
  );
const GROSS = heading(GROSS_NAME);
const ANY = heading(`${GROSS_NAME}|${OTHER_NAME}`);
/** Headings of another part of the report that the strict finder also knows (so the text after them is still read as
 * a findings section); "Note:", "Summary:" or "Procedure:" inside a gross description are its own fields. */
const END_NAME = String.raw`microscop\w*(?: description| examination| findings)?|final diagnos[ei]s|diagnos[ei]s|clinical(?: history| information| details| data)?|history|comments?|synoptic(?: report| summary)?|addend\w*|frozen sections?|intra-?operative\w*(?: consultation)?|immunohistochemi\w*`;
const END = heading(END_NAME);
/** Under a loose heading the short forms end the gross description too. */
const LOOSE_END = heading(`${END_NAME}|micro|histology|conclusions?`);

/**
 * Where the gross description that starts at an offset ends: at the next heading of another part of the report.
 * @param text - The report text.
 * @param from - Where the gross description's body starts.
 * @param loose - Whether the short forms ("Micro:", "Histology:") end it as well.
 * @returns The offset of the next such heading, or the text's length.
 */
export function grossEnd(text: string, from: number, loose = false): number {
  for (const m of text.matchAll(loose ? LOOSE_END : END)) if (m.index >= from) return m.index;
  return text.length;
}

/**
 * The gross description found under a loosely written heading.
 * @param text - The report text.
 * @returns The gross section's text and offset, or undefined when no such heading is found.
 */
export function looseGrossSection(text: string): { text: string; offset: number } | undefined {
  const g = GROSS.exec(text);
  GROSS.lastIndex = 0;
  if (!g) return undefined;
  const start = g.index + g[0].length;
  const body = text.slice(start, grossEnd(text, start, true));
  return body.trim() ? { text: body, offset: start } : undefined;
}

/**
 * Whether the text has a real section heading (a known section name standing as a heading), as opposed to fields that
 * only begin with such a word ("Macroscopic tumour perforation:" on a line of its own).
 * @param text - The report text.
 * @returns True when some line is a section heading.
 */
export function hasSectionHeading(text: string): boolean {
  const found = ANY.test(text);
  ANY.lastIndex = 0;
  return found;
}

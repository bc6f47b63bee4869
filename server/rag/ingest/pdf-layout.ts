// Recovers headings and paragraphs from the positioned text lines of a PDF (font size, boldness, numbering).
import type { RawSection } from './doc-parts';

/** One visual line of a PDF page. `y` grows upwards (PDF user space); `size` is the font size in points. */
export interface PdfTextLine {
  page: number;
  y: number;
  size: number;
  bold: boolean;
  text: string;
}

/** Font size a heading must exceed, as a multiple of the body text size. */
export const HEADING_SIZE_RATIO = 1.15;
const MAX_HEADING_CHARS = 120;
const MAX_BOLD_HEADING_CHARS = 80;

/** Character-weighted median of a numeric line property: the value most of the text has. */
function weightedMedian(lines: PdfTextLine[], value: (l: PdfTextLine) => number): number {
  const sorted = [...lines].sort((a, b) => value(a) - value(b));
  const total = sorted.reduce((n, l) => n + l.text.length, 0);
  let seen = 0;
  for (const l of sorted) {
    seen += l.text.length;
    if (seen * 2 >= total) return value(l);
  }
  return 0;
}

/** Body text style: the font size and boldness carrying most characters. */
export function bodyStyle(lines: PdfTextLine[]): { size: number; bold: boolean } {
  return { size: weightedMedian(lines, (l) => l.size), bold: weightedMedian(lines, (l) => (l.bold ? 1 : 0)) === 1 };
}

/**
 * Whether a line is a heading: clearly larger than the body text; or bold (when the body is not) and short
 * without closing punctuation; or numbered like "2.1 Title" and short.
 */
export function isHeading(line: PdfTextLine, body: { size: number; bold: boolean }): boolean {
  const text = line.text;
  if (text.length > MAX_HEADING_CHARS || !/\p{L}/u.test(text)) return false;
  if (line.size >= body.size * HEADING_SIZE_RATIO) return true;
  const short = text.length <= MAX_BOLD_HEADING_CHARS && !/[.,;:]$/.test(text);
  if (short && line.bold && !body.bold) return true;
  return short && line.size >= body.size * 0.95 && /^\d+(\.\d+)+\.?\s+\p{Lu}/u.test(text);
}

const same = (a: string, b: string): boolean =>
  a.replace(/\s+/g, ' ').toLowerCase() === b.replace(/\s+/g, ' ').toLowerCase();

/**
 * Builds sections from lines in reading order. Text before the first heading is "Overview"; a heading that repeats
 * the title is not a section; wrapped heading lines (same larger size, no number) are merged; page numbers are
 * dropped; body lines join into paragraphs, split where the vertical gap exceeds 1.5 lines.
 * @param lines - The document's lines, page by page, top to bottom.
 * @param title - The document title.
 */
export function layoutSections(lines: PdfTextLine[], title: string): RawSection[] {
  const content = lines.filter((l) => l.text.trim() && !/^(page\s+)?\d{1,4}(\s+of\s+\d{1,4})?$/i.test(l.text.trim()));
  const body = bodyStyle(content);
  const sections: RawSection[] = [{ heading: 'Overview', text: '' }];
  let prev: PdfTextLine | undefined;
  let prevWasHeading = false;
  for (const line of content) {
    const current = sections[sections.length - 1] as RawSection;
    if (isHeading(line, body)) {
      const wrapped =
        prevWasHeading &&
        prev &&
        prev.page === line.page &&
        prev.size === line.size &&
        line.size > body.size &&
        prev.y - line.y <= line.size * 1.6 &&
        !/^\d/.test(line.text);
      if (wrapped) current.heading += ` ${line.text}`;
      else if (sections.length === 1 && !current.text && same(line.text, title)) {
        // The title printed on the first page is not a section.
      } else sections.push({ heading: line.text, text: '' });
      prev = line;
      prevWasHeading = true;
      continue;
    }
    if (!current.text) current.text = line.text;
    else if (prev && !prevWasHeading) {
      const newParagraph =
        prev.page !== line.page ? /[.!?:]$/.test(prev.text) : prev.y - line.y > Math.max(prev.size, line.size) * 1.5;
      // A line ending in "word-" is kept on its own line so cleaning can join the hyphenated word.
      current.text += newParagraph ? '\n\n' : /\p{L}-$/u.test(prev.text) ? '\n' : ' ';
      current.text += line.text;
    } else current.text += `\n\n${line.text}`;
    prev = line;
    prevWasHeading = false;
  }
  // A title wrapped over two heading lines only matches once merged: its text is the overview.
  const [overview, first] = sections;
  if (first && overview && !overview.text && same(first.heading, title))
    sections.splice(0, 2, { ...first, heading: 'Overview' });
  return sections;
}

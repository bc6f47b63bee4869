// Parses JSONL guideline dumps (MEDITRON style: one `{id, title, source, text}` object a line) into documents.
import type { KnowledgeDoc } from '../types';
import { contentHash, makeSections, type RawSection, safeId } from './doc-parts';

/** Words per pseudo-section when a record's text has no markdown headings. */
export const PART_WORDS = 300;

/** Splits text at `#`/`##` heading lines; text before the first heading is "Overview". Null when there are none. */
function headedSections(text: string, title: string): RawSection[] | null {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (!lines.some((l) => /^#{1,2}\s+\S/.test(l))) return null;
  const out: RawSection[] = [];
  let current: RawSection = { heading: 'Overview', text: '' };
  for (const line of lines) {
    const h = /^#{1,2}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!h?.[1]) {
      current.text += `${line}\n`;
      continue;
    }
    // A leading "# Title" only repeats the record's title: it does not open a section.
    const repeatsTitle = out.length === 0 && h[1] === title && !current.text.trim();
    if (!repeatsTitle) {
      out.push(current);
      current = { heading: h[1], text: '' };
    }
  }
  out.push(current);
  return out;
}

/** Groups paragraphs into pseudo-sections "Part 1", "Part 2"… of about `PART_WORDS` words. */
function partSections(text: string): RawSection[] {
  const out: RawSection[] = [];
  let paras: string[] = [];
  let words = 0;
  const flush = (): void => {
    if (paras.length) out.push({ heading: `Part ${out.length + 1}`, text: paras.join('\n\n') });
    paras = [];
    words = 0;
  };
  for (const para of text.split(/\n\s*\n/)) {
    const n = para.split(/\s+/).filter(Boolean).length;
    if (!n) continue;
    if (words && words + n > PART_WORDS) flush();
    paras.push(para.trim());
    words += n;
  }
  flush();
  return out;
}

function record(value: unknown, path: string, line: string): KnowledgeDoc {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error('not a JSON object');
  const o = value as Record<string, unknown>;
  const id = typeof o.id === 'number' ? String(o.id) : o.id;
  if (typeof id !== 'string' || !id.trim()) throw new Error('missing "id"');
  const text = [o.text, o.clean_text, o.raw_text].find((t): t is string => typeof t === 'string' && t.trim() !== '');
  if (!text) throw new Error(`record "${id}": missing "text" (or "clean_text"/"raw_text")`);
  const str = (k: string): string | undefined => (typeof o[k] === 'string' && (o[k] as string).trim()) || undefined;
  const firstHeading = /^#{1,2}\s+(.+)$/m.exec(text)?.[1]?.trim();
  const title = str('title') ?? firstHeading ?? id;
  const year = typeof o.year === 'number' ? o.year : Number.parseInt(str('year') ?? '', 10);
  const topics = Array.isArray(o.topics)
    ? o.topics.filter((t): t is string => typeof t === 'string')
    : (str('topics')
        ?.split(',')
        .map((t) => t.trim())
        .filter(Boolean) ?? []);
  return {
    id: safeId(id),
    title,
    source: str('source') ?? `JSONL: ${path.replace(/^.*\//, '')}`,
    year: Number.isInteger(year) ? year : undefined,
    url: str('url'),
    topics,
    format: 'jsonl',
    path,
    hash: contentHash(line),
    sections: makeSections(headedSections(text, title) ?? partSections(text)),
  };
}

/**
 * Parses a JSONL file: every line one document. Bad lines are reported and skipped; the others are kept.
 * Sections come from `#`/`##` headings inside the text, else from paragraphs grouped into ~300-word "Part n".
 * @param content - The file content.
 * @param path - The file path (relative), recorded on each document and used in messages.
 * @param report - Receives one message per rejected line ("line 3: …").
 * @returns The documents; throws when the file has no records at all.
 */
export function parseJsonl(
  content: string,
  path: string,
  report: (message: string) => void = () => {}
): KnowledgeDoc[] {
  const docs: KnowledgeDoc[] = [];
  const lines = content.replace(/^\ufeff/, '').split('\n');
  let records = 0;
  lines.forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    records++;
    try {
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (err) {
        throw new Error(`not valid JSON (${(err as Error).message})`);
      }
      const doc = record(value, path, line);
      if (!doc.sections.length) throw new Error(`record "${doc.id}": no text`);
      docs.push(doc);
    } catch (err) {
      report(`line ${i + 1}: ${(err as Error).message} — skipped`);
    }
  });
  if (!records) throw new Error(`${path}: no records (empty JSONL file)`);
  return docs;
}

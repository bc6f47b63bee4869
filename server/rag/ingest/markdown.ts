// Parses a knowledge markdown file: YAML-like front-matter (id, title, source, year, url, topics, reviewed) and `##`
// sections, and reads the provenance (source, reviewed date) of the document and of sections that state their own.
import { createHash } from 'node:crypto';
import type { DocSection, KnowledgeDoc } from '../types';

/** Slug of a heading: lowercase, runs of non-alphanumerics → '-', no leading or trailing '-'. */
export function slugify(heading: string): string {
  return heading
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function parseFrontMatter(block: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const line of block.split('\n')) {
    const m = /^([A-Za-z_]+):\s*(.*)$/.exec(line.trim());
    if (!m) continue;
    const [, key, raw] = m as unknown as [string, string, string];
    const value = raw.trim();
    out[key] =
      value.startsWith('[') && value.endsWith(']')
        ? value
            .slice(1, -1)
            .split(',')
            .map((v) => v.trim().replace(/^["']|["']$/g, ''))
            .filter(Boolean)
        : value.replace(/^["']|["']$/g, '');
  }
  return out;
}

/** A markdown file split into its front-matter, title and `##` sections (raw lines, before any cleaning). */
interface SplitDocument {
  normalised: string;
  meta: Record<string, string | string[]>;
  str: (key: string) => string | undefined;
  id: string;
  title?: string;
  sections: DocSection[];
}

function splitDocument(text: string, path: string): SplitDocument {
  const normalised = text.replace(/\r\n?/g, '\n');
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(normalised);
  const meta = fm ? parseFrontMatter(fm[1] ?? '') : {};
  const body = fm ? normalised.slice(fm[0].length) : normalised;
  const str = (k: string): string | undefined =>
    typeof meta[k] === 'string' && meta[k] ? (meta[k] as string) : undefined;
  const id = str('id') ?? path.replace(/^.*\//, '').replace(/\.md$/i, '');
  const titleLine = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  const sections: DocSection[] = [];
  const seen = new Map<string, number>();
  const push = (heading: string, lines: string[]): void => {
    const sectionText = lines.join('\n').trim();
    if (!sectionText) return;
    const base = slugify(heading) || 'section';
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    sections.push({ id: count ? `${base}-${count + 1}` : base, heading, text: sectionText });
  };
  let heading = 'Overview';
  let lines: string[] = [];
  for (const line of body.split('\n')) {
    const h2 = /^##\s+(.+?)\s*#*\s*$/.exec(line);
    if (h2?.[1]) {
      push(heading, lines);
      heading = h2[1];
      lines = [];
    } else if (!/^#\s+/.test(line)) {
      lines.push(line);
    }
  }
  push(heading, lines);
  return { normalised, meta, str, id, title: str('title') ?? titleLine, sections };
}

/**
 * Parses one markdown document. Text before the first `##` heading (after the `#` title) is kept as an "overview" section.
 * @param text - The file content.
 * @param path - The file path (relative), used for the id when the front-matter has none and in messages.
 * @returns The document; throws an Error naming the file when required front-matter is missing.
 */
export function parseMarkdown(text: string, path: string): KnowledgeDoc {
  const { normalised, meta, str, id, title, sections } = splitDocument(text, path);
  if (!title) throw new Error(`${path}: no title (front-matter "title" or a "# " heading)`);
  const year = str('year') ? Number.parseInt(str('year') ?? '', 10) : undefined;
  return {
    id,
    title,
    source: str('source') ?? 'unknown source',
    year: Number.isFinite(year) ? year : undefined,
    url: str('url'),
    topics: Array.isArray(meta.topics) ? meta.topics : [],
    format: 'md',
    path,
    hash: createHash('sha256').update(normalised).digest('hex'),
    sections,
  };
}

/** Where facts come from and when someone last checked them against that source (ISO date as written). */
export interface Provenance {
  source?: string;
  reviewed?: string;
}

/** A document's provenance (front-matter `source`, `reviewed`) and each section's own, when it states one. */
export interface DocProvenance extends Provenance {
  id: string;
  path: string;
  sections: (Provenance & { id: string; heading: string })[];
}

/**
 * A section's own provenance line: `Source: <citation>.` optionally followed by `Reviewed: YYYY-MM-DD.` on the same
 * line, or a separate `Reviewed: YYYY-MM-DD` line. The lines stay in the section text, so passages cite their source.
 */
function sectionProvenance(text: string): Provenance {
  const out: Provenance = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const source = /^Source:\s*(.+)$/.exec(line)?.[1];
    if (source && out.source === undefined) {
      const [citation, reviewed] = source.split(/\s*Reviewed:\s*/);
      out.source = citation?.replace(/[\s.;,]+$/, '') || undefined;
      if (reviewed) out.reviewed = reviewed.replace(/[\s.]+$/, '');
    }
    const reviewed = /^Reviewed:\s*(\S+?)\.?$/.exec(line)?.[1];
    if (reviewed && out.reviewed === undefined) out.reviewed = reviewed;
  }
  return out;
}

/**
 * Reads the provenance of a knowledge document: front-matter `source` and `reviewed` (YYYY-MM-DD), and per section a
 * `Source: … Reviewed: YYYY-MM-DD.` line where the section's facts come from another source than the document's.
 * @param text - The file content.
 * @param path - The file path (relative).
 * @returns The document's and each section's provenance as written (dates are not validated here).
 */
export function parseProvenance(text: string, path: string): DocProvenance {
  const { str, id, sections } = splitDocument(text, path);
  return {
    id,
    path,
    source: str('source'),
    reviewed: str('reviewed'),
    sections: sections.map((s) => ({ id: s.id, heading: s.heading, ...sectionProvenance(s.text) })),
  };
}

// Parses a knowledge markdown file: YAML-like front-matter (id, title, source, year, url, topics) and `##` sections.
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

/**
 * Parses one markdown document. Text before the first `##` heading (after the `#` title) is kept as an "overview" section.
 * @param text - The file content.
 * @param path - The file path (relative), used for the id when the front-matter has none and in messages.
 * @returns The document; throws an Error naming the file when required front-matter is missing.
 */
export function parseMarkdown(text: string, path: string): KnowledgeDoc {
  const normalised = text.replace(/\r\n?/g, '\n');
  const fm = /^---\n([\s\S]*?)\n---\n?/.exec(normalised);
  const meta = fm ? parseFrontMatter(fm[1] ?? '') : {};
  const body = fm ? normalised.slice(fm[0].length) : normalised;
  const str = (k: string): string | undefined =>
    typeof meta[k] === 'string' && meta[k] ? (meta[k] as string) : undefined;
  const id = str('id') ?? path.replace(/^.*\//, '').replace(/\.md$/i, '');
  const titleLine = /^#\s+(.+)$/m.exec(body)?.[1]?.trim();
  const title = str('title') ?? titleLine;
  if (!title) throw new Error(`${path}: no title (front-matter "title" or a "# " heading)`);
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

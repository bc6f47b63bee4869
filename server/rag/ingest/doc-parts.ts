// Pieces shared by the JSONL, PDF and TEI parsers: sidecar metadata, unique section ids, content hashes, ids from file names.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { DocSection } from '../types';
import { slugify } from './markdown';

/** Metadata a `<file>.meta.json` sidecar may give a PDF or TEI file (its own metadata is often missing or wrong). */
export const docMetaSchema = z
  .object({
    id: z
      .string()
      .regex(/^[^\s#@]+$/, 'no spaces, "#" or "@"')
      .optional(),
    title: z.string().min(1).optional(),
    source: z.string().min(1).optional(),
    year: z.number().int().min(1800).max(2200).optional(),
    url: z.string().optional(),
    topics: z.array(z.string()).optional(),
  })
  .strict();

export type DocMeta = z.infer<typeof docMetaSchema>;

/** A heading and its text before ids are assigned. */
export interface RawSection {
  heading: string;
  text: string;
}

/**
 * Gives sections unique slug ids (a repeated heading gets "-2", "-3"…) and drops sections without text.
 * @param raw - Sections in document order.
 */
export function makeSections(raw: RawSection[]): DocSection[] {
  const seen = new Map<string, number>();
  const out: DocSection[] = [];
  for (const { heading, text } of raw) {
    const body = text.trim();
    if (!body) continue;
    const base = slugify(heading) || 'section';
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    out.push({ id: count > 1 ? `${base}-${count}` : base, heading: heading.trim(), text: body });
  }
  return out;
}

/** sha256 (hex) over the given parts, in order. */
export function contentHash(...parts: (string | Uint8Array)[]): string {
  const h = createHash('sha256');
  for (const part of parts) h.update(part);
  return h.digest('hex');
}

/** File name without folders and without the given extension(s), e.g. `a/b/paper.tei.xml` → `paper`. */
export function fileStem(path: string, ext: RegExp): string {
  return path.replace(/^.*[\\/]/, '').replace(ext, '');
}

/** A document id from a file name: its slug, or "doc" when nothing is left. */
export function idFromPath(path: string, ext: RegExp): string {
  return slugify(fileStem(path, ext)) || 'doc';
}

/** Makes any external id safe inside chunk ids (`${docId}#${sectionId}@…`): whitespace, "#" and "@" become "-". */
export function safeId(id: string): string {
  return id.trim().replace(/[\s#@]+/g, '-');
}

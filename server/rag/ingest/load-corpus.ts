// Walks a knowledge folder and parses every markdown, JSONL, PDF and TEI file into cleaned documents, one bad file never stopping the rest.
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { basename, join, relative, sep } from 'node:path';
import type { KnowledgeDoc } from '../types';
import { clean } from './clean';
import { type DocMeta, docMetaSchema } from './doc-parts';
import { parseJsonl } from './jsonl';
import { parseMarkdown } from './markdown';
import { parsePdf } from './pdf';
import { parseTei } from './tei';

/** A file (or one of its lines) that could not be ingested, and why. */
export interface IngestProblem {
  path: string;
  message: string;
}

/** Folders never ingested: evaluation sets (questions and answers must not leak into the index). */
const SKIP_DIRS = new Set(['eval', 'node_modules']);

/** Files to ingest, sorted by relative path so every run sees the same order. */
async function listFiles(root: string, dir = root): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) out.push(...(await listFiles(root, full)));
    } else if (entry.isFile() && kindOf(entry.name)) {
      out.push(relative(root, full).split(sep).join('/'));
    }
  }
  return out;
}

function kindOf(name: string): 'md' | 'jsonl' | 'pdf' | 'tei' | undefined {
  const lower = name.toLowerCase();
  if (lower.endsWith('.md')) return /^(readme|changelog|license)\.md$/.test(lower) ? undefined : 'md';
  if (lower.endsWith('.jsonl')) return 'jsonl';
  if (lower.endsWith('.pdf')) return 'pdf';
  if (lower.endsWith('.xml')) return 'tei';
  return undefined;
}

/** Reads `<file>.meta.json` (or `<stem>.meta.json`) beside a PDF/TEI file; throws naming the sidecar when invalid. */
async function sidecar(full: string): Promise<DocMeta> {
  const candidates = [`${full}.meta.json`, full.replace(/(\.tei)?\.(xml|pdf)$/i, '.meta.json')];
  const file = candidates.find((c) => existsSync(c));
  if (!file) return {};
  const name = file.replace(/^.*[\\/]/, '');
  let json: unknown;
  try {
    json = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new Error(`sidecar ${name} is not valid JSON (${(err as Error).message})`);
  }
  const parsed = docMetaSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
    throw new Error(`sidecar ${name} is invalid (${issues})`);
  }
  return parsed.data;
}

async function parseFile(root: string, rel: string, report: (message: string) => void): Promise<KnowledgeDoc[]> {
  const full = join(root, rel);
  switch (kindOf(rel)) {
    case 'md':
      return [parseMarkdown(await readFile(full, 'utf8'), rel)];
    case 'jsonl':
      return parseJsonl(await readFile(full, 'utf8'), rel, report);
    case 'pdf':
      return [await parsePdf(new Uint8Array(await readFile(full)), rel, await sidecar(full))];
    case 'tei':
      return [parseTei(await readFile(full, 'utf8'), rel, await sidecar(full))];
    default:
      return [];
  }
}

/** Applies `clean` to title, headings and section text; sections left empty are dropped. */
function cleanDoc(doc: KnowledgeDoc): KnowledgeDoc {
  const sections = doc.sections
    .map((s) => ({ ...s, heading: clean(s.heading), text: clean(s.text) }))
    .filter((s) => s.text !== '');
  return { ...doc, title: clean(doc.title), sections };
}

/**
 * Loads every knowledge document under a folder (recursively; `eval/` folders and dotfiles skipped) by extension:
 * `.md`, `.jsonl`, `.pdf`, `.xml`/`.tei.xml` (GROBID TEI). Never throws for one bad file or line: it becomes a
 * problem with a clear message and the rest is ingested. A second document with an id already seen is skipped.
 * @param dir - The knowledge folder.
 */
export async function loadCorpus(dir: string): Promise<{ docs: KnowledgeDoc[]; problems: IngestProblem[] }> {
  const docs: KnowledgeDoc[] = [];
  const problems: IngestProblem[] = [];
  const seen = new Map<string, string>();
  // fs errors name the absolute path; messages here reach the API and the report, so they name the folder only.
  const files = await listFiles(dir).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot read knowledge folder ${basename(dir)}: ${err.code ?? err.message}`);
  });
  for (const rel of files) {
    let parsed: KnowledgeDoc[];
    try {
      parsed = await parseFile(dir, rel, (message) => problems.push({ path: rel, message }));
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const message = code ? `cannot read the file (${code})` : (err as Error).message.replace(`${rel}: `, '');
      problems.push({ path: rel, message: `${message} — file skipped` });
      continue;
    }
    for (const raw of parsed) {
      const doc = cleanDoc(raw);
      const first = seen.get(doc.id);
      if (first !== undefined) {
        problems.push({
          path: rel,
          message: `duplicate document id "${doc.id}" (already loaded from ${first}) — skipped`,
        });
      } else if (!doc.sections.length) {
        problems.push({ path: rel, message: `document "${doc.id}" has no text after cleaning — skipped` });
      } else {
        seen.set(doc.id, rel);
        docs.push(doc);
      }
    }
  }
  return { docs, problems };
}

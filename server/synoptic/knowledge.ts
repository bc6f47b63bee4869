// The knowledge units (markdown sections of knowledge/) each template item names, and a paragraph-level pick of them
// under a token budget, so a prompt carries what the item needs rather than whole documents.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseMarkdown } from '../rag/ingest/markdown';
import type { KnowledgeDoc } from '../rag/types';

export const KNOWLEDGE_DIR = resolve(import.meta.dirname, '../../knowledge');

export interface KnowledgeUnit {
  /** `docId#sectionId` */
  ref: string;
  title: string;
  heading: string;
  text: string;
}

const docs = new Map<string, KnowledgeDoc | null>();

function loadDoc(dir: string, docId: string): KnowledgeDoc | null {
  const key = `${dir}\u0000${docId}`;
  if (!docs.has(key)) {
    try {
      docs.set(key, parseMarkdown(readFileSync(resolve(dir, `${docId}.md`), 'utf8'), `${docId}.md`));
    } catch {
      docs.set(key, null);
    }
  }
  return docs.get(key) ?? null;
}

/**
 * Resolves section references to their text.
 * @param refs - `docId#sectionId` references.
 * @param dir - The knowledge folder (default: the repository's).
 * @returns The units found, with the references that were not found listed apart.
 */
export function knowledgeUnits(
  refs: string[],
  dir: string = KNOWLEDGE_DIR
): { units: KnowledgeUnit[]; missing: string[] } {
  const units: KnowledgeUnit[] = [];
  const missing: string[] = [];
  for (const ref of refs) {
    const [docId = '', sectionId = ''] = ref.split('#');
    const doc = loadDoc(dir, docId);
    const section = doc?.sections.find((s) => s.id === sectionId);
    if (!doc || !section) missing.push(ref);
    else units.push({ ref, title: doc.title, heading: section.heading, text: section.text });
  }
  return { units, missing };
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().match(/[a-z0-9]{3,}/g) ?? []);

/**
 * The paragraphs (or list items) of the units that best match a query, within a character budget.
 * @param units - Knowledge units.
 * @param query - What the item and its violations are about.
 * @param budgetChars - Most characters to keep (about 4 characters a token).
 * @returns Units trimmed to their best paragraphs, in their original order.
 */
export function pickParagraphs(units: KnowledgeUnit[], query: string, budgetChars: number): KnowledgeUnit[] {
  const q = words(query);
  const scored = units.flatMap((u, ui) =>
    u.text
      .split(/\n(?=\s*[-*] |\s*\n|\*\*)/)
      .map((p) => p.trim())
      .filter(Boolean)
      .map((p, pi) => {
        const w = words(p);
        let hits = 0;
        for (const x of w) if (q.has(x)) hits++;
        return { ui, pi, p, score: hits / Math.sqrt(w.size + 1) };
      })
  );
  const chosen: typeof scored = [];
  let used = 0;
  for (const s of [...scored].sort((a, b) => b.score - a.score)) {
    if (s.score <= 0 || used + s.p.length > budgetChars) continue;
    chosen.push(s);
    used += s.p.length;
  }
  return units.flatMap((u, ui) => {
    const parts = chosen.filter((c) => c.ui === ui).sort((a, b) => a.pi - b.pi);
    return parts.length ? [{ ...u, text: parts.map((c) => c.p).join('\n') }] : [];
  });
}

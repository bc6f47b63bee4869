// The knowledge audit: which documents and sections lack a source or a review date, or were last reviewed too long ago.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { type DocProvenance, parseProvenance } from '../rag/ingest/markdown';

export type AuditProblem = 'no-source' | 'no-reviewed' | 'stale' | 'bad-date';

/** One thing to fix: a whole document (no `section`) or one section that states its own provenance. */
export interface AuditFinding {
  /** File path relative to the knowledge folder. */
  path: string;
  doc: string;
  section?: string;
  problem: AuditProblem;
  /** The review date as written, when there is one. */
  reviewed?: string;
  ageDays?: number;
  /** For a document-level finding: the sections it applies to (those without their own source or date). */
  sections?: string[];
  /** What is wrong, in words. */
  detail: string;
}

export interface AuditReport {
  dir: string;
  today: string;
  maxAgeDays: number;
  documents: number;
  sections: number;
  /** Sections with a valid review date within the limit (their own or the document's). */
  currentSections: number;
  findings: AuditFinding[];
  /** Ingestible files the audit cannot read provenance from (JSONL, PDF, TEI): their metadata lives elsewhere. */
  skipped: string[];
}

export interface AuditOptions {
  maxAgeDays: number;
  now: Date;
}

const DAY_MS = 86_400_000;
const SKIP_DIRS = new Set(['eval', 'node_modules']);

/** Reviewed-date problems of one date, or the age in days when it is fine. */
function checkDate(reviewed: string | undefined, opts: AuditOptions): { problem?: AuditProblem; ageDays?: number } {
  if (reviewed === undefined) return { problem: 'no-reviewed' };
  const time = /^\d{4}-\d{2}-\d{2}$/.test(reviewed) ? Date.parse(`${reviewed}T00:00:00Z`) : Number.NaN;
  if (!Number.isFinite(time) || new Date(time).toISOString().slice(0, 10) !== reviewed) return { problem: 'bad-date' };
  const today = Date.parse(`${opts.now.toISOString().slice(0, 10)}T00:00:00Z`);
  const ageDays = Math.round((today - time) / DAY_MS);
  if (ageDays < 0) return { problem: 'bad-date', ageDays };
  return ageDays > opts.maxAgeDays ? { problem: 'stale', ageDays } : { ageDays };
}

function describe(
  problem: AuditProblem,
  reviewed: string | undefined,
  ageDays: number | undefined,
  max: number
): string {
  if (problem === 'no-source') return 'no source';
  if (problem === 'no-reviewed') return 'no reviewed date';
  if (problem === 'stale') return `reviewed ${reviewed}, ${ageDays} days ago (more than ${max})`;
  return `reviewed date "${reviewed}" is not a past YYYY-MM-DD date`;
}

/**
 * Audits one document: each section's effective source and review date (its own, else the document's).
 * Problems inherited from the front-matter are reported once for the document, with the sections they apply to.
 * @param doc - The document's provenance.
 * @param opts - Age limit and today's date.
 * @returns The findings (empty when every section has a source and a current review).
 */
export function auditDocument(doc: DocProvenance, opts: AuditOptions): AuditFinding[] {
  const docDate = checkDate(doc.reviewed, opts);
  const noSource = doc.source ? [] : doc.sections.filter((s) => !s.source).map((s) => s.id);
  const inheritDate = docDate.problem ? doc.sections.filter((s) => s.reviewed === undefined).map((s) => s.id) : [];
  const applies = (ids: string[]) => ids.length > 0 || doc.sections.length === 0;
  const whole = (problem: AuditProblem, ids: string[], detail: string): AuditFinding => ({
    path: doc.path,
    doc: doc.id,
    problem,
    ...(problem !== 'no-source' && doc.reviewed ? { reviewed: doc.reviewed } : {}),
    ...(problem !== 'no-source' && docDate.ageDays !== undefined ? { ageDays: docDate.ageDays } : {}),
    sections: ids,
    detail:
      ids.length > 0 && ids.length < doc.sections.length
        ? `${detail} (${ids.length} of ${doc.sections.length} sections)`
        : detail,
  });
  const findings: AuditFinding[] = [];
  if (!doc.source && applies(noSource)) findings.push(whole('no-source', noSource, 'no source'));
  // An impossible front-matter date is a mistake in the file even when every section states its own date.
  if (docDate.problem && (applies(inheritDate) || docDate.problem === 'bad-date')) {
    const detail = describe(docDate.problem, doc.reviewed, docDate.ageDays, opts.maxAgeDays);
    findings.push(whole(docDate.problem, inheritDate, detail));
  }
  for (const s of doc.sections) {
    const own = s.reviewed === undefined ? undefined : checkDate(s.reviewed, opts);
    if (!own?.problem) continue;
    findings.push({
      path: doc.path,
      doc: doc.id,
      section: s.id,
      problem: own.problem,
      reviewed: s.reviewed,
      ...(own.ageDays === undefined ? {} : { ageDays: own.ageDays }),
      detail: describe(own.problem, s.reviewed, own.ageDays, opts.maxAgeDays),
    });
  }
  return findings;
}

/** Markdown documents and other ingestible files under the folder, in a stable order (eval sets left out). */
async function listFiles(root: string, dir = root): Promise<{ md: string[]; other: string[] }> {
  const out = { md: [] as string[], other: [] as string[] };
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = join(dir, entry.name);
    const rel = relative(root, full).split(sep).join('/');
    if (entry.isDirectory()) {
      if (SKIP_DIRS.has(entry.name)) continue;
      const sub = await listFiles(root, full);
      out.md.push(...sub.md);
      out.other.push(...sub.other);
    } else if (/\.md$/i.test(entry.name) && !/^(readme|changelog|license)\.md$/i.test(entry.name)) out.md.push(rel);
    else if (/\.(jsonl|pdf|xml)$/i.test(entry.name)) out.other.push(rel);
  }
  return out;
}

/**
 * Audits every markdown document in a knowledge folder.
 * @param dir - The folder (absolute).
 * @param opts - Age limit in days and today's date.
 * @returns Counts, findings in file order, and the files whose provenance the audit cannot read.
 */
export async function auditKnowledge(dir: string, opts: AuditOptions): Promise<AuditReport> {
  const files = await listFiles(dir);
  const findings: AuditFinding[] = [];
  let sections = 0;
  let current = 0;
  for (const rel of files.md) {
    const doc = parseProvenance(await readFile(join(dir, rel), 'utf8'), rel);
    sections += doc.sections.length;
    current += doc.sections.filter((s) => {
      const reviewed = s.reviewed ?? doc.reviewed;
      return (s.source ?? doc.source) && !checkDate(reviewed, opts).problem;
    }).length;
    findings.push(...auditDocument(doc, opts));
  }
  return {
    dir,
    today: opts.now.toISOString().slice(0, 10),
    maxAgeDays: opts.maxAgeDays,
    documents: files.md.length,
    sections,
    currentSections: current,
    findings,
    skipped: files.other,
  };
}

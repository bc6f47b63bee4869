// `oncoagent knowledge audit`: prints what in the knowledge base lacks a source or a current review; exit 1 if anything.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadConfig, type OncoConfig } from '../config';
import { CliError } from './cli-error';
import { type AuditReport, auditKnowledge } from './knowledge-audit';

export interface AuditFlags {
  json?: boolean;
  /** Oldest acceptable review, in days (default 365). */
  maxAgeDays?: string | number;
}

const out = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

function parseMaxAge(v: string | number | undefined): number {
  const n = v === undefined ? 365 : Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 36_500) {
    throw new CliError(`--max-age-days must be a whole number from 1 to 36500, got "${v}"`);
  }
  return n;
}

function describeReport(r: AuditReport): string {
  const lines = [
    `Knowledge audit of ${r.dir}: ${r.documents} documents, ${r.sections} sections, ` +
      `${r.currentSections} with a source and a review within ${r.maxAgeDays} days (today ${r.today})`,
  ];
  for (const f of r.findings) lines.push(`  ${f.path}${f.section ? `#${f.section}` : ''}: ${f.detail}`);
  for (const s of r.skipped) lines.push(`  not audited (provenance lives in the file or its sidecar): ${s}`);
  lines.push(
    r.findings.length
      ? `${r.findings.length} to review.`
      : `Clean: every section has a source and a review within ${r.maxAgeDays} days.`
  );
  return lines.join('\n');
}

/**
 * Audits the knowledge folder and prints the findings; rejects with a CliError (exit 1) when anything is listed.
 * @param dir - The folder (default: the configured knowledge folder, ONCOAGENT_KNOWLEDGE_DIR or knowledge/).
 * @param flags - --json, --max-age-days.
 * @param config - The configuration (default: loaded from the environment now).
 * @param now - Today (tests pass a fixed date).
 */
export async function knowledgeAuditCommand(
  dir: string | undefined,
  flags: AuditFlags,
  config: OncoConfig = loadConfig(),
  now: Date = new Date()
): Promise<void> {
  const maxAgeDays = parseMaxAge(flags.maxAgeDays);
  const folder = resolve(dir ?? config.rag.knowledgeDir);
  if (!existsSync(folder)) throw new CliError(`No such folder: ${folder}`);
  const report = await auditKnowledge(folder, { maxAgeDays, now });
  out(flags.json ? JSON.stringify(report, null, 2) : describeReport(report));
  if (report.findings.length) {
    throw new CliError(`knowledge audit: ${report.findings.length} documents or sections need a source or a review`);
  }
}

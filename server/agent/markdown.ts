// The workup report as Markdown for the terminal and files: answer, findings it does not state, evidence, tool calls,
// problems.
import type { Finding, WorkupResult } from '../../common/contracts';

const HEADINGS: [Finding['kind'], string][] = [
  ['conflict', 'Conflicts to resolve'],
  ['response', 'Imaging and response'],
  ['biomarker', 'Biomarkers'],
  ['alteration', 'Alterations'],
  ['therapy', 'Matched therapies'],
  ['score', 'Scores'],
  ['stage', 'Stage'],
];

/** Text as the answer writes a statement (brackets as parentheses, no emphasis marks, single spaces). */
const flat = (text: string): string =>
  text.replace(/\[/g, '(').replace(/\]/g, ')').replace(/[*`]/g, '').replace(/\s+/g, ' ').trim();
const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').slice(0, 160);

/**
 * Renders a workup result.
 * @param r - The result.
 * @returns Markdown.
 */
export function workupMarkdown(r: WorkupResult): string {
  const ok = r.toolCalls.filter((c) => c.status === 'ok').length;
  const seconds = ((r.timings.totalMs ?? 0) / 1000).toFixed(1);
  const out: string[] = [
    `# Tumour-board workup: ${r.patient.name}`,
    '',
    `Question: ${r.question || '(none: general workup)'}`,
    `Mode: ${r.mode} · ${r.toolCalls.length} tool calls (${ok} ok) · ${seconds} s · run ${r.id}`,
    '',
  ];
  // The answer first; a finding it already states (the extractive report lists them) is not repeated below it.
  out.push('## Answer', '', r.answer.markdown || '(no answer)', '');
  const stated = flat(r.answer.markdown);
  for (const [kind, heading] of HEADINGS) {
    const group = r.findings.filter((f) => f.kind === kind && !stated.includes(flat(f.text)));
    if (!group.length) continue;
    out.push(`## ${heading}`, '', ...group.map((f) => `- ${f.text} (${f.sources.join(', ')})`), '');
  }
  if (r.evidence.length) {
    out.push('## Sources', '');
    for (const e of r.evidence) {
      out.push(`[${e.n}] ${e.title} — ${e.section}${e.source ? ` (${e.source}${e.year ? `, ${e.year}` : ''})` : ''}`);
    }
    out.push('');
  }
  if (r.suggestions.length) out.push('## Suggestions', '', ...r.suggestions.map((s) => `- ${s}`), '');
  if (r.toolCalls.length) {
    out.push('## Tool calls', '', '| id | tool | status | ms | note |', '|---|---|---|---|---|');
    for (const c of r.toolCalls) {
      out.push(`| ${c.id} | ${c.tool} | ${c.status} | ${c.ms} | ${cell(c.message ?? c.warnings?.join('; ') ?? '')} |`);
    }
    out.push('');
  }
  if (r.problems?.length) out.push('## Not complete', '', ...r.problems.map((p) => `- ${p.code}: ${p.message}`), '');
  return `${out.join('\n').trimEnd()}\n`;
}

// Readable text of a synoptic result and of evaluation figures, for the terminal (JSON is for --json).

import type { SynopticResult } from '../../common/contracts';
import type { EvalFigures } from '../synoptic/eval/evaluate';
import type { Template } from '../synoptic/template';

const quote = (s: string) => (s.length > 160 ? `"${s.slice(0, 157)}…"` : `"${s}"`);

/**
 * A synoptic result as text: one line per item with its evidence, then violations, uncertain items and issues.
 * @param template - The template.
 * @param result - The result.
 * @returns Lines of text.
 */
export function formatResult(template: Template, result: SynopticResult): string {
  const lines = [
    `${template.title} (${template.id}) — ${result.mode === 'llm' ? `${result.model}, ${result.strategy} reflection, ${result.rounds.length} round(s), ${result.stop}` : 'offline rules'}`,
  ];
  for (const item of template.items) {
    const a = result.answers[item.linkId];
    const value =
      a?.value === null || a?.value === undefined
        ? '— (not answered)'
        : `${a.value}${item.unit ? ` ${item.unit}` : ''}`;
    lines.push(`  ${item.text}: ${value}`);
    for (const e of a?.evidence ?? []) lines.push(`      evidence: ${quote(e)}`);
    if (a?.value === null && a.explanation) lines.push(`      why: ${a.explanation}`);
  }
  for (const v of result.violations) lines.push(`  ! ${v.rule}: ${v.message}`);
  for (const u of result.uncertain)
    lines.push(`  ? ${u.linkId} uncertain: ${u.values.map((v) => String(v)).join(' / ')}`);
  for (const i of result.issues) lines.push(`  issue: ${i}`);
  if (result.usage.llmCalls)
    lines.push(
      `  tokens: ${result.usage.promptTokens} prompt, ${result.usage.completionTokens} completion, ${result.usage.llmCalls} calls`
    );
  lines.push('  Preliminary: for a pathologist to review and approve.');
  return lines.join('\n');
}

/**
 * Evaluation figures as a table.
 * @param f - The figures.
 * @returns Lines of text.
 */
export function formatEval(f: EvalFigures): string {
  const lines = [`Synoptic evaluation (${f.mode}${f.strategy ? `, ${f.strategy}, ${f.model}` : ''})`];
  for (const [id, t] of Object.entries(f.templates)) {
    if (!t) continue;
    lines.push(`${id}: ${t.cases} cases, mean accuracy ${t.meanAccuracy}, mean macro-F1 ${t.meanMacroF1}`);
    for (const [item, s] of Object.entries(t.variables))
      lines.push(
        `  ${item.padEnd(20)} accuracy ${s.accuracy.toFixed(3)}  macro-F1 ${s.macroF1.toFixed(3)}  (${s.correct}/${s.n})`
      );
    if (t.notScored) lines.push(`  not scored (not items of the form): ${t.notScored.join(', ')}`);
  }
  if (f.lung)
    lines.push(
      `lung stage group accuracy ${f.lung.stageGroupAccuracy}; correct when pT/pN/pM right: ${f.lung.stageCorrectWhenTnmRight}`
    );
  for (const r of f.perRound ?? [])
    lines.push(
      `  round ${r.round}: accuracy ${r.accuracy}, items changed ${r.itemsChanged}, prompt tokens ${r.promptTokens}, calls ${r.llmCalls}`
    );
  if (f.promptTokensPerCase !== undefined) lines.push(`prompt tokens per case: ${f.promptTokensPerCase}`);
  for (const e of f.errors.slice(0, 40))
    lines.push(`  miss ${e.case} ${e.item}: want ${JSON.stringify(e.want)}, got ${JSON.stringify(e.got)}`);
  return lines.join('\n');
}

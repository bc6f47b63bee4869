// Follow-up questions in the CLI: checked before anything starts, asked in order after a workup (each on the result
// before it, so later ones keep earlier answers as context), each printed after the one before as Markdown or JSON.
import { type EventSink, FollowUpRequest, type FollowUpResult, type WorkupResult } from '../../common/contracts';
import type { WorkupDeps } from '../agent/deps';
import { runFollowUp } from '../agent/follow-up';
import type { FhirClient } from '../fhir/fhir-client';
import { CliError } from './cli-error';

/**
 * Checks follow-up questions as the API does (trimmed, 1–2000 characters).
 * @param questions - The questions as given.
 * @returns The trimmed questions; throws a CliError naming the bad one.
 */
export function checkFollowUpQuestions(questions: readonly string[]): string[] {
  return questions.map((q, i) => {
    const parsed = FollowUpRequest.safeParse({ question: q });
    if (!parsed.success) throw new CliError(`Follow-up question ${i + 1}: ${parsed.error.issues[0]?.message}`);
    return parsed.data.question;
  });
}

/**
 * A follow-up's answer as Markdown: the question, its answer, its sources and the calls it ran.
 * @param r - The follow-up result.
 * @returns Markdown.
 */
export function followUpMarkdown(r: FollowUpResult): string {
  const ran = r.toolCalls.filter((c) => r.ranCallIds.includes(c.id));
  const out = [
    `## Follow-up: ${r.question}`,
    '',
    `Mode: ${r.mode} · ${ran.length} new tool call${ran.length === 1 ? '' : 's'} · run ${r.id} (follows ${r.parentId})`,
    '',
    r.answer.markdown || '(no answer)',
    '',
  ];
  if (r.evidence.length) {
    out.push('### Sources', '');
    for (const e of r.evidence) out.push(`[${e.n}] ${e.title} — ${e.section}${e.source ? ` (${e.source})` : ''}`);
    out.push('');
  }
  if (ran.length) {
    out.push('### Tool calls run for this follow-up', '');
    for (const c of ran)
      out.push(`- ${c.id} ${c.tool}: ${c.status}${c.message ? ` (${c.message.slice(0, 160)})` : ''}`);
    out.push('');
  }
  if (r.problems?.length) out.push('### Not complete', '', ...r.problems.map((p) => `- ${p.code}: ${p.message}`), '');
  return `${out.join('\n').trimEnd()}\n`;
}

export interface AskContext {
  deps: WorkupDeps;
  /** The FHIR client of this command (the caller's credentials). */
  fhir: FhirClient;
  /** Print JSON instead of Markdown. */
  json?: boolean;
  io: { stdout?: { write(text: string): unknown } };
  emit?: EventSink;
}

/**
 * Asks the questions in order, each on the result before it, and prints each answer once it is written.
 * @param parent - The workup (or follow-up) to continue.
 * @param questions - Checked questions.
 * @param ctx - Dependencies, FHIR client and output.
 * @returns The follow-up results, in order.
 */
export async function askFollowUps(
  parent: WorkupResult,
  questions: readonly string[],
  ctx: AskContext
): Promise<FollowUpResult[]> {
  const results: FollowUpResult[] = [];
  let last = parent;
  for (const question of questions) {
    const result = await runFollowUp({ ...ctx.deps, parent: last, fhir: ctx.fhir, question, emit: ctx.emit });
    ctx.io.stdout?.write(ctx.json ? `${JSON.stringify(result, null, 2)}\n` : `\n${followUpMarkdown(result)}`);
    results.push(result);
    last = result;
  }
  return results;
}

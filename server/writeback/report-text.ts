// What the signed report says: the findings the clinician approved (a finding about results left unticked is left
// out, or replaced by the approved results it covered), the clinician's own conclusion and comment, and the cited
// answer without the statements about results that were not approved.
import type { AnswerStatement, EvidenceItem, Finding } from '../../common/contracts';
import type { BuildContext, PlanItem } from './items';

/** What the clinician changed on the review screen. */
export interface ReportReview {
  /** The conclusion as the clinician edited it (replaces the generated one). */
  conclusion?: string;
  /** A comment added by the signing clinician. */
  comment?: string;
  /** The signer's name, for the report's attribution line. */
  signerName?: string;
}

/** The tool call an item was made from (`therapy:<call>:0` → `<call>`); synoptic items have none. */
export function callOf(item: PlanItem): string | undefined {
  return /^(?:measurement|recist|prediction|tnm|therapy):([^:]+)/.exec(item.key)?.[1];
}

interface CallItems {
  all: PlanItem[];
  chosen: PlanItem[];
}

function byCall(candidates: PlanItem[], chosen: Set<PlanItem>): Map<string, CallItems> {
  const out = new Map<string, CallItems>();
  for (const item of candidates) {
    const call = callOf(item);
    if (!call) continue;
    const group = out.get(call) ?? { all: [], chosen: [] };
    group.all.push(item);
    if (chosen.has(item)) group.chosen.push(item);
    out.set(call, group);
  }
  return out;
}

const callsCited = (citations: (string | number)[], known: Map<string, CallItems>): string[] =>
  citations
    .filter((c): c is string => typeof c === 'string' && c.startsWith('tool:'))
    .map((c) => c.slice(5))
    .filter((c) => known.has(c));

/** The calls some of whose results the clinician left unticked. */
export function partlyRejectedCalls(candidates: PlanItem[], chosen: PlanItem[]): Set<string> {
  const calls = byCall(candidates, new Set(chosen));
  return new Set([...calls].filter(([, g]) => g.chosen.length < g.all.length).map(([c]) => c));
}

/**
 * The approved findings, one line each: a finding whose results were all approved keeps its words; one whose results
 * were partly or not approved is replaced by the approved results themselves; findings about no written result stay.
 * @param findings - The workup's findings.
 * @param candidates - Every result the plan could write.
 * @param chosen - The results the clinician left ticked.
 * @returns The lines.
 */
export function approvedFindings(findings: Finding[], candidates: PlanItem[], chosen: PlanItem[]): string[] {
  const calls = byCall(candidates, new Set(chosen));
  const lines: string[] = [];
  const covered = new Set<string>();
  for (const finding of findings) {
    const cited = callsCited(finding.sources, calls);
    if (cited.length === 0) {
      lines.push(finding.text);
      continue;
    }
    if (cited.every((c) => calls.get(c)!.chosen.length === calls.get(c)!.all.length)) {
      lines.push(finding.text);
    } else {
      for (const c of cited.filter((x) => !covered.has(x))) lines.push(...calls.get(c)!.chosen.map((i) => i.text));
    }
    for (const c of cited) covered.add(c);
  }
  return [...new Set(lines)];
}

/**
 * The statements of the cited answer that may stand in the signed report: those citing a result the clinician did
 * not approve (even partly) are left out, since their wording may rest on it.
 * @param statements - The answer's statements.
 * @param rejected - Calls with unapproved results.
 * @returns The kept statements.
 */
export function keptStatements(statements: AnswerStatement[], rejected: Set<string>): AnswerStatement[] {
  return statements.filter(
    (s) => !s.citations.some((c) => typeof c === 'string' && c.startsWith('tool:') && rejected.has(c.slice(5)))
  );
}

function sources(evidence: EvidenceItem[], cited: Set<number> | undefined): string {
  const used = cited ? evidence.filter((e) => cited.has(e.n)) : evidence;
  if (used.length === 0) return '';
  const lines = used.map((e) => {
    const origin = [e.source, e.year].filter(Boolean).join(' ');
    return `${e.n}. ${e.title}${e.section ? ` — ${e.section}` : ''}${origin ? ` (${origin})` : ''}${e.url ? ` ${e.url}` : ''}`;
  });
  return `\n\n## Sources\n\n${lines.join('\n')}`;
}

/**
 * The report's markdown. With nothing rejected it is the cited answer as the workup wrote it; otherwise the approved
 * findings and the kept statements (with their numbered sources). The clinician's comment and a footer follow.
 * @param ctx - The build context.
 * @param input - Approved finding lines, rejected calls, review edits, and the footer line.
 * @returns Markdown.
 */
export function reportMarkdown(
  ctx: BuildContext,
  input: { approved: string[]; rejected: Set<string>; review: ReportReview; footer: string }
): string {
  const { workup } = ctx;
  let body: string;
  if (input.rejected.size === 0) {
    body = `${workup.answer.markdown.trim()}${sources(workup.evidence, undefined)}`;
  } else {
    const kept = keptStatements(workup.answer.statements, input.rejected);
    const cited = new Set(kept.flatMap((s) => s.citations.filter((c): c is number => typeof c === 'number')));
    const findings = input.approved.map((l) => `- ${l}`).join('\n') || '- None approved.';
    const answer = kept.length
      ? kept
          .map((s) => `${s.text}${s.citations.some((c) => typeof c === 'number') ? ` ${citeMarks(s.citations)}` : ''}`)
          .join('\n\n')
      : '';
    body =
      `## Approved findings\n\n${findings}` +
      (answer ? `\n\n## Evidence\n\n${answer}` : '') +
      '\n\n_Statements about results the signing clinician did not approve were removed._' +
      sources(workup.evidence, cited);
  }
  const comment = input.review.comment?.trim();
  return `${body}${comment ? `\n\n## Clinician's comment\n\n${comment}` : ''}\n\n${input.footer}`;
}

const citeMarks = (citations: (string | number)[]): string =>
  citations
    .filter((c): c is number => typeof c === 'number')
    .map((n) => `[${n}]`)
    .join('');

// The citation check: every citation must name an existing passage, tool call or record item, and what it names must
// support the statement — judged by a model (citation_check signature) or, without one, by a content-word heuristic.
import type { Finding } from '../../common/contracts';
import { predict } from '../llm/signature';
import type { Model } from '../llm/types';
import { contentTerms } from '../rag/lexical';
import { type Citation, type CitationContext, citationProblem, markers } from './citations';
import { compactJson } from './prompt-data';
import { type CheckItem, citationCheckSignature } from './signatures';

/** A statement being checked; `invalid` keeps citation tokens that were not in any citation form. */
export interface Draft {
  text: string;
  citations: Citation[];
  invalid: string[];
  /** Why citations were removed because their passages do not apply to this patient (llm-scope.ts). */
  offTarget?: string[];
}

export interface Verdict {
  supported: boolean;
  reason: string;
}

export interface CheckContext extends CitationContext {
  summary: string;
  findings: Finding[];
}

/** Share of a statement's content words the heuristic needs in its sources. */
export const MIN_COVERAGE = 0.6;
const MAX_SOURCE_CHARS = 1500;

/**
 * The text a citation points to, as the check reads it.
 * @param c - An existing citation.
 * @param ctx - Evidence, tool calls, record summary and findings.
 * @returns A label and the text.
 */
export function citedText(c: Citation, ctx: CheckContext): { label: string; text: string } {
  const about = (token: string) => ctx.findings.filter((f) => f.sources.includes(token)).map((f) => f.text);
  if (typeof c === 'number') {
    const e = ctx.evidence.find((x) => x.n === c);
    return { label: `[${c}] ${e?.title ?? ''} — ${e?.section ?? ''}`, text: e?.text ?? '' };
  }
  if (c.startsWith('tool:')) {
    const call = ctx.toolCalls.find((x) => x.id === c.slice(5));
    const body = call?.status === 'ok' ? compactJson(call.output) : (call?.message ?? '');
    return { label: markers([c]), text: [`${call?.tool} (${call?.status}): ${body}`, ...about(c)].join('\n') };
  }
  const ref = c.slice(7);
  const lines = ctx.summary.split('\n').filter((l) => l.includes(ref));
  return { label: markers([c]), text: [...lines, ...about(c)].join('\n') };
}

/**
 * Why a statement's citations do not stand, without judging support: forms that are no citation, sources that do not
 * exist, or no citation at all.
 * @param d - The statement.
 * @param ctx - What citations resolve against.
 * @returns The problems (empty when every citation exists).
 */
export function existenceProblems(d: Draft, ctx: CitationContext): string[] {
  const problems = d.invalid.map((t) => `"${t}" is not a citation`);
  for (const c of d.citations) {
    const p = citationProblem(c, ctx);
    if (p) problems.push(p);
  }
  // A statement left without citations once off-target passages were removed is unsupported, never re-cited.
  if (d.citations.length === 0 && d.invalid.length === 0)
    problems.push(...(d.offTarget?.length ? d.offTarget : ['it cites nothing']));
  return problems;
}

const numbersOf = (text: string): string[] => text.match(/\d+(?:\.\d+)?/g) ?? [];

/**
 * The offline support check: every number of the statement and most of its content words occur in the sources.
 * @param statement - The statement.
 * @param sources - Texts of what it cites.
 * @returns The verdict, naming what the sources lack.
 */
export function heuristicSupport(statement: string, sources: string[]): Verdict {
  const text = sources.join('\n');
  const terms = new Set(contentTerms(text));
  const numbers = new Set(numbersOf(text));
  const wanted = [...new Set(contentTerms(statement))].filter((t) => !/^\d/.test(t));
  const missingTerms = wanted.filter((t) => !terms.has(t));
  const missingNumbers = numbersOf(statement).filter((n) => !numbers.has(n));
  const coverage = wanted.length ? 1 - missingTerms.length / wanted.length : 1;
  if (missingNumbers.length === 0 && coverage >= MIN_COVERAGE) return { supported: true, reason: '' };
  const lacks = [...missingNumbers, ...missingTerms].slice(0, 6).join(', ');
  return { supported: false, reason: `the cited sources do not mention ${lacks}` };
}

/**
 * Judges support for statements whose citations all exist.
 * @param drafts - Statements with ids.
 * @param ctx - Sources.
 * @param judge - A model (one citation_check call for all) or undefined for the heuristic.
 * @param options - Signal and a usage callback.
 * @returns Verdicts by id; a statement the model gave no verdict for counts as unsupported.
 */
export async function judgeSupport(
  drafts: { id: number; draft: Draft }[],
  ctx: CheckContext,
  judge: Model | undefined,
  options: { signal?: AbortSignal } = {}
): Promise<Map<number, Verdict>> {
  const verdicts = new Map<number, Verdict>();
  if (drafts.length === 0) return verdicts;
  const items: CheckItem[] = drafts.map(({ id, draft }) => ({
    id,
    statement: draft.text,
    sources: draft.citations.map((c) => {
      const s = citedText(c, ctx);
      return { label: s.label, text: s.text.slice(0, MAX_SOURCE_CHARS) };
    }),
  }));
  if (!judge) {
    for (const i of items)
      verdicts.set(
        i.id,
        heuristicSupport(
          i.statement,
          i.sources.map((s) => s.text)
        )
      );
    return verdicts;
  }
  const { output } = await predict(judge, citationCheckSignature, { items }, { signal: options.signal });
  for (const v of output.verdicts) verdicts.set(v.id, { supported: v.supported, reason: v.reason });
  for (const i of items)
    if (!verdicts.has(i.id)) verdicts.set(i.id, { supported: false, reason: 'the citation check gave no verdict' });
  return verdicts;
}

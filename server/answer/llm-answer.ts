// The answer with a model: answer strategy → cited answer → citation check → one revision of what failed → check
// again → flag what still fails → follow-up suggestions. A strategy around signatures, not a prompt of its own.
import { ModelResponseError } from '../llm/errors';
import { predict } from '../llm/signature';
import type { Model } from '../llm/types';
import { contentTerms } from '../rag/lexical';
import { type Citation, parseCitation } from './citations';
import { type ScopedEvidence, scopeBlocks, scopeCitations } from './llm-scope';
import { type MissingItem, offlineSuggestions } from './missing';
import { missingBlock } from './offline';
import { sourceBlocks } from './prompt-data';
import type { Block } from './report';
import { citedAnswerSignature, reviseSignature, strategySignature, suggestionsSignature } from './signatures';
import { type CheckContext, type Draft, existenceProblems, judgeSupport, type Verdict } from './support';
import type { AnswerInput } from './types';

const MAX_STATEMENTS = 40;
const MAX_TEXT = 600;

export interface LlmAnswerParts {
  input: AnswerInput;
  model: Model;
  ctx: CheckContext;
  missing: MissingItem[];
  /** The patient's tumour groups (passages about other tumours are not cited for missing tests). */
  tumour: Set<string>;
  /** `heuristic`: the content-word check instead of the citation_check signature (one call less). */
  check: 'model' | 'heuristic';
  /** The offline relevance rules: which passages the model sees and may cite; absent: all passages. */
  scope?: ScopedEvidence;
  /** The decision table applied to this patient (optionLines), given to the model as structured context. */
  options?: string;
  signal?: AbortSignal;
  status: (text: string) => void;
}

function toDraft(s: { text: string; citations: string[] }, scope?: ScopedEvidence): Draft {
  const citations: Citation[] = [];
  const invalid: string[] = [];
  for (const raw of s.citations) {
    const c = parseCitation(raw);
    if (c === undefined) invalid.push(raw.slice(0, 80));
    else if (!citations.includes(c)) citations.push(c);
  }
  const text = s.text.replace(/\s+/g, ' ').trim().slice(0, MAX_TEXT);
  if (!scope) return { text, citations, invalid };
  // A passage the offline answer would not use for this patient is removed, never swapped for another.
  const { kept, removed } = scopeCitations(text, citations, scope);
  return { text, citations: kept, invalid, ...(removed.length ? { offTarget: removed } : {}) };
}

/** Existence first (no model needed), then support for the statements whose citations all exist. */
async function check(drafts: Map<number, Draft>, p: LlmAnswerParts): Promise<Map<number, Verdict>> {
  const verdicts = new Map<number, Verdict>();
  const judgeable: { id: number; draft: Draft }[] = [];
  for (const [id, draft] of drafts) {
    const problems = existenceProblems(draft, p.ctx);
    if (problems.length) verdicts.set(id, { supported: false, reason: problems.join('; ') });
    else judgeable.push({ id, draft });
  }
  const judged = await judgeSupport(judgeable, p.ctx, p.check === 'model' ? p.model : undefined, { signal: p.signal });
  for (const [id, v] of judged) verdicts.set(id, v);
  return verdicts;
}

const label = (c: Citation): string =>
  typeof c === 'number' ? String(c) : c.replace(/^tool:/, 'Tool:').replace(/^record:/, 'Record:');

/**
 * Writes, checks and revises the cited answer.
 * @param p - Input, model, citation context, missing items, check mode, signal and status sink.
 * @returns The answer blocks and follow-up suggestions; throws on a model failure (the caller falls back).
 */
export async function llmAnswer(p: LlmAnswerParts): Promise<{ blocks: Block[]; suggestions: string[] }> {
  const { input, model, signal } = p;
  const evidence = p.scope ? p.scope.applicable : p.ctx.evidence;
  const sources = [
    sourceBlocks({ ...input, summary: input.patientSummary, evidence }),
    ...(p.scope ? [scopeBlocks(p.scope, p.options ?? '')] : []),
  ].join('\n\n');
  p.status('Planning the answer');
  const plan = (await predict(model, strategySignature, { question: input.question, sources }, { signal })).output;
  p.status('Writing the cited answer');
  const written = await predict(model, citedAnswerSignature, { question: input.question, sources, plan }, { signal });
  const statements = written.output.statements.filter((s) => s.text.trim()).slice(0, MAX_STATEMENTS);
  if (statements.length === 0) throw new ModelResponseError('The cited answer had no statements');
  const drafts = new Map(statements.map((s, id) => [id + 1, toDraft(s, p.scope)]));

  p.status(`Checking the citations of ${drafts.size} statements`);
  let verdicts = await check(drafts, p);
  const failing = [...verdicts].filter(([, v]) => !v.supported).map(([id]) => id);
  if (failing.length) {
    p.status(`Revising ${failing.length} statement${failing.length > 1 ? 's' : ''} the check did not support`);
    const items = failing.map((id) => ({
      id,
      statement: drafts.get(id)!.text,
      citations: [...drafts.get(id)!.citations.map(label), ...drafts.get(id)!.invalid],
      reason: verdicts.get(id)!.reason,
    }));
    const revised = await predict(model, reviseSignature, { question: input.question, sources, items }, { signal });
    const changed = new Map<number, Draft>();
    for (const r of revised.output.revisions) {
      if (!failing.includes(r.id) || !r.text.trim()) continue;
      const d = toDraft(r, p.scope);
      // A revision left without citations keeps the reason its first citations were removed.
      const before = drafts.get(r.id)!.offTarget;
      changed.set(r.id, d.citations.length || d.offTarget || !before ? d : { ...d, offTarget: before });
    }
    for (const [id, d] of changed) drafts.set(id, d);
    verdicts = new Map([...verdicts, ...(await check(changed, p))]);
  }

  const blocks: Block[] = [{ kind: 'heading', text: 'Answer' }];
  for (const [id, d] of drafts) {
    const v = verdicts.get(id)!;
    // A citation that names nothing is never shown: the flag says what was wrong instead.
    const citations = d.citations.filter(
      (c) => existenceProblems({ ...d, citations: [c], invalid: [] }, p.ctx).length === 0
    );
    blocks.push({ kind: 'line', text: d.text, citations, supported: v.supported, flag: `not supported: ${v.reason}` });
  }
  const known = p.missing.map((m) => new Set(contentTerms(m.text)));
  const extra = plan.missing.filter((m) => {
    const terms = contentTerms(m);
    return terms.length && !known.some((k) => terms.filter((t) => k.has(t)).length / terms.length >= 0.5);
  });
  if (p.missing.length || extra.length) {
    blocks.push(
      { kind: 'heading', text: 'What is missing' },
      ...p.missing.map((m) => missingBlock(m, p.ctx.evidence, p.ctx, p.tumour)),
      ...extra.map((text): Block => ({ kind: 'line', text, citations: [], supported: true }))
    );
  }

  p.status('Suggesting next steps');
  let suggestions: string[];
  try {
    const answer = [...drafts.values()].map((d) => `- ${d.text}`).join('\n');
    const missing = [...p.missing.map((m) => m.text), ...extra];
    const args = { question: input.question, summary: input.patientSummary, answer, missing };
    const out = await predict(model, suggestionsSignature, args, { signal });
    suggestions = out.output.suggestions
      .map((s) => s.replace(/\s+/g, ' ').trim().slice(0, 300))
      .filter(Boolean)
      .slice(0, 6);
  } catch (err) {
    if (signal?.aborted) throw err;
    p.status(`The model gave no usable suggestions (${(err as Error).message}); listing the gaps instead`);
    suggestions = [];
  }
  if (suggestions.length === 0) suggestions = offlineSuggestions(input.findings, p.missing);
  return { blocks, suggestions };
}

// One report → one synoptic result: rules only (offline) or the reflective LLM loop, constraint-checked either way.

import { type Answers, NO_USAGE, type Strategy, type SynopticResult } from '../../common/contracts';
import type { Model } from '../llm/types';
import { checkConstraints } from './constraints';
import type { ReportInput } from './input';
import { reflect } from './llm/reflect';
import { extractWithRules, scopeFor } from './rules';
import type { Template } from './template';

export interface SynopticOptions {
  /** With a model: the reflective loop; without: the rules extractor. */
  model?: Model;
  strategy?: Strategy;
  /** Most rounds, the first extraction included (default 4). */
  maxRounds?: number;
  /** Earlier rounds shown to the model (default 2). */
  backview?: number;
  concurrency?: number;
  signal?: AbortSignal;
}

export const DEFAULTS = { strategy: 'targeted' as Strategy, maxRounds: 4, backview: 2 };

function emptyAnswers(template: Template, reason: string): Answers {
  return Object.fromEntries(
    template.items.map((i) => [i.linkId, { value: null, evidence: [], explanation: reason, method: 'rules' as const }])
  );
}

function base(
  template: Template,
  input: ReportInput
): Omit<SynopticResult, 'answers' | 'violations' | 'issues' | 'mode' | 'stop'> {
  return {
    template: template.id,
    reportKey: input.key,
    ...(input.ref ? { reportRef: input.ref } : {}),
    ...(input.subject ? { subject: input.subject } : {}),
    uncertain: [],
    rounds: [],
    usage: { ...NO_USAGE },
  };
}

/**
 * Extracts a template offline (synchronous and fast: the batch path).
 * @param template - The template.
 * @param input - The report.
 * @returns The result; input problems become issues with every item unanswered.
 */
export function extractOffline(template: Template, input: ReportInput): SynopticResult {
  if (input.issue || !input.text.trim()) {
    const issue = input.issue ?? 'The report text is empty.';
    return {
      ...base(template, input),
      answers: emptyAnswers(template, issue),
      violations: [],
      issues: [issue],
      mode: 'offline',
      stop: 'offline',
    };
  }
  const { answers, issues } = extractWithRules(template, input.text);
  const violations = checkConstraints(template, answers, input.text);
  return { ...base(template, input), answers, violations, issues, mode: 'offline', stop: 'offline' };
}

/**
 * Extracts a template from a report, with the reflective loop when a model is given.
 * @param template - The template.
 * @param input - The report.
 * @param opts - Model and loop settings.
 * @returns The result; throws ModelUnavailableError when the model cannot be reached.
 */
export async function extractSynoptic(
  template: Template,
  input: ReportInput,
  opts: SynopticOptions = {}
): Promise<SynopticResult> {
  if (!opts.model) return extractOffline(template, input);
  const strategy = opts.strategy ?? DEFAULTS.strategy;
  const head = { ...base(template, input), mode: 'llm' as const, strategy, model: opts.model.id };
  const issue = input.issue ?? (input.text.trim() ? undefined : 'The report text is empty.');
  const scope = issue ? { text: '', fixed: {}, notes: [], fatal: issue } : scopeFor(template, input.text);
  if (scope.fatal)
    return {
      ...head,
      answers: emptyAnswers(template, scope.fatal),
      violations: [],
      issues: [scope.fatal],
      stop: 'converged',
    };
  const r = await reflect(template, scope.text, {
    model: opts.model,
    strategy,
    maxRounds: Math.max(1, opts.maxRounds ?? DEFAULTS.maxRounds),
    backview: Math.max(1, opts.backview ?? DEFAULTS.backview),
    concurrency: opts.concurrency,
    signal: opts.signal,
    fixed: scope.fixed,
    notes: scope.notes,
  });
  const usage = r.rounds.reduce(
    (u, x) => ({
      llmCalls: u.llmCalls + x.usage.llmCalls,
      promptTokens: u.promptTokens + x.usage.promptTokens,
      completionTokens: u.completionTokens + x.usage.completionTokens,
    }),
    { ...NO_USAGE }
  );
  return {
    ...head,
    answers: r.answers,
    violations: r.violations,
    uncertain: r.uncertain,
    issues: [...scope.notes, ...r.issues],
    stop: r.stop,
    rounds: r.rounds,
    usage,
  };
}

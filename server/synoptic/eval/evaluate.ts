// Runs the extractor over evaluation cases and scores it: per-variable accuracy and macro-F1, lung stage checks and,
// with a model, the per-round curve (accuracy after each round, items changed, tokens).

import type { AnswerValue, SynopticResult } from '../../../common/contracts';
import { extractSynoptic, type SynopticOptions } from '../extract';
import { textKey } from '../input';
import { loadTemplate, type TemplateId } from '../template';
import type { EvalCase } from './cases';
import { matches, mean, scoreVariable, type VariableScore } from './metrics';

export interface TemplateScore {
  cases: number;
  variables: Record<string, VariableScore>;
  meanAccuracy: number;
  meanMacroF1: number;
  /** Truth keys of the corpus that are not items of the template (reported, not scored). */
  notScored?: string[];
}

export interface RoundPoint {
  round: number;
  accuracy: number;
  itemsChanged: number;
  promptTokens: number;
  completionTokens: number;
  llmCalls: number;
}

export interface EvalFigures {
  mode: 'offline' | 'llm';
  strategy?: string;
  model?: string;
  templates: Partial<Record<TemplateId, TemplateScore>>;
  lung?: { stageGroupAccuracy: number; stageCorrectWhenTnmRight: string };
  perRound?: RoundPoint[];
  promptTokensPerCase?: number;
  errors: { case: string; item: string; want: AnswerValue; got: AnswerValue | null }[];
}

function valuesAt(r: SynopticResult, round: number): Record<string, AnswerValue | null> {
  const rec = r.rounds[Math.min(round, r.rounds.length) - 1];
  return rec ? rec.values : Object.fromEntries(Object.entries(r.answers).map(([k, a]) => [k, a.value]));
}

/**
 * Evaluates cases.
 * @param cases - The cases.
 * @param opts - Model and loop settings (offline without a model).
 * @returns The figures.
 */
export async function evaluate(cases: EvalCase[], opts: SynopticOptions = {}): Promise<EvalFigures> {
  const results: { c: EvalCase; r: SynopticResult }[] = [];
  for (const c of cases) {
    const r = await extractSynoptic(loadTemplate(c.template), { text: c.text, key: c.id || textKey(c.text) }, opts);
    results.push({ c, r });
  }
  const figures: EvalFigures = { mode: opts.model ? 'llm' : 'offline', templates: {}, errors: [] };
  if (opts.model) {
    figures.strategy = opts.strategy ?? 'targeted';
    figures.model = opts.model.id;
  }
  for (const id of [...new Set(cases.map((c) => c.template))]) {
    const mine = results.filter((x) => x.c.template === id);
    // A corpus may carry truth the template cannot answer (e.g. colorectal pT when the form has no such item): it is
    // listed as not scored instead of counting as a miss of the extractor.
    const linkIds = new Set(loadTemplate(id).items.map((i) => i.linkId));
    const truthKeys = [...new Set(mine.flatMap((x) => Object.keys(x.c.truth)))];
    const items = truthKeys.filter((k) => linkIds.has(k));
    const notScored = truthKeys.filter((k) => !linkIds.has(k));
    const variables: Record<string, VariableScore> = {};
    for (const item of items) {
      const pairs = mine
        .filter((x) => item in x.c.truth)
        .map((x) => ({ want: x.c.truth[item]!, got: x.r.answers[item]?.value ?? null }));
      variables[item] = scoreVariable(pairs);
      for (const x of mine) {
        const want = x.c.truth[item];
        const got = x.r.answers[item]?.value ?? null;
        if (want !== undefined && !matches(want, got)) figures.errors.push({ case: x.c.id, item, want, got });
      }
    }
    const scores = Object.values(variables);
    figures.templates[id] = {
      cases: mine.length,
      variables,
      meanAccuracy: mean(scores.map((s) => s.accuracy)),
      meanMacroF1: mean(scores.map((s) => s.macroF1)),
      ...(notScored.length ? { notScored } : {}),
    };
    if (id === 'ajcc8-lung-resection') {
      const tnmRight = mine.filter((x) =>
        ['pT', 'pN', 'pM'].every((k) => matches(x.c.truth[k]!, x.r.answers[k]?.value ?? null))
      );
      const stageRight = tnmRight.filter((x) =>
        matches(x.c.truth['stage-group']!, x.r.answers['stage-group']?.value ?? null)
      );
      figures.lung = {
        stageGroupAccuracy: variables['stage-group']?.accuracy ?? 0,
        stageCorrectWhenTnmRight: `${stageRight.length}/${tnmRight.length}`,
      };
    }
  }
  if (opts.model) {
    const maxRound = Math.max(1, ...results.map((x) => x.r.rounds.length));
    figures.perRound = Array.from({ length: maxRound }, (_, i) => {
      const round = i + 1;
      let right = 0;
      let total = 0;
      for (const { c, r } of results) {
        const values = valuesAt(r, round);
        for (const [k, want] of Object.entries(c.truth)) {
          total++;
          if (matches(want, values[k] ?? null)) right++;
        }
      }
      const recs = results.map((x) => x.r.rounds[i]).filter((x) => x !== undefined);
      return {
        round,
        accuracy: total ? Math.round((right / total) * 1000) / 1000 : 0,
        itemsChanged: recs.reduce((n, x) => n + x.changed.length, 0),
        promptTokens: recs.reduce((n, x) => n + x.usage.promptTokens, 0),
        completionTokens: recs.reduce((n, x) => n + x.usage.completionTokens, 0),
        llmCalls: recs.reduce((n, x) => n + x.usage.llmCalls, 0),
      };
    });
    figures.promptTokensPerCase = Math.round(
      results.reduce((n, x) => n + x.r.usage.promptTokens, 0) / Math.max(1, results.length)
    );
  }
  return figures;
}

// Deep reflective reasoning: extract every item, then re-ask with a back-view of earlier rounds until a round changes
// nothing (converged), a state repeats (oscillation) or the round limit is reached. `full` re-asks every item with all
// items' history (the reference method); `targeted` re-asks only items in violated constraints or changed last round.

import type {
  Answers,
  AnswerValue,
  RoundRecord,
  StopReason,
  Strategy,
  UncertainItem,
  Violation,
} from '../../../common/contracts';
import type { Model } from '../../llm/types';
import { UsageMeter } from '../../llm/usage';
import { checkConstraints } from '../constraints';
import { knowledgeUnits, pickParagraphs } from '../knowledge';
import type { Template, TemplateItem } from '../template';
import { askItem } from './ask';
import type { ItemPromptInput, PriorAnswer } from './signature';

export interface ReflectOptions {
  model: Model;
  strategy: Strategy;
  /** Most rounds, the first extraction included (m). */
  maxRounds: number;
  /** How many earlier rounds each prompt shows (p). */
  backview: number;
  /** Items asked at once. */
  concurrency?: number;
  signal?: AbortSignal;
  knowledgeDir?: string;
  /** Items that do not apply to this report: kept as given and never asked. */
  fixed?: Answers;
  /** What the model must know about the report before answering (a specimen the template does not cover). */
  notes?: string[];
}

export interface ReflectResult {
  answers: Answers;
  rounds: RoundRecord[];
  stop: StopReason;
  uncertain: UncertainItem[];
  violations: Violation[];
  issues: string[];
}

/** Characters of knowledge a targeted prompt carries: the paragraphs that match the item (first round) or its conflict. */
const TARGETED_BUDGET = { first: 700, reask: 1400 };

const same = (a: AnswerValue | null | undefined, b: AnswerValue | null | undefined): boolean =>
  typeof a === 'number' && typeof b === 'number' ? Math.abs(a - b) < 0.005 : (a ?? null) === (b ?? null);

const stateKey = (answers: Answers, items: TemplateItem[]): string =>
  JSON.stringify(items.map((i) => answers[i.linkId]?.value ?? null));

async function mapLimit<T, R>(list: T[], limit: number, fn: (x: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(list.length);
  let next = 0;
  const worker = async () => {
    while (next < list.length) {
      const i = next++;
      out[i] = await fn(list[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, list.length) }, worker));
  return out;
}

const prior = (linkId: string, answers: Answers): PriorAnswer => ({
  linkId,
  value: answers[linkId]?.value ?? null,
  evidence: answers[linkId]?.evidence,
  explanation: answers[linkId]?.explanation,
});

/**
 * Runs the reflective loop on one report.
 * @param template - The template.
 * @param text - The text the template reads.
 * @param opts - Model, strategy, m, p.
 * @returns Final answers, every round, why it stopped, uncertain items and remaining violations.
 */
export async function reflect(template: Template, text: string, opts: ReflectOptions): Promise<ReflectResult> {
  const items = template.items;
  const fixed = opts.fixed ?? {};
  const askable = items.filter((i) => !fixed[i.linkId]);
  const history: Answers[] = [];
  const rounds: RoundRecord[] = [];
  const issues: string[] = [];
  const seen = new Map<string, number>();
  let answers: Answers = { ...fixed };
  let violations: Violation[] = [];
  let changed: string[] = [];
  let stop: StopReason = 'max-rounds';
  let cycle: number | undefined;

  for (let round = 1; round <= opts.maxRounds; round++) {
    const reflecting = round > 1;
    let ask: TemplateItem[] = askable;
    if (reflecting && opts.strategy === 'targeted') {
      const flagged = new Set([...violations.flatMap((v) => v.items), ...changed]);
      ask = askable.filter((i) => flagged.has(i.linkId));
    }
    if (ask.length === 0) {
      stop = 'converged';
      break;
    }
    const started = performance.now();
    const meter = new UsageMeter();
    const back = history.slice(-opts.backview);
    const results = await mapLimit(ask, opts.concurrency ?? 4, async (item) => {
      const input = promptInput(template, item, text, opts, { round, back, answers, violations, reflecting });
      const r = await askItem(opts.model, input, opts.signal);
      meter.add(r.usage);
      if (r.problem) issues.push(`Round ${round}: ${r.problem}`);
      return [item.linkId, r.answer] as const;
    });
    const next: Answers = { ...answers, ...Object.fromEntries(results) };
    changed = reflecting
      ? ask.filter((i) => !same(answers[i.linkId]?.value, next[i.linkId]?.value)).map((i) => i.linkId)
      : [];
    answers = next;
    history.push(next);
    violations = checkConstraints(template, answers, text);
    rounds.push({
      round,
      asked: ask.map((i) => i.linkId),
      changed,
      values: Object.fromEntries(items.map((i) => [i.linkId, answers[i.linkId]?.value ?? null])),
      violations,
      usage: meter.total(),
      ms: Math.round(performance.now() - started),
    });
    const key = stateKey(answers, items);
    if (reflecting && changed.length === 0) {
      stop = 'converged';
      break;
    }
    if (seen.has(key)) {
      stop = 'oscillation';
      cycle = seen.get(key);
      break;
    }
    seen.set(key, round);
    if (!reflecting && opts.strategy === 'targeted' && violations.length === 0) {
      stop = 'converged';
      break;
    }
  }

  const uncertain: UncertainItem[] = [];
  if (stop === 'oscillation' && cycle !== undefined) {
    const states = history.slice(cycle - 1);
    for (const item of items) {
      const values: (AnswerValue | null)[] = [];
      for (const s of states) {
        const v = s[item.linkId]?.value ?? null;
        if (!values.some((x) => same(x, v))) values.push(v);
      }
      if (values.length > 1)
        uncertain.push({
          linkId: item.linkId,
          values,
          reason: `The answer alternated between rounds ${cycle} and ${rounds.length}.`,
        });
    }
    // Of the states in the cycle, keep the one with the fewest violations (the latest on a tie).
    let best = states.length - 1;
    const count = (a: Answers) => checkConstraints(template, a, text).length;
    for (let i = states.length - 1; i >= 0; i--) if (count(states[i]!) < count(states[best]!)) best = i;
    answers = states[best]!;
    violations = checkConstraints(template, answers, text);
  }
  return { answers, rounds, stop, uncertain, violations, issues };
}

interface RoundState {
  round: number;
  back: Answers[];
  answers: Answers;
  violations: Violation[];
  reflecting: boolean;
}

function promptInput(
  template: Template,
  item: TemplateItem,
  text: string,
  opts: ReflectOptions,
  st: RoundState
): ItemPromptInput {
  const { units } = knowledgeUnits(item.knowledge, opts.knowledgeDir);
  const firstRound = st.round - st.back.length;
  if (opts.strategy === 'full') {
    return {
      template,
      item,
      report: text,
      knowledge: units,
      previous: st.back.map((a, i) => ({
        round: firstRound + i,
        answers: template.items.map((x) => prior(x.linkId, a)),
      })),
      related: [],
      violations: [],
      notes: opts.notes ?? [],
    };
  }
  const mine = st.violations.filter((v) => v.items.includes(item.linkId));
  const query = [item.text, item.help, ...mine.map((v) => v.message)].join(' ');
  const relatedIds = [...new Set(mine.flatMap((v) => v.items))].filter((id) => id !== item.linkId);
  return {
    template,
    item,
    report: text,
    knowledge: pickParagraphs(units, query, st.reflecting ? TARGETED_BUDGET.reask : TARGETED_BUDGET.first),
    previous: st.back.map((a, i) => ({ round: firstRound + i, answers: [prior(item.linkId, a)] })),
    related: relatedIds.map((id) => ({
      linkId: id,
      value: st.answers[id]?.value ?? null,
      evidence: st.answers[id]?.evidence,
    })),
    violations: mine.map((v) => v.message),
    notes: opts.notes ?? [],
  };
}

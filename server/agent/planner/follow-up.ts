// Question-driven planning for a follow-up on a finished workup: the tools' own rules run again over the record and
// the new question, and only calls the question asks for that have not already run with the same arguments are kept;
// with a model, the planning model sees the earlier calls and answer as data and its repeats are refused unrun.
import type { PlannedCall, WorkupResult, WorkupToolCall } from '../../../common/contracts';
import type { Model } from '../../llm';
import { callKey } from '../call-key';
import { earlierWorkupText } from '../follow-up-context';
import type { NextStep, Planner, PlannerContext } from '../next-step';
import { questionAsks } from '../question';
import { createModelPlanner } from './model';
import { createRulesPlanner, type RulesPlanner } from './rules';

/** Which tools a question asks for, by what it names (scores, stage, response, biomarkers, alterations, dosing). */
const ASKS: readonly [RegExp, readonly string[]][] = [
  [
    /child[- ]?pugh|\balbi\b|\bbclc\b|\becog\b|karnofsky|performance status|creatinine clearance|liver function|\bscores?\b/i,
    ['clinical_score'],
  ],
  [/\bstag(e|es|ed|ing)\b|\btnm\b|\bajcc\b/i, ['tnm_stage']],
  [
    /respon|recist|\bgr[eo]w|shr[iu]nk|progress|lesion|measure|tumou?r size|\bsize\b/i,
    ['segment_lesion', 'assess_response'],
  ],
  [/imag|\bscans?\b|\bct\b|\bmri\b|\bpet\b|radiolog/i, ['radiology_report']],
  [/biomarker|predict|\bmsi\b|\bmmr\b|histolog|slide/i, ['predict_biomarkers']],
  [
    /actionab|variant|mutation|alteration|fusion|amplif|\bkras\b|\bbraf\b|\bher2\b|\begfr\b|\bntrk\b|\bidh1?\b|\bfgfr2?\b|targeted/i,
    ['variant_actionability'],
  ],
  [/calculat|\bdose\b|dosing|\bbsa\b|body surface/i, ['calculator']],
];

/**
 * The tools a follow-up question asks for.
 * @param question - The follow-up question.
 * @returns Tool names (literature and web searches when it asks for them).
 */
export function toolsAsked(question: string): Set<string> {
  const asked = new Set<string>();
  for (const [pattern, tools] of ASKS) if (pattern.test(question)) for (const t of tools) asked.add(t);
  const asks = questionAsks(question);
  if (asks.literature) asked.add('pubmed_search');
  if (asks.web) asked.add('web_search');
  return asked;
}

export interface FollowUpPlannerOptions {
  /** The finished workup (or follow-up) being continued. */
  parent: WorkupResult;
  /** The planning model; absent = the tools' rules. */
  model?: Model;
  maxRounds: number;
}

/** Highest number ending a call id (`c7` → 7), so new ids never repeat an earlier one that citations name. */
const lastNumber = (calls: readonly WorkupToolCall[]): number =>
  Math.max(calls.length, ...calls.map((c) => Number(/(\d+)$/.exec(c.id)?.[1] ?? 0)));

/** The model, with the earlier workup given as a data message before the follow-up question. */
function withEarlierWorkup(model: Model, parent: WorkupResult): Model {
  const earlier = earlierWorkupText(parent);
  return {
    id: model.id,
    supportsVision: model.supportsVision,
    generate: (req) => {
      const at = req.messages.findIndex((m) => m.role !== 'system');
      const messages = [...req.messages];
      messages.splice(at < 0 ? messages.length : at, 0, { role: 'user', content: earlier });
      return model.generate({ ...req, messages });
    },
  };
}

/**
 * Creates the follow-up planner.
 * @param o - The parent result, the model (if any) and the round limit.
 * @returns A planner for the follow-up's tool phase.
 */
export function createFollowUpPlanner(o: FollowUpPlannerOptions): Planner {
  const previous = o.parent.toolCalls;
  const ran = new Map(previous.map((c) => [callKey(c.tool, c.args), c.id]));
  let n = lastNumber(previous);
  // The inner planner reads the live context (round, calls) through the prototype, with the earlier calls in front
  // and ids that continue the parent's numbering.
  const view = (ctx: PlannerContext): PlannerContext =>
    Object.create(ctx, {
      calls: { get: () => [...previous, ...ctx.calls] },
      nextId: { value: () => `c${++n}` },
    }) as PlannerContext;

  if (o.model) {
    const inner = createModelPlanner({ model: withEarlierWorkup(o.model, o.parent), maxRounds: o.maxRounds });
    const refuseRepeats = (step: NextStep): NextStep => {
      if (step.kind !== 'runAgain') return step;
      const calls = step.calls.map((c): PlannedCall => {
        const earlier = ran.get(callKey(c.tool, c.args));
        return earlier ? { ...c, invalid: `the same call already ran as ${earlier}; see its result` } : c;
      });
      return { kind: 'runAgain', calls };
    };
    return {
      name: inner.name,
      start: async (ctx) => refuseRepeats(await inner.start(view(ctx))),
      next: async (ctx, finished) => refuseRepeats(await inner.next(view(ctx), finished)),
    };
  }

  const inner = createRulesPlanner();
  let asked = new Set<string>();
  // Keeps the calls the question asks for that have not run; asks the rules again while they offer only other calls.
  const keep = async (ctx: PlannerContext, first: NextStep): Promise<NextStep> => {
    let step = first;
    for (let tries = 0; step.kind === 'runAgain' && tries < 20; tries++) {
      const calls = step.calls.filter((c) => asked.has(c.tool) && !ran.has(callKey(c.tool, c.args)));
      for (const c of calls) ran.set(callKey(c.tool, c.args), c.id);
      if (calls.length) return { kind: 'runAgain', calls };
      step = await inner.next(view(ctx), []);
    }
    return step.kind === 'runAgain' ? { kind: 'final' } : step;
  };
  const planner: RulesPlanner = {
    name: 'rules',
    drainNotes: () => inner.drainNotes(),
    async start(ctx) {
      asked = toolsAsked(ctx.question);
      if (asked.size === 0) return { kind: 'final', note: 'The follow-up needs no new tool call' };
      return keep(ctx, await inner.start(view(ctx)));
    },
    next: async (ctx, finished) => keep(ctx, await inner.next(view(ctx), finished)),
  };
  return planner;
}

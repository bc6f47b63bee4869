// The rules planner (ONCOAGENT_LLM=none): chooses tools from the record's structured facts and the question the way
// an oncologist would prepare a tumour board, then chains the follow-ups (segment → assess, predict → look up,
// Child-Pugh → BCLC). It reads facts, never instructions: record text cannot add a call. Each tool's rule lives in its
// folder (server/tools/<name>/planner.ts); this file runs them in the registry's order (adapter-registry.ts: imaging,
// molecular, searches, scores, staging), which is the order calls are planned, issued ids and followed up, then lets
// the workflow's rules across tools (workflow.ts) review each round before it is queued.
import type { PlannedCall } from '../../../common/contracts';
import type { FollowUp, PlannerRule } from '../../tools/adapter';
import { plannerRules } from '../../tools/adapter-registry';
import type { NextStep, Planner, PlannerContext } from '../next-step';
import type { RecordFacts } from '../record/facts';
import { afterRule, reviewNext, reviewStart } from './workflow';

export interface RulesPlan {
  /** First-round calls, in the order they are offered (more than a round's limit spill into later rounds). */
  calls: PlannedCall[];
  /** Calls that follow once the first ones have run (e.g. assess_response after the segmentations). */
  followUps: FollowUp[];
}

/** Starts every tool's rule on the record and the question. */
function startRules(rules: PlannerRule[], facts: RecordFacts, question: string, nextId: () => string): RulesPlan {
  const plan: RulesPlan = { calls: [], followUps: [] };
  for (const rule of rules) {
    const { calls, followUps = [] } = rule.start({ facts, question, nextId });
    plan.calls = afterRule([...plan.calls, ...calls], facts, question, nextId);
    plan.followUps.push(...followUps);
  }
  return plan;
}

/**
 * Plans from the record and the question, without running anything (also used by `oncoagent eval`).
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param nextId - Issues call ids.
 * @returns The plan.
 */
export function planFromRecord(facts: RecordFacts, question: string, nextId: () => string): RulesPlan {
  const { calls, followUps } = reviewStart(startRules(plannerRules(), facts, question, nextId), facts, question);
  return { calls, followUps };
}

/** A rules planner for one workup, with the notes it made about follow-ups it could not run. */
export interface RulesPlanner extends Planner {
  drainNotes(): string[];
}

/**
 * Creates the rules planner.
 * @returns A planner holding one workup's rules and plan between rounds.
 */
export function createRulesPlanner(): RulesPlanner {
  const rules = plannerRules();
  const pending = new Set(rules.filter((r) => r.next));
  let facts: RecordFacts | undefined;
  const planned: PlannedCall[] = [];
  const queue: PlannedCall[] = [];
  const notes: string[] = [];
  const noted = new Set<string>();
  // A note is made once per workup, however many rounds find the same reason.
  const note = (more: string[]) => {
    for (const n of more.filter((x) => !noted.has(x))) {
      noted.add(n);
      notes.push(n);
    }
  };

  const take = (ctx: PlannerContext): NextStep =>
    queue.length === 0 ? { kind: 'final' } : { kind: 'runAgain', calls: queue.splice(0, ctx.maxCallsPerRound) };

  return {
    name: 'rules',
    async start(ctx) {
      facts = ctx.facts;
      const plan = reviewStart(startRules(rules, ctx.facts, ctx.question, ctx.nextId), ctx.facts, ctx.question);
      note(plan.notes);
      planned.push(...plan.calls);
      queue.push(...plan.calls);
      return take(ctx);
    },
    async next(ctx) {
      if (!facts) return { kind: 'final' };
      const input = { facts, question: ctx.question, nextId: ctx.nextId, planned, calls: ctx.calls };
      const added: PlannedCall[] = [];
      for (const rule of rules.filter((r) => pending.has(r))) {
        const step = rule.next!({ ...input, planned: [...planned, ...added] });
        if (step.done) pending.delete(rule);
        note(step.notes ?? []);
        added.push(...(step.calls ?? []));
      }
      // The workflow's rules across tools see what the tools' rules added before it is queued.
      const reviewed = reviewNext(added, input);
      note(reviewed.notes);
      planned.push(...reviewed.calls);
      queue.push(...reviewed.calls);
      return take(ctx);
    },
    drainNotes: () => notes.splice(0, notes.length),
  };
}

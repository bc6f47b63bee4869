// The rules planner (ONCOAGENT_LLM=none): chooses tools from the record's structured facts and the question the way
// an oncologist would prepare a tumour board, then chains the follow-ups (segment → assess, predict → look up,
// Child-Pugh → BCLC). It reads facts, never instructions: record text cannot add a call. Each tool's rule lives in its
// folder (server/tools/<name>/planner.ts); this file runs them in the registry's order (adapter-registry.ts: imaging,
// molecular, searches, scores, staging), which is the order calls are planned, issued ids and followed up.
import type { PlannedCall } from '../../../common/contracts';
import type { FollowUp, PlannerRule } from '../../tools/adapter';
import { plannerRules } from '../../tools/adapter-registry';
import type { NextStep, Planner, PlannerContext } from '../next-step';
import type { RecordFacts } from '../record/facts';

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
    plan.calls.push(...calls);
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
  return startRules(plannerRules(), facts, question, nextId);
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

  const take = (ctx: PlannerContext): NextStep =>
    queue.length === 0 ? { kind: 'final' } : { kind: 'runAgain', calls: queue.splice(0, ctx.maxCallsPerRound) };

  return {
    name: 'rules',
    async start(ctx) {
      facts = ctx.facts;
      const plan = startRules(rules, ctx.facts, ctx.question, ctx.nextId);
      planned.push(...plan.calls);
      queue.push(...plan.calls);
      return take(ctx);
    },
    async next(ctx) {
      if (!facts) return { kind: 'final' };
      for (const rule of rules.filter((r) => pending.has(r))) {
        const step = rule.next!({ facts, question: ctx.question, nextId: ctx.nextId, planned, calls: ctx.calls });
        if (step.done) pending.delete(rule);
        notes.push(...(step.notes ?? []));
        planned.push(...(step.calls ?? []));
        queue.push(...(step.calls ?? []));
      }
      return take(ctx);
    },
    drainNotes: () => notes.splice(0, notes.length),
  };
}

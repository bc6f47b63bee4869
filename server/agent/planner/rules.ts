// The rules planner (ONCOAGENT_LLM=none): chooses tools from the record's structured facts and the question the way
// an oncologist would prepare a tumour board, then chains the follow-ups (segment → assess, predict → look up,
// Child-Pugh → BCLC). It reads facts, never instructions: record text cannot add a call.
import type { PlannedCall } from '../events';
import type { NextStep, Planner, PlannerContext } from '../next-step';
import type { RecordFacts } from '../record/facts';
import type { WorkupToolCall } from '../workup-result';
import { assessFromSegments, type ImagingPlan, planImaging } from './rules-imaging';
import { lookupsForPredictions, type MolecularPlan, planMolecular } from './rules-molecular';
import { bclcAfterChildPugh, planScores, type ScorePlan } from './rules-scores';

export interface RulesPlan {
  imaging: ImagingPlan;
  molecular: MolecularPlan;
  scores: ScorePlan;
  /** First-round calls, in the order they are offered (more than a round's limit spill into later rounds). */
  calls: PlannedCall[];
  /** Calls that follow once the first ones have run (e.g. assess_response after the segmentations). */
  followUps: { tool: string; reason: string }[];
}

/**
 * Plans from the record and the question, without running anything (also used by `oncoagent eval`).
 * @param facts - The record's facts.
 * @param question - The clinician's question.
 * @param nextId - Issues call ids.
 * @returns The plan.
 */
export function planFromRecord(facts: RecordFacts, question: string, nextId: () => string): RulesPlan {
  const imaging = planImaging(facts, question, nextId);
  const molecular = planMolecular(facts, question, nextId);
  const scores = planScores(facts, nextId);
  const followUps: RulesPlan['followUps'] = [];
  if (imaging.pairs.length > 0) {
    followUps.push({ tool: 'assess_response', reason: 'RECIST 1.1 once the paired lesions are measured' });
  }
  if (scores.childPughCall && facts.hccBurden && facts.ecog) {
    followUps.push({ tool: 'clinical_score', reason: 'BCLC stage once the Child-Pugh class is known' });
  }
  return { imaging, molecular, scores, calls: [...imaging.calls, ...molecular.calls, ...scores.calls], followUps };
}

const finished = (calls: WorkupToolCall[], ids: string[]): boolean => ids.every((id) => calls.some((c) => c.id === id));

/** A rules planner for one workup, with the notes it made about follow-ups it could not run. */
export interface RulesPlanner extends Planner {
  drainNotes(): string[];
}

/**
 * Creates the rules planner.
 * @returns A planner holding one workup's plan between rounds.
 */
export function createRulesPlanner(): RulesPlanner {
  let plan: RulesPlan | undefined;
  let facts: RecordFacts | undefined;
  const queue: PlannedCall[] = [];
  const notes: string[] = [];
  const done = { assess: false, lookups: false, bclc: false };

  const take = (ctx: PlannerContext): NextStep =>
    queue.length === 0 ? { kind: 'final' } : { kind: 'runAgain', calls: queue.splice(0, ctx.maxCallsPerRound) };
  const queueOrNote = (step: PlannedCall | string | undefined) => {
    if (typeof step === 'string') notes.push(step);
    else if (step) queue.push(step);
  };

  return {
    name: 'rules',
    async start(ctx) {
      facts = ctx.facts;
      plan = planFromRecord(ctx.facts, ctx.question, ctx.nextId);
      queue.push(...plan.calls);
      return take(ctx);
    },
    async next(ctx) {
      if (!plan || !facts) return { kind: 'final' };
      const { imaging, molecular, scores } = plan;
      const segmentIds = imaging.pairs.flatMap((p) => [p.baselineCall, p.followUpCall]);
      if (!done.assess && imaging.pairs.length > 0 && finished(ctx.calls, segmentIds)) {
        done.assess = true;
        queueOrNote(assessFromSegments(imaging, ctx.calls, ctx.nextId));
      }
      if (!done.lookups && molecular.predictCall && finished(ctx.calls, [molecular.predictCall])) {
        done.lookups = true;
        const predict = ctx.calls.find((c) => c.id === molecular.predictCall);
        queue.push(...lookupsForPredictions(molecular, predict, facts, ctx.nextId));
      }
      if (!done.bclc && scores.childPughCall && finished(ctx.calls, [scores.childPughCall])) {
        done.bclc = true;
        const cp = ctx.calls.find((c) => c.id === scores.childPughCall);
        queueOrNote(bclcAfterChildPugh(scores, cp, facts, ctx.nextId));
      }
      return take(ctx);
    },
    drainNotes: () => notes.splice(0, notes.length),
  };
}

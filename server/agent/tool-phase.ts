// The tool phase of a workup: plan, then rounds of policy-checked parallel calls until the planner is done, asks
// for approval, or a loop-level failure (max rounds, context limit, provider down, planner failed) ends it.
import type { PatientRecord } from '../../common/record/patient-record';
import type { Model } from '../llm';
import type { Tool } from '../tools/types';
import { AgentLoopError, MaxRoundsExceeded } from './errors';
import type { EventSink } from './events';
import type { NextStep, Planner, PlannerContext } from './next-step';
import { createModelPlanner } from './planner/model';
import { createRulesPlanner } from './planner/rules';
import { questionAsks } from './question';
import type { RecordFacts } from './record/facts';
import { runRound } from './run-round';
import type { RunWorkupOptions } from './run-workup';
import type { SpanHandle, Tracer } from './trace';
import type { WorkupProblem, WorkupToolCall } from './workup-result';

export interface PhaseDeps {
  record: PatientRecord;
  facts: RecordFacts;
  question: string;
  tools: readonly Tool[];
  maxRounds: number;
  maxCallsPerRound: number;
  problems: WorkupProblem[];
  emit: EventSink;
  timings: Record<string, number>;
  tracer: Tracer;
  planningModel?: Model;
  setActive: (span: SpanHandle | undefined) => void;
}

/**
 * Plans and runs the rounds.
 * @param o - The workup options (planner override, tool configuration, FHIR client, signal).
 * @param d - Record, facts, limits and the shared problem list, sink, timings and tracer.
 * @returns Every finished call; a loop-level failure ends the phase and is added to `d.problems`.
 */
export async function toolPhase(o: RunWorkupOptions, d: PhaseDeps): Promise<WorkupToolCall[]> {
  const { facts, tracer, emit, timings } = d;
  const calls: WorkupToolCall[] = [];
  let n = 0;
  const ctx: PlannerContext = {
    record: d.record,
    facts,
    question: d.question,
    tools: d.tools,
    calls,
    round: 0,
    maxCallsPerRound: d.maxCallsPerRound,
    signal: o.signal,
    nextId: () => `c${++n}`,
  };
  const modelPlanner =
    o.planner ?? (d.planningModel ? createModelPlanner({ model: d.planningModel, maxRounds: d.maxRounds }) : undefined);
  const plan = (label: string, step: () => Promise<NextStep>) => {
    const t = performance.now();
    return tracer
      .withSpan(label, async (span) => {
        d.setActive(span);
        const next = await step();
        span.setOutput(next.kind === 'runAgain' ? { kind: next.kind, calls: next.calls.map((c) => c.tool) } : next);
        return next;
      })
      .finally(() => {
        d.setActive(undefined);
        timings.planMs += Math.round(performance.now() - t);
      });
  };
  const notes = (planner: Planner) => {
    const drain = (planner as { drainNotes?: () => string[] }).drainNotes;
    for (const text of drain?.() ?? []) {
      d.problems.push({ code: 'not-run', message: text });
      emit({ type: 'status', text });
    }
  };
  const roundDeps = {
    tools: d.tools,
    toolConfig: o.toolConfig,
    fhir: o.fhir,
    policy: {
      tools: new Set(d.tools.map((t) => t.name)),
      references: facts.references,
      urls: facts.urls,
      asks: questionAsks(d.question),
      maxCallsPerRound: d.maxCallsPerRound,
    },
    tracer,
    emit,
    seen: new Map<string, string>(),
    signal: o.signal,
  };
  const drive = async (planner: Planner): Promise<void> => {
    emit({
      type: 'status',
      text: `Planning the workup (${planner.name === 'rules' ? 'rules from the record' : planner.name})`,
    });
    let step = await plan('plan 1', () => planner.start(ctx));
    while (step.kind === 'runAgain') {
      if (ctx.round >= d.maxRounds) throw new MaxRoundsExceeded(d.maxRounds);
      ctx.round += 1;
      const round = ctx.round;
      emit({ type: 'plan', round, calls: step.calls });
      const t = performance.now();
      const batch = step.calls;
      const finished = await tracer.withSpan(
        `round ${round}`,
        async (span) => {
          const done = await runRound(batch, roundDeps);
          span.setOutput(done.map((c) => ({ id: c.id, status: c.status, ms: c.ms })));
          return done;
        },
        { input: { calls: batch.map((c) => ({ id: c.id, tool: c.tool })) } }
      );
      timings.toolsMs += Math.round(performance.now() - t);
      calls.push(...finished);
      o.signal?.throwIfAborted();
      notes(planner);
      step = await plan(`plan ${round + 1}`, () => planner.next(ctx, finished));
    }
    notes(planner);
    if (step.kind === 'needsApproval') {
      d.problems.push({ code: 'needs-approval', message: step.reason });
      emit({ type: 'status', text: step.reason });
    } else if (step.note) emit({ type: 'status', text: step.note });
  };
  const stopped = (err: unknown): AgentLoopError => {
    if (!(err instanceof AgentLoopError) || o.signal?.aborted) throw err;
    d.problems.push({ code: err.code, message: err.message });
    emit({ type: 'status', text: `Tool calls stopped: ${err.message}` });
    return err;
  };

  try {
    await drive(modelPlanner ?? createRulesPlanner());
  } catch (err) {
    const failure = stopped(err);
    // A planning model that fails before any tool ran (down, malformed, refusing, too small a context) still leaves
    // the clinician the deterministic workup: the rules planner chooses the tools, and the failure stays reported.
    if (d.planningModel && !o.planner && calls.length === 0 && failure.code !== 'max-rounds') {
      emit({ type: 'status', text: 'The rules planner chooses the tools instead of the model' });
      ctx.round = 0;
      await drive(createRulesPlanner()).catch(stopped);
    }
  }
  timings.rounds = ctx.round;
  return calls;
}

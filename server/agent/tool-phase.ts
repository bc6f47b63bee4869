// The tool phase of a workup: plan, then rounds of policy-checked parallel calls until the planner is done, asks
// for approval, or a loop-level failure (max rounds, context limit, provider down, planner failed) ends it.
import type { WorkupToolCall } from '../../common/contracts';
import type { PatientRecord } from '../../common/record/patient-record';
import type { FhirClient } from '../fhir/fhir-client';
import type { Model } from '../llm';
import type { ToolConfig } from '../tools/config';
import type { Tool } from '../tools/types';
import { AgentLoopError, MaxRoundsExceeded } from './errors';
import type { NextStep, Planner, PlannerContext } from './next-step';
import { createModelPlanner } from './planner/model';
import { createRulesPlanner } from './planner/rules';
import { indicatedSearch } from './planner/search-rule';
import { questionAsks } from './question';
import type { RecordFacts } from './record/facts';
import { runRound } from './run-round';
import type { WorkupRun } from './workup-run';

/** What the tool phase works on: the record and question, the tools and their limits, and who plans. */
export interface ToolPhaseInput {
  record: PatientRecord;
  facts: RecordFacts;
  question: string;
  tools: readonly Tool[];
  toolConfig: ToolConfig;
  /** The EHR's FHIR client with the user's token. */
  fhir: FhirClient;
  maxRounds: number;
  maxCallsPerRound: number;
  /** The planning model, metered on the run; absent = the rules planner. */
  model?: Model;
  /** Replaces the planner chosen from `model`. */
  planner?: Planner;
}

/**
 * Plans and runs the rounds.
 * @param run - The workup's state: events, problems, timings, trace, usage and signal.
 * @param d - Record, facts, question, tools, limits and planner.
 * @returns Every finished call; a loop-level failure ends the phase and is added to the run's problems.
 */
export async function toolPhase(run: WorkupRun, d: ToolPhaseInput): Promise<WorkupToolCall[]> {
  const { facts } = d;
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
    signal: run.signal,
    nextId: () => `c${++n}`,
  };
  const modelPlanner =
    d.planner ?? (d.model ? createModelPlanner({ model: d.model, maxRounds: d.maxRounds }) : undefined);
  const plan = (label: string, step: () => Promise<NextStep>) =>
    run.time('planMs', () =>
      run.withModelSpan(label, async (span) => {
        const next = await step();
        span.setOutput(next.kind === 'runAgain' ? { kind: next.kind, calls: next.calls.map((c) => c.tool) } : next);
        return next;
      })
    );
  const notes = (planner: Planner) => {
    const drain = (planner as { drainNotes?: () => string[] }).drainNotes;
    for (const text of drain?.() ?? []) {
      run.addProblem('not-run', text);
      run.emit({ type: 'status', text });
    }
  };
  const roundDeps = {
    run,
    tools: d.tools,
    toolConfig: d.toolConfig,
    fhir: d.fhir,
    policy: {
      tools: new Set(d.tools.map((t) => t.name)),
      references: facts.references,
      urls: facts.urls,
      asks: questionAsks(d.question),
      indicatedSearch: indicatedSearch(facts),
      maxCallsPerRound: d.maxCallsPerRound,
    },
    seen: new Map<string, string>(),
  };
  const drive = async (planner: Planner): Promise<void> => {
    run.emit({
      type: 'status',
      text: `Planning the workup (${planner.name === 'rules' ? 'rules from the record' : planner.name})`,
    });
    let step = await plan('plan 1', () => planner.start(ctx));
    while (step.kind === 'runAgain') {
      if (ctx.round >= d.maxRounds) throw new MaxRoundsExceeded(d.maxRounds);
      ctx.round += 1;
      const round = ctx.round;
      run.emit({ type: 'plan', round, calls: step.calls });
      const batch = step.calls;
      const finished = await run.time('toolsMs', () =>
        run.tracer.withSpan(
          `round ${round}`,
          async (span) => {
            const done = await runRound(batch, roundDeps);
            span.setOutput(done.map((c) => ({ id: c.id, status: c.status, ms: c.ms })));
            return done;
          },
          { input: { calls: batch.map((c) => ({ id: c.id, tool: c.tool })) } }
        )
      );
      calls.push(...finished);
      run.signal?.throwIfAborted();
      notes(planner);
      step = await plan(`plan ${round + 1}`, () => planner.next(ctx, finished));
    }
    notes(planner);
    if (step.kind === 'needsApproval') {
      run.addProblem('needs-approval', step.reason);
      run.emit({ type: 'status', text: step.reason });
    } else if (step.note) run.emit({ type: 'status', text: step.note });
  };
  const stopped = (err: unknown): AgentLoopError => {
    if (!(err instanceof AgentLoopError) || run.signal?.aborted) throw err;
    run.addProblem(err.code, err.message);
    run.emit({ type: 'status', text: `Tool calls stopped: ${err.message}` });
    return err;
  };

  try {
    await drive(modelPlanner ?? createRulesPlanner());
  } catch (err) {
    const failure = stopped(err);
    // A planning model that fails before any tool ran (down, malformed, refusing, too small a context) still leaves
    // the clinician the deterministic workup: the rules planner chooses the tools, and the failure stays reported.
    if (d.model && !d.planner && calls.length === 0 && failure.code !== 'max-rounds') {
      run.emit({ type: 'status', text: 'The rules planner chooses the tools instead of the model' });
      ctx.round = 0;
      await drive(createRulesPlanner()).catch(stopped);
    }
  }
  run.setTiming('rounds', ctx.round);
  return calls;
}

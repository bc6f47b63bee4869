// The run object: events reach the listener without server paths (and a failing listener stops nothing), timings add
// up even for failed steps, and every token (planner, tools, answer) is counted once on the run.
import { describe, expect, it } from 'vitest';
import type { AgentEvent } from '../../common/contracts';
import { createScriptedModel } from '../llm/scripted';
import { WorkupRun } from './workup-run';

const ask = { messages: [{ role: 'user' as const, content: 'plan' }] };
const usage = (promptTokens: number, completionTokens: number) => ({ promptTokens, completionTokens });

describe('WorkupRun', () => {
  it('emits path-free events and survives a listener that throws', () => {
    const seen: AgentEvent[] = [];
    const run = new WorkupRun({ patientId: 'p1', emit: (e) => seen.push(e) });
    run.emit({ type: 'status', text: 'Reading /srv/oncoagent/models/x.onnx' });
    expect(seen).toEqual([{ type: 'status', text: expect.not.stringContaining('/srv/oncoagent') }]);
    const failing = new WorkupRun({
      patientId: 'p1',
      emit: () => {
        throw new Error('stream closed');
      },
    });
    expect(() => failing.emit({ type: 'status', text: 'still running' })).not.toThrow();
  });

  it('adds up repeated steps, failed ones included, and reports the total last', async () => {
    const run = new WorkupRun({ patientId: 'p1' });
    await run.time('planMs', async () => undefined);
    await expect(run.time('planMs', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await run.time('recordMs', () => new Promise((resolve) => setTimeout(resolve, 30)));
    run.setTiming('rounds', 2);
    const timings = run.timings();
    expect(Object.keys(timings)).toEqual(['planMs', 'toolsMs', 'recordMs', 'rounds', 'totalMs']);
    expect(timings.recordMs).toBeGreaterThanOrEqual(25);
    expect(timings.rounds).toBe(2);
    expect(timings.totalMs).toBeGreaterThanOrEqual(timings.recordMs!);
  });

  it('counts the metered model on the run and on the span open meanwhile, plus tools and answer', async () => {
    const run = new WorkupRun({ id: 'run-1', patientId: 'p1' });
    const model = run.meter(
      createScriptedModel([
        { text: 'a', usage: usage(100, 10) },
        { text: 'b', usage: usage(50, 5) },
      ])
    );
    await run.withModelSpan('plan 1', () => model.generate(ask));
    await model.generate(ask);
    run.addToolUsage([
      {
        id: 'c1',
        tool: 'radiology_report',
        args: {},
        status: 'ok',
        ms: 1,
        output: { usage: { llmCalls: 2, promptTokens: 7 } },
      },
      { id: 'c2', tool: 'tnm_stage', args: {}, status: 'ok', ms: 1, output: { stage: 'IV' } },
    ]);
    run.usage.add({ llmCalls: 3, promptTokens: 1, completionTokens: 1 });
    expect(run.usage.total()).toEqual({ llmCalls: 7, promptTokens: 158, completionTokens: 16 });
    // Only the call made while the span was open counts on it.
    expect(run.tracer.spans.map((s) => [s.name, s.usage])).toEqual([
      ['plan 1', { llmCalls: 1, promptTokens: 100, completionTokens: 10 }],
    ]);
  });
});

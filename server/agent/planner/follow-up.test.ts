// The follow-up planner on a demo patient: the rules run only the tools the new question asks for and never a call
// the workup already ran; new ids continue the workup's; the planning model sees the earlier workup and its repeats
// come back refused, unrun.
import type { Bundle } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { PlannedCall, WorkupResult, WorkupToolCall } from '../../../common/contracts';
import type { Model, ModelRequest } from '../../llm';
import { demoData } from '../../sandbox/demo';
import { demoId } from '../../sandbox/demo/portable';
import type { PlannerContext } from '../next-step';
import { readFacts } from '../record/facts';
import { recordFromBundle } from '../record/from-bundle';
import { createFollowUpPlanner, toolsAsked } from './follow-up';
import { planFromRecord } from './rules';

const HCC = demoId('demo-hcc');
const bundle = (): Bundle =>
  demoData({ dicomWebBase: 'http://127.0.0.1:1/sandbox/dicomweb' }).bundles.find(
    (b) => b.entry?.[0]?.resource?.id === HCC
  )!;

function context(question: string): PlannerContext {
  const record = recordFromBundle(bundle());
  let n = 0;
  return {
    record,
    facts: readFacts(record),
    question,
    tools: [],
    calls: [],
    round: 0,
    maxCallsPerRound: 10,
    nextId: () => `x${++n}`,
  };
}

const ran = (calls: PlannedCall[]): WorkupToolCall[] => calls.map((c) => ({ ...c, status: 'ok', output: {}, ms: 1 }));

function parentWith(toolCalls: WorkupToolCall[]): WorkupResult {
  return {
    id: 'w1',
    patient: { id: HCC, name: 'Test' },
    fhirBase: 'http://ehr.example/fhir',
    question: 'Options?',
    mode: 'none',
    createdAt: '2026-12-01T10:00:00.000Z',
    toolCalls,
    findings: [],
    evidence: [],
    answer: { markdown: 'Earlier answer: BCLC stage.', statements: [] },
    suggestions: [],
    usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    timings: {},
  };
}

describe('toolsAsked', () => {
  it('reads the tools a question names, and none for a question that needs no tool', () => {
    expect([...toolsAsked('What is the Child-Pugh score?')]).toEqual(['clinical_score']);
    expect([...toolsAsked('Stage this')]).toEqual(['tnm_stage']);
    expect(toolsAsked('Search the literature for sorafenib trials').has('pubmed_search')).toBe(true);
    expect(toolsAsked('Did the lesions grow?').has('assess_response')).toBe(true);
    expect(toolsAsked('Please summarise the plan for the family').size).toBe(0);
  });
});

describe('createFollowUpPlanner (rules)', () => {
  const question = 'What is the Child-Pugh score?';

  it('plans only the asked tool, with ids after the workup’s, when the workup did not run it', async () => {
    let n = 0;
    const all = planFromRecord(context('').facts, '', () => `c${++n}`).calls;
    expect(all.some((c) => c.tool === 'clinical_score')).toBe(true);
    const others = ran(all.filter((c) => c.tool !== 'clinical_score'));
    const step = await createFollowUpPlanner({ parent: parentWith(others), maxRounds: 4 }).start(context(question));
    expect(step.kind).toBe('runAgain');
    const calls = step.kind === 'runAgain' ? step.calls : [];
    expect(new Set(calls.map((c) => c.tool))).toEqual(new Set(['clinical_score']));
    const used = new Set(others.map((c) => c.id));
    for (const c of calls) expect(used.has(c.id)).toBe(false);
  });

  it('runs nothing again when the workup already ran the same calls', async () => {
    let n = 0;
    const all = ran(planFromRecord(context('').facts, '', () => `c${++n}`).calls);
    const step = await createFollowUpPlanner({ parent: parentWith(all), maxRounds: 4 }).start(context(question));
    expect(step.kind).toBe('final');
    const none = await createFollowUpPlanner({ parent: parentWith([]), maxRounds: 4 }).start(
      context('Please summarise the plan for the family')
    );
    expect(none.kind).toBe('final');
  });
});

describe('createFollowUpPlanner (model)', () => {
  it('gives the model the earlier workup as data before the question and refuses its repeats unrun', async () => {
    const earlier: WorkupToolCall = {
      id: 'c1',
      tool: 'tnm_stage',
      args: { cancer: 'liver', t: 'T2', n: 'N0', m: 'M0' },
      status: 'ok',
      output: { stage: 'II' },
      ms: 1,
    };
    const requests: ModelRequest[] = [];
    const model: Model = {
      id: 'scripted',
      supportsVision: false,
      generate: async (req) => {
        requests.push(req);
        return {
          toolCalls: [
            { id: 'a', name: 'tnm_stage', rawArguments: '', arguments: { m: 'M0', n: 'N0', t: 'T2', cancer: 'liver' } },
            { id: 'b', name: 'clinical_score', rawArguments: '', arguments: { score: 'albi' } },
          ],
          finishReason: 'tool_calls',
          usage: { promptTokens: 1, completionTokens: 1 },
          model: 'scripted',
        };
      },
    };
    const planner = createFollowUpPlanner({ parent: parentWith([earlier]), model, maxRounds: 4 });
    const step = await planner.start(context('Stage this and give the ALBI grade'));
    const messages = requests[0]!.messages;
    expect(messages[0]!.role).toBe('system');
    expect(String(messages[1]!.content)).toMatch(/<earlier_workup>[\s\S]*c1 tnm_stage[\s\S]*Earlier answer/);
    expect(String(messages[2]!.content)).toContain('Stage this and give the ALBI grade');
    const calls = step.kind === 'runAgain' ? step.calls : [];
    expect(calls.map((c) => [c.tool, c.invalid ?? 'runs'])).toEqual([
      ['tnm_stage', 'the same call already ran as c1; see its result'],
      ['clinical_score', 'runs'],
    ]);
    expect(calls.map((c) => c.id)).toEqual(['c2', 'c3']);
  });
});

// Checks that the shared workup, event and write-back contracts (common/contracts) accept what the server really emits
// and refuse a malformed body with a message that names the field.
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AgentEvent,
  PlanRequest,
  type WorkupResult,
  WorkupResult as WorkupResultSchema,
  WritebackPlan,
} from '../../common/contracts';
import { buildPlan } from '.';
import { offlineWorkup } from './testing/offline-workup';

/** The value as it crosses the wire. */
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The readable message a route would answer with, or undefined when the value fits. */
function refusal(schema: z.ZodType, value: unknown): string | undefined {
  const parsed = schema.safeParse(value);
  return parsed.success ? undefined : z.prettifyError(parsed.error);
}

let workup: WorkupResult;
beforeAll(async () => {
  workup = wire(await offlineWorkup('wk-contract-1'));
});

describe('WorkupResult', () => {
  it('parses a real offline workup without dropping or changing a field', () => {
    expect(workup.toolCalls.length).toBeGreaterThan(2);
    expect(WorkupResultSchema.parse(workup)).toEqual(workup);
  });

  it('keeps a write-back Bundle as sent and refuses another resource in its place', () => {
    const plan = buildPlan({ workup });
    const withPlan = wire({ ...workup, writeBack: plan.bundle });
    expect(WorkupResultSchema.parse(withPlan).writeBack).toEqual(withPlan.writeBack);
    expect(refusal(WorkupResultSchema, { ...workup, writeBack: { resourceType: 'Patient' } })).toMatch(
      /expected a FHIR Bundle[\s\S]*at writeBack/
    );
  });

  it('names the field of a malformed result', () => {
    const bad = { ...workup, toolCalls: [{ ...workup.toolCalls[0], status: 'done' }], mode: 'gpt' };
    const message = refusal(WorkupResultSchema, bad) ?? '';
    expect(message).toMatch(/at toolCalls\[0\]\.status/);
    expect(message).toMatch(/at mode/);
    expect(refusal(WorkupResultSchema, { ...workup, createdAt: 'yesterday' })).toMatch(/at createdAt/);
  });
});

describe('AgentEvent', () => {
  it('parses the events a run streams, the final result included', () => {
    const events: AgentEvent[] = wire([
      { type: 'status', text: 'Reading the record' },
      { type: 'tool-end', call: workup.toolCalls[0]! },
      { type: 'finding', finding: workup.findings[0]! },
      { type: 'done', result: workup },
      { type: 'error', outcome: { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'timeout' }] } },
    ]);
    expect(events.map((e) => AgentEvent.parse(e))).toEqual(events);
  });

  it('refuses an event of an unknown type or with a broken payload', () => {
    expect(refusal(AgentEvent, { type: 'telemetry' })).toMatch(/at type/);
    expect(refusal(AgentEvent, { type: 'tool-end', call: { id: 'c1' } })).toMatch(/at call\.tool/);
  });
});

describe('write-back plan contracts', () => {
  it('parses a built plan and the request the app sends for it', () => {
    const plan = wire(buildPlan({ workup }));
    expect(WritebackPlan.parse(plan)).toEqual(plan);
    const request = {
      workup,
      include: plan.summary.filter((s) => s.included).map((s) => s.key),
      signAs: 'Practitioner/dr-1',
      review: { comment: 'Discussed at the tumour board.' },
    };
    expect(PlanRequest.parse(request)).toEqual(request);
  });

  it('refuses a request whose ids or lists are out of bounds, naming each field', () => {
    const message =
      refusal(PlanRequest, {
        workup: { ...workup, id: 'a/b', patient: { id: 'x y', name: '' } },
        signAs: 'Patient/p1',
        synoptic: { questionnaireResponse: { resourceType: 'Observation' } },
      }) ?? '';
    expect(message).toMatch(/letters, digits[\s\S]*at workup\.id/);
    expect(message).toMatch(/a FHIR id[\s\S]*at workup\.patient\.id/);
    expect(message).toMatch(/Practitioner\/<id>[\s\S]*at signAs/);
    expect(message).toMatch(/at synoptic/);
    const calls = Array.from({ length: 201 }, (_, i) => ({ ...workup.toolCalls[0]!, id: `c${i}` }));
    expect(refusal(PlanRequest, { workup: { ...workup, toolCalls: calls } })).toMatch(/at workup\.toolCalls/);
  });
});

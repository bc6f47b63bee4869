// Runs assess_response through runTool: arguments as a model sends them, results and errors as the agent sees them.
import { describe, expect, it } from 'vitest';
import { readToolConfig } from '../config';
import { runTool, toolSpec } from '../run-tool';
import { type AssessResponseOutput, assessResponseTool } from './index';

const ctx = { config: readToolConfig({}) };

describe('assess_response', () => {
  it('returns the category, sums and warnings', async () => {
    const result = await runTool(
      assessResponseTool,
      {
        baseline: [
          { id: 'liver-seg7', site: 'liver', diameterMm: 42 },
          { id: 'node-1', isLymphNode: true, diameterMm: 18 },
        ],
        followUp: [
          { id: 'liver-seg7', diameterMm: 25 },
          { id: 'node-1', diameterMm: 11 },
        ],
        newLesions: false,
      },
      ctx
    );
    expect(result.status).toBe('ok');
    const out = result.output as AssessResponseOutput;
    expect(out).toMatchObject({ category: 'PR', baselineSumMm: 60, followUpSumMm: 36, changeFromBaselinePct: -40 });
    expect(result.warnings).toEqual([
      'not stated: non-target progression; assumed absent (either alone makes the response PD)',
    ]);
  });

  it('turns RECIST rule violations and bad arguments into error results', async () => {
    const unmatched = await runTool(
      assessResponseTool,
      { baseline: [{ id: 'a', diameterMm: 20 }], followUp: [{ id: 'b', diameterMm: 20 }], newLesions: false },
      ctx
    );
    expect(unmatched).toMatchObject({ status: 'error' });
    expect(unmatched.message).toMatch(/"b" are not baseline targets/);
    const negative = await runTool(assessResponseTool, { baseline: [{ id: 'a', diameterMm: -2 }], followUp: [] }, ctx);
    expect(negative.status).toBe('error');
    expect(negative.message).toMatch(/Invalid arguments/);
  });

  it('describes every parameter for the model', () => {
    const spec = toolSpec(assessResponseTool) as {
      parameters: { properties: Record<string, { description?: string }> };
    };
    for (const [name, schema] of Object.entries(spec.parameters.properties))
      expect(schema.description, name).toBeTruthy();
  });
});

// Checks grouping (conflicts first), level badges and the demo-model flag a clinician relies on.
import { describe, expect, it } from 'vitest';
import type { Finding, WorkupToolCall } from '../../common/contracts';
import { citesDemoModel, groupFindings, therapyLevel } from './findings';
import { RESULT, TOOL_CALLS } from './fixtures';

describe('groupFindings', () => {
  it('puts conflicts first, keeps report order, and collects unknown kinds last', () => {
    const odd = { kind: 'trial', text: 'NCT0001', sources: [] } as unknown as Finding;
    const groups = groupFindings([...RESULT.findings, odd]);
    expect(groups.map((g) => g.kind)).toEqual(['conflict', 'response', 'therapy', 'other']);
    expect(groups[0]?.title).toBe('Conflicts to resolve');
    expect(groups[3]?.findings).toEqual([odd]);
  });
});

describe('therapyLevel', () => {
  it('reads a level stated in the text', () => {
    expect(therapyLevel({ kind: 'therapy', text: 'Encorafenib (level 3a)', sources: [] }, [])).toBe('3A');
  });

  it("falls back to the cited lookup's therapy named in the text", () => {
    expect(therapyLevel(RESULT.findings[1]!, TOOL_CALLS)).toBe('1');
    expect(therapyLevel({ kind: 'therapy', text: 'Cetuximab', sources: ['tool:c4'] }, TOOL_CALLS)).toBeUndefined();
  });
});

describe('citesDemoModel', () => {
  const prediction = (validation: string): WorkupToolCall => ({
    id: 'p1',
    tool: 'predict_biomarkers',
    args: {},
    status: 'ok',
    output: { predictions: [{ target: 'MSI', label: 'MSI-H', probability: 0.8 }], model: { id: 'm', validation } },
    ms: 9,
  });
  const finding: Finding = { kind: 'biomarker', text: 'Predicted MSI-H.', sources: ['tool:p1'] };

  it('flags findings resting on a demo model, not on a validated one', () => {
    expect(citesDemoModel(finding, [prediction('demo-not-clinically-validated')])).toBe(true);
    expect(citesDemoModel(finding, [prediction('clinically-validated')])).toBe(false);
    expect(citesDemoModel({ ...finding, sources: ['record:Observation/o1'] }, [prediction('demo')])).toBe(false);
  });
});

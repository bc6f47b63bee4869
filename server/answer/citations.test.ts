// Citation tokens: the forms a model or a finding writes, the markers the app reads, and what resolves.
import { describe, expect, it } from 'vitest';
import { parseInline } from '../../common/workup/markdown';
import { citationProblem, markers, parseCitation, plain, recordRefsOf } from './citations';

describe('parseCitation', () => {
  it('reads numbers, tool and record tokens in the forms models and findings write them', () => {
    expect(['3', '[3]', 'Source 3', 'source:3'].map(parseCitation)).toEqual([3, 3, 3, 3]);
    expect(parseCitation('Tool:c2')).toBe('tool:c2');
    expect(parseCitation('tool: c2')).toBe('tool:c2');
    expect(parseCitation('Record:Observation/o-1.2')).toBe('record:Observation/o-1.2');
    expect(parseCitation('Observation/o1')).toBe('record:Observation/o1');
    expect(parseCitation('the ESMO guideline')).toBeUndefined();
    expect(parseCitation('Mass/volume')).toBeUndefined();
  });
});

describe('markers', () => {
  it('writes forms the app parses back to the same citations', () => {
    const text = `Progression. ${markers([2, 'tool:c7', 1, 'record:Observation/o1', 2])}`;
    expect(text).toBe('Progression. [2, 1] [Tool:c7] [Record:Observation/o1]');
    const cites = parseInline(text).flatMap((n) => (n.type === 'cite' ? n.refs : []));
    expect(cites).toEqual([
      { kind: 'source', n: 2 },
      { kind: 'source', n: 1 },
      { kind: 'tool', id: 'c7' },
      { kind: 'record', ref: 'Observation/o1' },
    ]);
  });

  it('keeps numbers in finding text from reading as citations', () => {
    const line = `${plain('Lesion (box [122, 237, 166, 276]) **28 mm**')} ${markers(['tool:c1'])}`;
    const cites = parseInline(line).flatMap((n) => (n.type === 'cite' ? n.refs : []));
    expect(cites).toEqual([{ kind: 'tool', id: 'c1' }]);
  });
});

describe('recordRefsOf and citationProblem', () => {
  const summary =
    'Primary cancer: Adenocarcinoma (colorectal cancer) [Condition/c1]\nLabs (latest): CEA 93 ng/mL [Mass/volume] [Observation/cea]\n' +
    'Imaging 2026-01-01 CT "CT" [ImagingStudy/s1]; reports DiagnosticReport/r1';
  const refs = recordRefsOf(summary, [
    { kind: 'biomarker', text: 'x', sources: ['record:Observation/msi', 'tool:c1'] },
  ]);

  it('collects record references, not units', () => {
    expect([...refs].sort()).toEqual([
      'Condition/c1',
      'DiagnosticReport/r1',
      'ImagingStudy/s1',
      'Observation/cea',
      'Observation/msi',
    ]);
  });

  it('names what a citation lacks', () => {
    const ctx = {
      evidence: [{ n: 1, sourceId: 'd#s', title: 'T', section: 'S', text: 'x' }],
      toolCalls: [{ id: 'c1', tool: 'calculator', args: {}, status: 'ok' as const, ms: 1 }],
      recordRefs: refs,
    };
    expect([1, 'tool:c1', 'record:Condition/c1'].map((c) => citationProblem(c, ctx))).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(citationProblem(4, ctx)).toBe('source [4] does not exist');
    expect(citationProblem('tool:c9', ctx)).toBe('tool call c9 does not exist');
    expect(citationProblem('record:Patient/other', ctx)).toMatch(/not in the patient's record/);
  });
});

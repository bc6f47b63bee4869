// Checks that citation markers are read as written by the answer pipeline and resolve to what they name, or say not.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { EvidenceItem, WorkupToolCall } from '../contracts';
import { parseCitationGroup, parseCitationToken, resolveCitation } from './citations';

const evidence: EvidenceItem[] = [
  { n: 1, sourceId: 'esmo-crc', title: 'ESMO mCRC', section: 'RAS', text: 'Test RAS.' },
];
const calls: WorkupToolCall[] = [
  { id: 'c1', tool: 'segment_lesion', args: {}, status: 'ok', output: {}, ms: 5 },
  { id: 'c2', tool: 'segment_lesion', args: {}, status: 'ok', output: {}, ms: 5 },
  { id: 'c3', tool: 'assess_response', args: {}, status: 'ok', output: {}, ms: 1 },
];
const obs: Observation = { resourceType: 'Observation', id: 'o1', status: 'final', code: { text: 'KRAS' } };

describe('parseCitationGroup', () => {
  it('reads numbers, lists, ranges, tool and record tokens', () => {
    expect(parseCitationGroup('1, 3')).toEqual([
      { kind: 'source', n: 1 },
      { kind: 'source', n: 3 },
    ]);
    expect(parseCitationGroup('2-4')?.map((r) => (r.kind === 'source' ? r.n : 0))).toEqual([2, 3, 4]);
    expect(parseCitationGroup('Tool:c1; Record:Observation/o1')).toEqual([
      { kind: 'tool', id: 'c1' },
      { kind: 'record', ref: 'Observation/o1' },
    ]);
    expect(parseCitationToken('source:5')).toEqual([{ kind: 'source', n: 5 }]);
  });

  it('leaves ordinary brackets as text', () => {
    expect(parseCitationGroup('see below')).toBeNull();
    expect(parseCitationGroup('1, see below')).toBeNull();
    expect(parseCitationGroup('x')).toBeNull();
    expect(parseCitationGroup('2024')).toBeNull();
    expect(parseCitationGroup('1-500')).toBeNull();
  });
});

describe('resolveCitation', () => {
  const index = {
    evidence,
    toolCalls: calls,
    findRecord: (ref: string) => (ref === 'Observation/o1' ? obs : undefined),
  };

  it('resolves passages, tool calls (by id, or by a unique tool name) and record items', () => {
    expect(resolveCitation({ kind: 'source', n: 1 }, index)).toMatchObject({ kind: 'source', evidence: { n: 1 } });
    expect(resolveCitation({ kind: 'tool', id: 'c2' }, index)).toMatchObject({ kind: 'tool', call: { id: 'c2' } });
    expect(resolveCitation({ kind: 'tool', id: 'assess_response' }, index)).toMatchObject({ call: { id: 'c3' } });
    expect(resolveCitation({ kind: 'record', ref: 'Observation/o1' }, index)).toMatchObject({ resource: obs });
  });

  it('reports what does not exist instead of guessing', () => {
    expect(resolveCitation({ kind: 'source', n: 9 }, index).kind).toBe('missing');
    expect(resolveCitation({ kind: 'tool', id: 'segment_lesion' }, index).kind).toBe('missing');
    expect(resolveCitation({ kind: 'record', ref: 'Observation/zz' }, index).kind).toBe('missing');
    expect(resolveCitation({ kind: 'record', ref: 'Observation/o1' }, { evidence, toolCalls: calls }).kind).toBe(
      'missing'
    );
  });
});

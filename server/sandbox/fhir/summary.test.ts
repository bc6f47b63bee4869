// _summary subsets: which elements each mode keeps, and the SUBSETTED tag that marks a partial resource.
import type { Observation } from '@medplum/fhirtypes';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureDefinitions } from '../../fhir/definitions';
import { SUBSETTED, summarize, summaryMode, wantsTotal } from './summary';

beforeAll(() => ensureDefinitions());

const obs: Observation = {
  resourceType: 'Observation',
  id: 'o1',
  meta: { versionId: '1', tag: [{ system: 'urn:x', code: 'keep' }] },
  text: { status: 'generated', div: '<div xmlns="http://www.w3.org/1999/xhtml">CEA 3</div>' },
  status: 'final',
  category: [{ text: 'laboratory' }],
  code: { text: 'CEA' },
  effectiveDateTime: '2025-01-01',
  valueQuantity: { value: 3 },
  note: [{ text: 'fasting' }],
};

describe('summarize', () => {
  it('true: summary elements only (choice values included), tagged SUBSETTED', () => {
    const s = summarize(obs, 'true');
    expect(Object.keys(s).sort()).toEqual(
      ['code', 'effectiveDateTime', 'id', 'meta', 'resourceType', 'status', 'valueQuantity'].sort()
    );
    expect(s.meta?.tag).toEqual([{ system: 'urn:x', code: 'keep' }, SUBSETTED]);
    expect(obs.meta?.tag).toHaveLength(1);
  });

  it('text: text, id, meta and mandatory elements; data: everything but text', () => {
    expect(Object.keys(summarize(obs, 'text')).sort()).toEqual(
      ['code', 'id', 'meta', 'resourceType', 'status', 'text'].sort()
    );
    const data = summarize(obs, 'data');
    expect(data.text).toBeUndefined();
    expect(data.note).toEqual(obs.note);
    expect(data.meta?.tag?.some((t) => t.code === 'SUBSETTED')).toBe(true);
  });

  it('false: the resource unchanged', () => {
    expect(summarize(obs, 'false')).toBe(obs);
  });

  it('refuses unknown modes and reads _total', () => {
    expect(() => summaryMode('maybe')).toThrow(/_summary/);
    expect(summaryMode(null)).toBe('false');
    expect(wantsTotal('none')).toBe(false);
    expect(wantsTotal('accurate')).toBe(true);
    expect(() => wantsTotal('exact')).toThrow(/_total/);
  });
});

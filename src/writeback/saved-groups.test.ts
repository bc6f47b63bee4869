// Groups saved results by workup report, newest first, and finds the results a later signed one replaced.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { OBSERVATION_REPLACES, SUPERSEDED_TAG } from '../../common/writeback/systems';
import { replacedResults, savedGroups } from './saved-groups';

const obs = (id: string, extra: Partial<Observation> = {}): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { text: id },
  ...extra,
});
const report = (id: string, issued: string, results: string[]): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id,
  status: 'final',
  code: { text: 'Workup' },
  issued,
  result: results.map((r) => ({ reference: `Observation/${r}` })),
});

describe('savedGroups', () => {
  it('puts each result under the newest report listing it and keeps unlisted results apart', () => {
    const groups = savedGroups(
      [report('old', '2026-11-01T00:00:00Z', ['a', 'b']), report('new', '2026-11-20T00:00:00Z', ['b', 'c'])],
      [obs('a'), obs('b'), obs('c'), obs('d')]
    );
    expect(groups.map((g) => [g.report?.id, g.results.map((r) => r.id), g.earlier])).toEqual([
      ['new', ['b', 'c'], false],
      ['old', ['a'], true],
      [undefined, ['d'], false],
    ]);
  });

  it('marks results tagged superseded or named by a newer result as replaced', () => {
    const replaced = replacedResults([
      obs('a', { meta: { tag: [{ ...SUPERSEDED_TAG }] } }),
      obs('b'),
      obs('c', { extension: [{ url: OBSERVATION_REPLACES, valueReference: { reference: 'Observation/b' } }] }),
    ]);
    expect([...replaced].sort()).toEqual(['Observation/a', 'Observation/b']);
  });
});

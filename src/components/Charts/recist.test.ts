// RECIST time points from a workup: baseline, nadir when below baseline, follow-up, dated by the record's imaging
// study each lesion was measured on, and undated when the measurements do not say (never a wrong date).
import type { ImagingStudy } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../../common/contracts';
import { recistSeries } from './recist';

const study = (id: string, started: string): ImagingStudy => ({
  resourceType: 'ImagingStudy',
  id,
  status: 'available',
  subject: { reference: 'Patient/p' },
  started,
});
const segment = (id: string, studyId: string, longestDiameterMm: number): WorkupToolCall => ({
  id,
  tool: 'segment_lesion',
  args: { image: `ImagingStudy/${studyId}/series/1/instances/2` },
  status: 'ok',
  output: { longestDiameterMm, shortAxisMm: longestDiameterMm - 4 },
  ms: 1,
});
const assess = (nadirSumMm: number): WorkupToolCall => ({
  id: 'c9',
  tool: 'assess_response',
  args: {
    baseline: [
      { id: 'seg7', diameterMm: 28.5 },
      { id: 'seg4', diameterMm: 16.3 },
    ],
    followUp: [
      { id: 'seg7', diameterMm: 36.7 },
      { id: 'seg4', diameterMm: 21.9 },
    ],
  },
  status: 'ok',
  output: { category: 'PD', baselineSumMm: 44.8, followUpSumMm: 58.6, nadirSumMm },
  ms: 1,
});
const calls = [
  segment('c1', 'ct1', 28.5),
  segment('c2', 'ct2', 36.7),
  segment('c3', 'ct1', 16.3),
  segment('c4', 'ct2', 21.9),
];
const studies = [study('ct1', '2026-08-18T09:00:00Z'), study('ct2', '2026-11-17T10:00:00Z')];

describe('recistSeries', () => {
  it('dates baseline and follow-up by the studies their lesions were measured on', () => {
    const [series] = recistSeries([...calls, assess(44.8)], studies);
    expect(series?.points).toEqual([
      { label: 'Baseline', sumMm: 44.8, date: '2026-08-18' },
      { label: 'Follow-up', sumMm: 58.6, date: '2026-11-17' },
    ]);
    expect(series?.progressionMm).toBeCloseTo(53.76);
    expect(series?.partialResponseMm).toBeCloseTo(31.36);
  });

  it('adds the nadir when it is below baseline, and the progression threshold follows it', () => {
    const [series] = recistSeries([...calls, assess(30)], studies);
    expect(series?.points.map((p) => p.label)).toEqual(['Baseline', 'Nadir', 'Follow-up']);
    expect(series?.progressionMm).toBe(36);
  });

  it('leaves a time point undated when its lesions come from different studies or none', () => {
    const mixed = [segment('c1', 'ct1', 28.5), segment('c3', 'ct2', 16.3)];
    const [series] = recistSeries([...mixed, assess(44.8)], studies);
    expect(series?.points.map((p) => p.date)).toEqual([undefined, undefined]);
    expect(recistSeries([{ ...assess(44.8), status: 'error' }], studies)).toEqual([]);
  });
});

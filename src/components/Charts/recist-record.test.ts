// RECIST time points from the chart's saved response assessments: dated by their imaging studies, merged across
// assessments, withdrawn or replaced ones left out, nothing drawn without two dated time points.
import type { ImagingStudy, Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { OBSERVATION_REPLACES } from '../../../common/writeback/systems';
import { savedRecistSeries } from './recist-record';

const code = (c: string) => ({ coding: [{ system: 'https://oncoagent.example/CodeSystem/observation', code: c }] });
const mm = (c: string, value: number) => ({ code: code(c), valueQuantity: { value, unit: 'mm', code: 'mm' } });
const study = (id: string, started: string): ImagingStudy => ({
  resourceType: 'ImagingStudy',
  id,
  status: 'available',
  subject: { reference: 'Patient/p' },
  started,
});
const assessment = (
  id: string,
  studies: string[],
  baseline: number,
  followUp: number,
  nadir = baseline
): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: code('recist-response'),
  valueCodeableConcept: { coding: [{ code: 'PD' }] },
  derivedFrom: studies.map((s) => ({ reference: `ImagingStudy/${s}` })),
  component: [
    mm('sum-diameters-baseline', baseline),
    mm('sum-diameters-follow-up', followUp),
    mm('sum-diameters-nadir', nadir),
  ],
});
const STUDIES = [
  study('ct1', '2026-08-18T09:00:00Z'),
  study('ct2', '2026-11-17T09:00:00Z'),
  study('ct3', '2027-02-10'),
];

describe('savedRecistSeries', () => {
  it('dates a saved assessment’s sums by its studies and merges later assessments into one series', () => {
    const series = savedRecistSeries(
      [assessment('r1', ['ct2', 'ct1'], 44.8, 58.6), assessment('r2', ['ct2', 'ct3'], 58.6, 40.1, 44.8)],
      STUDIES
    );
    expect(series?.points).toEqual([
      { label: 'Baseline', sumMm: 44.8, date: '2026-08-18' },
      { label: 'Follow-up', sumMm: 58.6, date: '2026-11-17' },
      { label: 'Follow-up', sumMm: 40.1, date: '2027-02-10' },
    ]);
    expect(series?.callId).toBe('r2');
    expect(series?.progressionMm).toBeCloseTo(53.76);
  });

  it('leaves out withdrawn and replaced assessments, and undated ones', () => {
    const replacing = {
      ...assessment('r3', ['ct1'], 44.8, 44.8),
      extension: [{ url: OBSERVATION_REPLACES, valueReference: { reference: 'Observation/r1' } }],
    };
    expect(savedRecistSeries([assessment('r1', ['ct1', 'ct2'], 44.8, 58.6), replacing], STUDIES)).toBeUndefined();
    expect(
      savedRecistSeries([{ ...assessment('r1', ['ct1', 'ct2'], 44.8, 58.6), status: 'entered-in-error' }], STUDIES)
    ).toBeUndefined();
    expect(savedRecistSeries([assessment('r1', ['gone'], 44.8, 58.6)], STUDIES)).toBeUndefined();
  });
});

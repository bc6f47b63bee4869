// Performance status in every shape a record holds it: SNOMED- or word-coded Observations, a grade written in the
// value, a clinic note; an eligibility range is not a patient's grade.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readEcogStatus, readKarnofsky } from './performance';

const obs = (id: string, over: Partial<Observation>): Observation =>
  ({ resourceType: 'Observation', id, status: 'final', code: { text: 'x' }, ...over }) as Observation;

describe('readEcogStatus', () => {
  it('reads a SNOMED-coded ECOG and a worded value ("ECOG 2")', () => {
    const snomed = obs('s', {
      code: { coding: [{ system: 'http://snomed.info/sct', code: '423740007' }] },
      valueInteger: 1,
    });
    expect(readEcogStatus([snomed], [])).toEqual({ ref: 'Observation/s', value: 1 });
    const worded = obs('w', { code: { text: 'WHO performance status' }, valueString: 'ECOG 2 - ambulatory' });
    expect(readEcogStatus([worded], [])).toEqual({ ref: 'Observation/w', value: 2 });
  });
  it('reads the newest grade written in a note and skips a range', () => {
    const texts = [
      { ref: 'DocumentReference/old', text: 'Performance status (ECOG) 0.', date: '2025-01-01' },
      { ref: 'DocumentReference/new', text: 'Seen in clinic, ECOG PS: 2, weight stable.', date: '2026-01-01' },
      { ref: 'DocumentReference/trial', text: 'Trial requires ECOG 0-1.', date: '2026-02-01' },
    ];
    expect(readEcogStatus([], texts)).toEqual({ ref: 'DocumentReference/new', value: 2 });
    expect(readEcogStatus([], [texts[2]!])).toBeUndefined();
  });
});

describe('readKarnofsky', () => {
  it('reads "KPS 70 %" from a note, and a Karnofsky Observation before it', () => {
    const texts = [{ ref: 'DocumentReference/n', text: 'Frail; KPS 70 %.' }];
    expect(readKarnofsky([], texts)).toEqual({ ref: 'DocumentReference/n', value: 70 });
    const coded = obs('k', { code: { text: 'Karnofsky performance status' }, valueQuantity: { value: 60 } });
    expect(readKarnofsky([coded], texts)).toEqual({ ref: 'Observation/k', value: 60 });
  });
});

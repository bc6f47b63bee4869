// A genomic variant classified as of uncertain significance is marked so the planner does not look it up.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readBiomarkers } from './biomarkers';

const LOINC = 'http://loinc.org';
const variant = (id: string, significance: string): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { coding: [{ system: LOINC, code: '69548-6' }] },
  valueCodeableConcept: { coding: [{ system: LOINC, code: 'LA9633-4', display: 'Present' }] },
  component: [
    { code: { coding: [{ system: LOINC, code: '48018-6' }] }, valueCodeableConcept: { text: 'BRCA2' } },
    { code: { coding: [{ system: LOINC, code: '48005-3' }] }, valueCodeableConcept: { text: 'p.Arg2336His' } },
    { code: { coding: [{ system: LOINC, code: '53037-8' }] }, valueCodeableConcept: { text: significance } },
  ],
});

describe('readBiomarkers variant significance', () => {
  it('marks an uncertain-significance variant and leaves a pathogenic one unmarked', () => {
    const [vus, path] = readBiomarkers([variant('v', 'Uncertain significance'), variant('p', 'Pathogenic')]).variants;
    expect(vus).toMatchObject({ gene: 'BRCA2', present: true, uncertain: true });
    expect(path?.uncertain).toBeUndefined();
  });
});

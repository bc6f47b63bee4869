// What a clinician reads for a saved therapeutic implication: the drug and the predicted effect, no codes.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { componentLabel, observationText } from './components';

const LOINC = 'http://loinc.org';
const implication: Observation = {
  resourceType: 'Observation',
  status: 'preliminary',
  code: { text: 'Therapeutic implication' },
  component: [
    {
      code: { coding: [{ system: LOINC, code: '51963-7', display: 'Medication assessed [ID]' }] },
      valueCodeableConcept: { text: 'cetuximab' },
    },
    {
      code: { coding: [{ system: LOINC, code: '93044-6', display: 'Level of evidence' }] },
      valueCodeableConcept: { coding: [{ system: 'https://example.org/cs', code: '1', display: 'Level 1' }] },
    },
    {
      code: { coding: [{ system: LOINC, code: '81259-4', display: 'Associated phenotype' }] },
      valueCodeableConcept: { text: 'colorectal cancer' },
    },
    {
      code: {
        coding: [
          {
            system: 'http://hl7.org/fhir/uv/genomics-reporting/CodeSystem/tbd-codes-cs',
            code: 'predicted-therapeutic-implication',
          },
        ],
      },
      valueCodeableConcept: { coding: [{ system: 'https://example.org/cs', code: 'resistant', display: 'Resistant' }] },
    },
  ],
};

describe('observationText', () => {
  it('reads a therapeutic implication as drug and predicted effect', () => {
    const text = observationText(implication);
    expect(text).toBe('cetuximab: predicted resistant (Level 1, colorectal cancer)');
    expect(text).not.toMatch(/\[ID\]|predicted-therapeutic-implication|Medication assessed/);
  });

  it('labels other components in words', () => {
    const other: Observation = {
      ...implication,
      component: [{ code: { coding: [{ code: 'alteration-assessed' }] }, valueString: 'KRAS G12D' }],
    };
    expect(observationText(other)).toBe('Alteration assessed KRAS G12D');
    expect(componentLabel({ code: { text: 'Gene studied [ID]' } })).toBe('Gene studied');
    expect(observationText({ ...implication, valueString: '42' })).toBe('42');
  });
});

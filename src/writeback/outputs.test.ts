// Checks that OncoAgent's own resources are told apart from the rest of the record.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { isOncoAgentOutput, partitionOutputs } from './outputs';

const obs = (extra: Partial<Observation>): Observation => ({
  resourceType: 'Observation',
  status: 'final',
  code: {},
  ...extra,
});

describe('isOncoAgentOutput', () => {
  it('recognises OncoAgent profiles and identifier systems only', () => {
    const byProfile = obs({
      meta: { profile: ['https://oncoagent.example/fhir/StructureDefinition/oncoagent-recist-response'] },
    });
    const byIdentifier = obs({
      identifier: [{ system: 'https://oncoagent.example/fhir/identifier/workup-item', value: 'w:1' }],
    });
    const lab = obs({
      identifier: [{ system: 'urn:lab', value: '1' }],
      meta: { profile: ['http://hl7.org/fhir/us/core/x'] },
    });
    expect(isOncoAgentOutput(byProfile)).toBe(true);
    expect(isOncoAgentOutput(byIdentifier)).toBe(true);
    expect(isOncoAgentOutput(lab)).toBe(false);
    expect(partitionOutputs([lab, byProfile, byIdentifier])).toEqual([[byProfile, byIdentifier], [lab]]);
  });
});

// Body height for the body surface area: LOINC or named, in cm, m or inches; nothing without a unit.
import type { Observation } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readDosing } from './dosing';

const obs = (id: string, text: string, value: number, unit: string): Observation => ({
  resourceType: 'Observation',
  id,
  status: 'final',
  code: { text },
  valueQuantity: { value, unit },
});

describe('readDosing height', () => {
  it('reads height in cm, m and inches', () => {
    const patient = { resourceType: 'Patient' as const };
    expect(readDosing(patient, [obs('h', 'Body height', 172, 'cm')], '2026-01-01').heightCm).toEqual({
      ref: 'Observation/h',
      value: 172,
    });
    expect(readDosing(patient, [obs('h', 'Height', 1.65, 'm')], '2026-01-01').heightCm?.value).toBe(165);
    expect(readDosing(patient, [obs('h', 'Body height', 70, 'in')], '2026-01-01').heightCm?.value).toBe(177.8);
    expect(readDosing(patient, [obs('h', 'Body height', 172, '')], '2026-01-01').heightCm).toBeUndefined();
  });
});

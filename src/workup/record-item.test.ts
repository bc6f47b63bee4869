// Checks that a cited record item is found and described by the facts a clinician checks.
import type { Observation, Patient } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { emptyRecord, type PatientRecord } from '../../common/record/patient-record';
import { describeRecordItem, findRecordItem } from './record-item';

const patient: Patient = { resourceType: 'Patient', id: 'p1', name: [{ given: ['Anna'], family: 'Test' }] };
const obs: Observation = {
  resourceType: 'Observation',
  id: 'o1',
  status: 'final',
  code: { text: 'MSI status' },
  effectiveDateTime: '2024-03-05T10:00:00Z',
  valueCodeableConcept: { text: 'MSS' },
};
const record: PatientRecord = { ...emptyRecord(patient), observations: [obs] };

describe('record items', () => {
  it('finds items by Type/id, also inside a full URL', () => {
    expect(findRecordItem(record, 'Observation/o1')).toBe(obs);
    expect(findRecordItem(record, 'http://ehr/fhir/Patient/p1')).toBe(patient);
    expect(findRecordItem(record, 'Condition/o1')).toBeUndefined();
    expect(findRecordItem(record, 'o1')).toBeUndefined();
  });

  it('describes an item by title, date, value and status', () => {
    expect(describeRecordItem(obs)).toEqual({
      title: 'Observation: MSI status',
      facts: [
        ['Date', '2024-03-05'],
        ['Value', 'MSS'],
        ['Status', 'final'],
      ],
    });
    expect(describeRecordItem(patient).title).toBe('Patient: Anna Test');
  });
});

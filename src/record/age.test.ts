// Checks the banner's age and MRN as a clinician would read them.
import { describe, expect, it } from 'vitest';
import { ageInYears, ageLabel, medicalRecordNumber } from './age';

const today = new Date(2025, 5, 15); // 15 June 2025

describe('ageInYears', () => {
  it('counts a birthday not yet reached this year', () => {
    expect(ageInYears('1960-06-16', today)).toBe(64);
    expect(ageInYears('1960-06-15', today)).toBe(65);
  });

  it('accepts partial dates', () => {
    expect(ageInYears('1960', today)).toBe(65);
    expect(ageInYears('1960-07', today)).toBe(64);
  });

  it('rejects malformed and future dates', () => {
    expect(ageInYears('15/06/1960', today)).toBeUndefined();
    expect(ageInYears('2030-01-01', today)).toBeUndefined();
    expect(ageInYears(undefined, today)).toBeUndefined();
  });
});

describe('ageLabel', () => {
  it('shows years, deceased or unknown', () => {
    expect(ageLabel({ resourceType: 'Patient', birthDate: '1970-01-01' }, today)).toBe('55 y');
    expect(ageLabel({ resourceType: 'Patient', deceasedDateTime: '2024-02-03T10:00:00Z' }, today)).toBe(
      'deceased 2024-02-03'
    );
    expect(ageLabel({ resourceType: 'Patient' }, today)).toBe('age unknown');
  });
});

describe('medicalRecordNumber', () => {
  it('prefers the MR-typed identifier', () => {
    const mrn = medicalRecordNumber({
      resourceType: 'Patient',
      identifier: [
        { system: 'urn:ssn', value: '999' },
        { type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'MR' }] }, value: 'M-1' },
      ],
    });
    expect(mrn).toBe('M-1');
  });
});

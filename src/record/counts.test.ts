// The progress line names what was read in words, not in field names.
import { describe, expect, it } from 'vitest';
import { countsText } from './counts';

describe('countsText', () => {
  it('writes counts in words with singulars', () => {
    expect(countsText({ conditions: 3, imagingStudies: 2, documents: 1, procedures: 0 })).toBe(
      '3 conditions, 2 imaging studies, 1 document'
    );
    expect(countsText({ ImagingStudy: 1, Observation: 12 })).toBe('1 imaging study, 12 observations');
    expect(countsText({ carePlans: 2 })).toBe('2 care plans');
    expect(countsText(undefined)).toBe('');
  });
});

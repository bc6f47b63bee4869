// Checks the plain words shown for tools, calls, durations and modes.
import { describe, expect, it } from 'vitest';
import { callDetail, formatMs, modeLabel, toolTitle } from './labels';

describe('labels', () => {
  it('names tools in plain words, including ones added later', () => {
    expect(toolTitle('assess_response')).toBe('Assess tumour response (RECIST 1.1)');
    expect(toolTitle('trial_search')).toBe('Trial search');
  });

  it('says what a call is about without long ids', () => {
    expect(callDetail('variant_actionability', { gene: 'BRAF', alteration: 'V600E', tumorType: 'CRC' })).toBe(
      'BRAF V600E in CRC'
    );
    // Issue 16: a clinician reads words, never a reference such as "ImagingStudy/ct1".
    expect(callDetail('segment_lesion', { image: 'ImagingStudy/ct1/series/1.2/instances/3.4' })).toBe(
      'the imaging study'
    );
    expect(callDetail('assess_response', { baseline: [] })).toBeUndefined();
    expect(callDetail('pubmed_search', null)).toBeUndefined();
  });

  it('formats durations and modes', () => {
    expect([formatMs(85.4), formatMs(1430), formatMs(125_000)]).toEqual(['85 ms', '1.4 s', '2 min 5 s']);
    expect(modeLabel('none')).toBe('offline rules, no language model');
  });
});

// Lesions are named by anatomy from the record's report, not by their pixel box, also after a re-measure.
import { describe, expect, it } from 'vitest';
import { labelFromTexts, studyLesions } from './lesions';
import { BOX, segmentCall, viewerRecord } from './testing/record';

describe('lesion labels', () => {
  it('takes the name from the report line that gives the box', () => {
    const texts = ['Technique: series 2.', `- Segment IVa lesion, series 2 image 3, Location: [10, 20, 30, 40], 16 mm`];
    expect(labelFromTexts(texts, [10, 20, 30, 40])).toBe('Segment IVa lesion');
    expect(labelFromTexts(texts, [10, 20, 30, 41])).toBeUndefined();
    expect(labelFromTexts(['Segment VIII observation (Location: [1, 2, 3, 4])'], [1, 2, 3, 4])).toBe(
      'Segment VIII observation'
    );
  });

  it("lists the study's measured lesions with their slice and anatomy, keeping the name after an adjustment", () => {
    const record = viewerRecord();
    const [lesion] = studyLesions([segmentCall], record, 'ct1');
    expect(lesion).toMatchObject({ label: 'Segment VII lesion', box: BOX, longestDiameterMm: 28.4, adjusted: false });
    const moved = {
      ...segmentCall,
      output: {
        ...(segmentCall.output as object),
        box: [3, 3, 6, 6],
        longestDiameterMm: 20,
        adjustment: { by: 'clinician', original: { box: BOX, longestDiameterMm: 28.4 } },
      },
    };
    expect(studyLesions([moved], record, 'ct1')[0]).toMatchObject({ label: 'Segment VII lesion', adjusted: true });
    expect(studyLesions([segmentCall], record, 'other')).toEqual([]);
    expect(studyLesions([{ ...segmentCall, status: 'error' }], record, 'ct1')).toEqual([]);
  });
});

// Lesion boxes in report text: bracketed or stated as a place, with series/image and anatomy, and nothing else.
import { describe, expect, it } from 'vitest';
import { parseLesionMarks } from './lesion-marks';

describe('parseLesionMarks', () => {
  it('reads bracketed boxes with their series, image and anatomic label', () => {
    const text = [
      'Liver:',
      '- Segment II lesion, series 3 image 12, Location: [100, 120, 140, 150], about 20 mm.',
      '- Segment VI lesion, series 3 image 20, Location: [300, 310, 330, 352].',
    ].join('\n');
    expect(parseLesionMarks(text)).toEqual([
      { box: [100, 120, 140, 150], series: 3, image: 12, label: 'Segment II lesion', anatomy: 'segment ii' },
      { box: [300, 310, 330, 352], series: 3, image: 20, label: 'Segment VI lesion', anatomy: 'segment vi' },
    ]);
  });

  it('accepts an unbracketed box only in a sentence that gives a place', () => {
    const marks = parseLesionMarks(
      'The dominant nodule sits at coordinates 40, 50, 70, 90. Doses 1, 2, 3, 4 were given.'
    );
    expect(marks.map((m) => m.box)).toEqual([[40, 50, 70, 90]]);
  });

  it('ignores impossible boxes, longer number lists and repeated boxes', () => {
    const text = 'Boxes [50, 50, 40, 60] and [10, 10, 20, 20, 30] at location [5, 5, 9, 9]; again [5, 5, 9, 9].';
    expect(parseLesionMarks(text).map((m) => m.box)).toEqual([[5, 5, 9, 9]]);
  });

  it('keeps a label for the first box of a list only', () => {
    const marks = parseLesionMarks(
      'The biggest mass is located at [10, 10, 30, 30], smaller ones at [40, 40, 50, 50].'
    );
    expect(marks[0]?.label).toBe('The biggest mass');
    expect(marks[1]?.label).toBeUndefined();
  });
});

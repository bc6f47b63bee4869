import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { findColorectalSize } from './size';

const size = (text: string) => findColorectalSize(makeDoc(text).sentences)?.cm ?? null;

describe('colorectal tumour size (greatest dimension of the tumour, CAP)', () => {
  it('reads a size field naming the tumour and numbers in words', () => {
    expect(size('Size of tumour: 28 mm. The transverse colon is opened.')).toBe(2.8);
    expect(size('The tumour measures thirty-five millimetres across.')).toBe(3.5);
  });

  it('keeps a segment word before the tumour noun as a modifier and reads the tumour after "with"', () => {
    expect(size('The caecal tumour, which measures 5 cm, is fungating.')).toBe(5);
    expect(size('Descending colon with a stenosing carcinoma measuring 4.4 cm.')).toBe(4.4);
  });

  it('does not take the length of a stalk or a scar for the tumour', () => {
    expect(size('A pedunculated tumour with a 2 cm stalk; its head is 1.1 cm.')).not.toBe(2);
    expect(size('A polypoid tumour on a 1.8 cm stalk.')).toBeNull();
  });

  it('reads hyphenated lengths, axis labels and "the greatest dimension of the tumour is"', () => {
    expect(size('A 3.7-cm ulcerated tumour is present.')).toBe(3.7);
    expect(size('The tumour measures 2 cm (longitudinal) by 3.7 cm (circumferential).')).toBe(3.7);
    expect(size('The greatest dimension of the tumour is 3.7 cm.')).toBe(3.7);
  });

  it('reads "it measures" after the sentence that names the tumour, and the length of bowel it spans', () => {
    expect(size('A stenosing tumour is present. It measures 3.7 cm.')).toBe(3.7);
    expect(size('A polyp is present. It measures 1.2 cm.')).toBeNull();
    expect(size('The annular tumour spans 3.7 cm of the bowel.')).toBe(3.7);
  });
});

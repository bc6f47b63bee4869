// Reads numbers written in words or digits and node counts in every common form (2 of 14, 1/1, none of 12), without
// adding separate numbers or reading station names and dates as counts.
import { describe, expect, it } from 'vitest';
import { digitize, findNumbers, findRatios, findWordNumbers, parseNumber } from './numbers';

describe('numbers in words and digits', () => {
  it('reads cardinals written in words, hyphenated or not', () => {
    expect(parseNumber('twenty-one')).toBe(21);
    expect(parseNumber('Thirty four')).toBe(34);
    expect(parseNumber('one hundred')).toBe(100);
    expect(parseNumber('two hundred and seven')).toBe(207);
    expect(parseNumber('eleven')).toBe(11);
    expect(parseNumber('3.5')).toBe(3.5);
  });

  it('reads quantifiers that stand for counts, and refuses what is not a number', () => {
    expect(parseNumber('a single')).toBe(1);
    expect(parseNumber('none')).toBe(0);
    expect(parseNumber('no')).toBe(0);
    expect(parseNumber('several')).toBeUndefined();
    expect(parseNumber('one of')).toBeUndefined();
  });

  it('keeps separate numbers apart instead of adding them up', () => {
    expect(findWordNumbers('three of nineteen').map((n) => n.value)).toEqual([3, 19]);
    expect(findWordNumbers('one hundred and the rest').map((n) => n.text)).toEqual(['one hundred']);
    expect(findWordNumbers('Someone took a tone').length).toBe(0);
  });

  it('finds digits and words in text order, not inside station names or dates', () => {
    const found = findNumbers('Station 4R held five nodes; 2.5 cm; seven more.');
    expect(found.map((n) => n.value)).toEqual([5, 2.5, 7]);
  });

  it('digitizes words to digits without moving offsets', () => {
    const text = 'Metastasis in two of fourteen nodes.';
    const d = digitize(text);
    expect(d).toHaveLength(text.length);
    expect(d).toMatch(/\b2\s+of 14\s+nodes/);
    expect(d.indexOf('nodes')).toBe(text.indexOf('nodes'));
  });

  it('reads part-of-whole counts in every common form', () => {
    const r = (t: string) => findRatios(t).map((x) => [x.numerator, x.denominator]);
    expect(r('carcinoma in two of fourteen regional nodes')).toEqual([[2, 14]]);
    expect(r('one out of eight hilar nodes')).toEqual([[1, 8]]);
    expect(r('Level 10R: 1/1; 4R 0 / 3')).toEqual([
      [1, 1],
      [0, 3],
    ]);
    expect(r('none of the 12 nodes')).toEqual([[0, 12]]);
    expect(r('station 7 (0/2)')).toEqual([[0, 2]]);
    expect(r('seen on 12/03/2024')).toEqual([]);
  });

  it('quotes the whole ratio as written', () => {
    expect(findRatios('in three of twenty-one nodes')[0]?.text).toBe('three of twenty-one');
  });
});

// Reads staining proportions as ranges (percentages with comparators, words and fractions) in text order, and never
// takes a bare number for a percentage.
import { describe, expect, it } from 'vitest';
import { findFractions, findPercents, findProportions } from './numbers-extent';

const range = (p: { low: number; high: number }) => [p.low, p.high];

describe('proportions in digits and words', () => {
  it('reads plain percentages, comparators and ranges', () => {
    expect(findPercents('stains 35% of nuclei').map(range)).toEqual([[35, 35]]);
    expect(findPercents('in > 80 % of cells').map(range)).toEqual([[80, 100]]);
    expect(findPercents('in fewer than 5 percent').map(range)).toEqual([[0, 5]]);
    expect(findPercents('in 15-25% of cells').map(range)).toEqual([[15, 25]]);
    expect(findPercents('in 15% to 25% of cells').map(range)).toEqual([[15, 25]]);
  });

  it('reads percentages written in words', () => {
    expect(findPercents('over seventy per cent of the tumour').map(range)).toEqual([[70, 100]]);
  });

  it('does not take a bare number for a percentage', () => {
    expect(findPercents('measures 35 mm in 3 blocks')).toEqual([]);
  });

  it('reads fractions in words with their qualifiers', () => {
    expect(findFractions('approximately half of the cells').map(range)).toEqual([[50, 50]]);
    expect(findFractions('about one third').map(range)).toEqual([[33, 33]]);
    expect(findFractions('two-thirds of the nests').map(range)).toEqual([[67, 67]]);
    expect(findFractions('less than a quarter').map(range)).toEqual([[0, 25]]);
  });

  it('lists every proportion in text order', () => {
    expect(findProportions('half in block A, 10% in block B').map((p) => p.text)).toEqual(['half', '10%']);
  });

  it('reads tenths and numerators up to nine', () => {
    expect(findFractions('in about nine tenths of cells').map(range)).toEqual([[90, 90]]);
    expect(findFractions('a tenth of the tumour').map(range)).toEqual([[10, 10]]);
  });
});

// Gene results in free text keep each verdict within its scope: a negative list is negative for every gene it names,
// a positive result for one gene does not spill onto its neighbours, and a test not done yields no result at all.
import { describe, expect, it } from 'vitest';
import { geneVerdicts } from './gene-verdicts';

/** "GENE[ change]:+|-" per verdict, in text order. */
const read = (text: string) =>
  geneVerdicts(text).map((v) => `${v.gene}${v.protein ? ` ${v.protein}` : ''}:${v.present ? '+' : '-'}`);

describe('geneVerdicts', () => {
  it('reads a negative statement over a list of genes as negative for each (never as mutations)', () => {
    expect(read('Sequencing: no KRAS, NRAS or BRAF mutation detected.')).toEqual(['KRAS:-', 'NRAS:-', 'BRAF:-']);
    expect(read('KRAS, NRAS and BRAF: no mutation detected')).toEqual(['KRAS:-', 'NRAS:-', 'BRAF:-']);
    expect(read('Tumour is negative for KRAS, NRAS and BRAF mutations.')).toEqual(['KRAS:-', 'NRAS:-', 'BRAF:-']);
    expect(read('There is no pathogenic variant in KRAS or BRAF.')).toEqual(['KRAS:-', 'BRAF:-']);
    expect(read('Neither KRAS nor NRAS is mutated.')).toEqual(['KRAS:-', 'NRAS:-']);
  });

  it('expands RAS to KRAS and NRAS for a wild-type result, including genes listed in a parenthesis', () => {
    expect(read('RAS/BRAF wild-type')).toEqual(['KRAS:-', 'NRAS:-', 'BRAF:-']);
    const extended = read('Extended RAS analysis negative (KRAS exons 2-4, NRAS exons 2-4).');
    expect(new Set(extended)).toEqual(new Set(['KRAS:-', 'NRAS:-']));
  });

  it('gives each gene its own verdict when positive and negative results share a sentence', () => {
    expect(read('BRAF V600E not detected; KRAS G12D detected')).toEqual(['BRAF V600E:-', 'KRAS G12D:+']);
    expect(read('BRAF V600E not detected, KRAS G12D detected')).toEqual(['BRAF V600E:-', 'KRAS G12D:+']);
    expect(read('KRAS c.35G>A p.G12D detected, NRAS and BRAF wild-type.')).toEqual(['KRAS G12D:+', 'NRAS:-', 'BRAF:-']);
    expect(read('No KRAS mutation, BRAF V600E detected.')).toEqual(['KRAS:-', 'BRAF V600E:+']);
    expect(read('KRAS G12D, no other mutation detected.')).toEqual(['KRAS G12D:+']);
  });

  it('reads no result from a test that was not done, is pending, or a drug class', () => {
    expect(read('Mismatch repair and RAS/BRAF testing not yet performed.')).toEqual([]);
    expect(read('No KRAS testing has been performed.')).toEqual([]);
    expect(read('BRAF V600E testing pending')).toEqual([]);
    expect(read('Discussed a KRAS G12C inhibitor trial.')).toEqual([]);
    expect(read('KRAS G12D detected, BRAF pending')).toEqual(['KRAS G12D:+']);
  });

  it('reads no result from a condition or a question in a plan', () => {
    expect(read('Plan: FOLFOX plus panitumumab if RAS wild-type.')).toEqual([]);
    expect(read('Awaiting whether KRAS is mutated; NRAS wild-type.')).toEqual(['NRAS:-']);
  });

  it('reads amplification, fusion and IHC scores, and does not take English words for genes', () => {
    expect(geneVerdicts('HER2 IHC 2+, ISH not amplified')).toMatchObject([{ gene: 'ERBB2', present: false }]);
    expect(geneVerdicts('FGFR2 fusion positive')).toMatchObject([{ gene: 'FGFR2', present: true, kind: 'fusion' }]);
    expect(read('She met the criteria and is not a candidate.')).toEqual([]);
  });
});

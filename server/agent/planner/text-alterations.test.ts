// Alterations read from report text: affirmed ones are found, negated, wild-type and expression-only ones are not.
import { describe, expect, it } from 'vitest';
import { textAlterations } from './text-alterations';

const read = (text: string) =>
  textAlterations([{ ref: 'DiagnosticReport/x', text }]).map((a) => `${a.gene ?? ''} ${a.alteration}`.trim());

describe('textAlterations', () => {
  it('keeps a mutation whose clause is affirmed and drops one negated after a semicolon', () => {
    expect(read('Panel sequencing: KRAS p.Gly12Asp detected; negative for BRAF V600E.')).toEqual(['KRAS G12D']);
  });
  it('reads a protein change written after the cDNA change', () => {
    expect(read('BRAF V600E was not detected, whereas KRAS c.35G>T p.G12V is present')).toEqual(['KRAS G12V']);
  });
  it('returns nothing for wild-type results', () => {
    expect(read('The tumour is RAS wild-type and BRAF wild type.')).toEqual([]);
  });
  it('takes HER2 3+ as an amplification but not PD-L1 or CLDN18.2 expression', () => {
    expect(read('HER2 IHC 3+; PD-L1 CPS 5; CLDN18.2 positive in 80% of cells.')).toEqual(['ERBB2 amplification']);
  });
  it('ends a negation at "but"', () => {
    expect(read('No NTRK fusion, but an FGFR2 rearrangement is present')).toEqual(['FGFR2 fusion']);
  });
  it('reads dMMR from loss of MMR proteins and nothing from a stable, proficient tumour', () => {
    expect(read('Loss of MLH1 and PMS2 expression.')).toEqual(['dMMR']);
    expect(read('Microsatellite stable; mismatch repair proficient.')).toEqual([]);
  });
});

describe('textAlterations negation over a list of genes', () => {
  it('negates every gene of a comma-separated list after "no"', () => {
    expect(read('No NTRK, NRG1, RET or ALK fusion detected.')).toEqual([]);
  });
});

describe('textAlterations on test names', () => {
  it('does not take the name of a test for its result', () => {
    expect(read('KRAS mutation analysis\nResult: no mutation detected in KRAS exons 2-4.')).toEqual([]);
    expect(read('BRAF mutation status: wild-type')).toEqual([]);
  });
});

describe('textAlterations: amplification negation, MMR and TMB wording', () => {
  it('does not read "not amplified" as an amplification', () => {
    expect(read('HER2: not amplified by FISH (ratio 1.2).')).toEqual([]);
    expect(read('ERBB2 amplified (HER2/CEP17 ratio 4.1).')).toEqual(['ERBB2 amplification']);
  });
  it('reads MMR-deficient and high microsatellite instability', () => {
    expect(read('The carcinoma is MMR-deficient.')).toEqual(['dMMR']);
    expect(read('Sequencing shows high microsatellite instability.')).toEqual(['MSI-H']);
  });
  it('takes a TMB at or above 10 mutations/Mb as TMB-high, not a lower one', () => {
    expect(read('TMB 14 mut/Mb.')).toEqual(['TMB-H']);
    expect(read('TMB 4 mutations per megabase.')).toEqual([]);
  });
});

describe("textAlterations: variants that are not this tumour's targets", () => {
  it("skips a variant of uncertain significance and a relative's result, keeping the pathogenic one", () => {
    expect(
      read('BRCA2 c.7007G>A p.R2336H, variant of uncertain significance. KRAS G12D detected (pathogenic).')
    ).toEqual(['KRAS G12D']);
    expect(read('Family history: her sister carries a BRCA1 mutation.')).toEqual([]);
  });
});

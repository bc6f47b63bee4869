// variant_actionability looks up alterations written in reports too, once per gene and class, never wild-type
// results or expression markers.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { variantActionabilityRule } from './planner';

describe('variantActionabilityRule with report text', () => {
  it('looks up a HER2 amplification and an MSI-H result written in reports, not PD-L1 or CLDN18.2', () => {
    const facts = factsWith('Gastric adenocarcinoma', {
      texts: [
        { ref: 'DiagnosticReport/ihc', text: 'HER2 IHC 3+. PD-L1 CPS 10. CLDN18.2 positive (75 %).' },
        { ref: 'DiagnosticReport/ngs', text: 'MSI-high; KRAS wild-type.' },
      ],
    });
    expect(startRule(variantActionabilityRule(), facts).map((c) => c.args)).toEqual([
      { gene: 'ERBB2', alteration: 'amplification', tumorType: 'gastric adenocarcinoma' },
      { alteration: 'MSI-H', tumorType: 'gastric adenocarcinoma' },
    ]);
  });
  it('does not look up again what a structured result already gives', () => {
    const facts = factsWith('Colon cancer', {
      biomarkers: {
        variants: [{ ref: 'Observation/v', gene: 'BRAF', alteration: 'p.Val600Glu', present: true, verified: true }],
        msi: [],
        mmr: [],
        tmb: [],
      },
      texts: [{ ref: 'DiagnosticReport/n', text: 'NGS: BRAF V600E detected.' }],
    });
    expect(startRule(variantActionabilityRule(), facts)).toHaveLength(1);
  });
});

describe('variantActionabilityRule: only alterations that can be targets', () => {
  it('does not look up a variant of uncertain significance nor a TP53 or APC mutation, and looks up KRAS G12C', () => {
    const v = (id: string, gene: string, alteration: string, uncertain = false) => ({
      ref: `Observation/${id}`,
      gene,
      alteration,
      present: true,
      verified: true,
      ...(uncertain ? { uncertain } : {}),
    });
    const facts = factsWith('Pancreatic ductal adenocarcinoma', {
      biomarkers: {
        variants: [
          v('tp53', 'TP53', 'p.Arg175His'),
          v('apc', 'APC', 'p.Arg1450*'),
          v('brca', 'BRCA2', 'p.Arg2336His', true),
          v('kras', 'KRAS', 'p.Gly12Cys'),
        ],
        msi: [],
        mmr: [],
        tmb: [],
      },
    });
    expect(startRule(variantActionabilityRule(), facts).map((c) => (c.args as { gene: string }).gene)).toEqual([
      'KRAS',
    ]);
  });
});

describe('variantActionabilityRule: one question, one lookup', () => {
  it('looks up MSI-H once and no separate TMB-H beside it; TMB-H alone is looked up', () => {
    const both = factsWith('Colon cancer', {
      texts: [{ ref: 'DiagnosticReport/ngs', text: 'MSI-high. TMB 52 mutations/Mb.' }],
    });
    expect(startRule(variantActionabilityRule(), both).map((c) => c.args)).toEqual([
      { alteration: 'MSI-H', tumorType: 'colorectal cancer' },
    ]);
    const tmb = factsWith('Colon cancer', {
      texts: [{ ref: 'DiagnosticReport/ngs', text: 'Microsatellite stable. TMB 14 mutations/Mb.' }],
    });
    expect(startRule(variantActionabilityRule(), tmb).map((c) => c.args)).toEqual([
      { alteration: 'TMB-H', tumorType: 'colorectal cancer' },
    ]);
  });
});

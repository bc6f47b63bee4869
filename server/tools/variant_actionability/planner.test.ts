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

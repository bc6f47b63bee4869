// Extractive quotes: the best sentences for a query, never a fragment cut by the chunk boundary, and a containment
// check that fails for text the passage does not hold.
import { describe, expect, it } from 'vitest';
import { bestQuote, quoteInPassage, sentences, specificTerms } from './extract';

const passage = [
  'ertain regimens were tested in older trials only.',
  '- **RAS (KRAS and NRAS, exons 2, 3 and 4):** any activating mutation excludes anti-EGFR antibodies (cetuximab, panitumumab).',
  '- **BRAF V600E:** present in about 8 to 10 percent; poor prognosis, e.g. in right-sided tumours.',
  'Hypertension is common with bevacizumab. Blood pressure should be checked before each cycle.',
  'Comprehensive NGS panels cover RAS, BRAF and HER2 at o',
].join('\n');

describe('sentences', () => {
  it('splits lines and sentences, keeps abbreviations whole and flags chunk-boundary fragments', () => {
    const s = sentences(passage);
    expect(s.map((x) => x.complete)).toEqual([false, true, true, true, true, false]);
    expect(s[2]!.text).toBe(
      'BRAF V600E: present in about 8 to 10 percent; poor prognosis, e.g. in right-sided tumours.'
    );
  });
});

describe('bestQuote', () => {
  it('quotes the sentence sharing most query terms, without markdown', () => {
    expect(bestQuote(passage, 'KRAS mutation anti-EGFR antibodies')).toBe(
      'RAS (KRAS and NRAS, exons 2, 3 and 4): any activating mutation excludes anti-EGFR antibodies (cetuximab, panitumumab).'
    );
  });

  it('joins two matching sentences, with an ellipsis where they are not adjacent', () => {
    const q = bestQuote(passage, 'KRAS NRAS anti-EGFR and blood pressure on bevacizumab hypertension');
    expect(q).toBe(
      'RAS (KRAS and NRAS, exons 2, 3 and 4): any activating mutation excludes anti-EGFR antibodies (cetuximab, panitumumab). … Hypertension is common with bevacizumab.'
    );
    expect(quoteInPassage(q!, passage)).toBe(true);
  });

  it('never quotes a fragment, and needs a subject term when one is given', () => {
    expect(bestQuote(passage, 'older trials regimens')).toBeUndefined();
    expect(bestQuote(passage, 'HER2 NGS panels')).toBeUndefined();
    const specific = specificTerms('ROS1 fusion metastatic colorectal cancer targeted therapy', 'colorectal cancer');
    expect([...specific]).toEqual(['ros1']);
    expect(bestQuote(passage, 'ROS1 fusion anti-EGFR antibodies', { specific })).toBeUndefined();
  });
});

describe('quoteInPassage', () => {
  it('fails for words the passage does not hold, or sentences it holds apart as one', () => {
    expect(quoteInPassage('Hypertension is common with bevacizumab.', passage)).toBe(true);
    expect(quoteInPassage('Hypertension is rare with bevacizumab.', passage)).toBe(false);
    const apart =
      'any activating mutation excludes anti-EGFR antibodies (cetuximab, panitumumab). Hypertension is common';
    expect(quoteInPassage(apart, passage)).toBe(false);
    expect(quoteInPassage(apart.replace('. Hyp', '. … Hyp'), passage)).toBe(true);
  });
});

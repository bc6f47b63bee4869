// Lexical matching folds case and accents, stems plurals, and expands oncology abbreviations both ways (mCRC,
// 5-FU, dMMR) without adding noise, so a query finds text that spells the term differently.
import { describe, expect, it } from 'vitest';
import { compileSynonyms, contentTerms, expandQuery, stem, tokenize } from './lexical';

const phrases = (query: string) => expandQuery(query).map((p) => p.join(' '));

describe('tokenize and stem', () => {
  it('lowercases, folds accents and splits on punctuation', () => {
    expect(tokenize('5-FU/Leucovorin — Tumöur (dMMR)')).toEqual(['5', 'fu', 'leucovorin', 'tumour', 'dmmr']);
    expect(stem('tumours')).toBe('tumour');
    expect(stem('therapies')).toBe('therapy');
    expect(stem('metastasis')).toBe('metastasis');
    expect(contentTerms('What is the role of the tumours?')).toEqual(['role', 'tumour']);
  });
});

describe('expandQuery (bundled oncology synonyms)', () => {
  it('expands abbreviations to their long forms and back', () => {
    expect(phrases('first-line therapy for mCRC')).toContain('metastatic colorectal cancer');
    expect(phrases('metastatic colorectal cancer with liver metastases')).toContain('mcrc');
    expect(phrases('5-FU toxicity')).toEqual(expect.arrayContaining(['fluorouracil', '5fu']));
    expect(phrases('dMMR tumours')).toEqual(expect.arrayContaining(['mismatch repair deficient', 'tumors']));
    expect(phrases('iCCA with FGFR2 fusion')).toEqual(
      expect.arrayContaining(['intrahepatic cholangiocarcinoma', 'pemigatinib'])
    );
    expect(phrases('anti-EGFR rechallenge')).toEqual(expect.arrayContaining(['cetuximab', 'panitumumab']));
  });

  it('adds nothing the query already says and nothing for unrelated words', () => {
    expect(phrases('HCC hepatocellular carcinoma')).not.toContain('hepatocellular carcinoma');
    expect(phrases('the weather today')).toEqual([]);
  });

  it('rejects synonym data of the wrong shape', () => {
    expect(() => compileSynonyms({ equivalent: [['only-one']], narrower: {} })).toThrow();
    const custom = compileSynonyms({ equivalent: [['ABC', 'alpha beta gamma']], narrower: { abc: ['delta'] } });
    expect(expandQuery('abc', custom).map((p) => p.join(' '))).toEqual(['alpha beta gamma', 'delta']);
  });
});

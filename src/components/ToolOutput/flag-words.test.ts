// Tool flags in words: the BCLC assumption names the clinical judgement, not the parameter `liverFunctionPreserved`.
import { describe, expect, it } from 'vitest';
import { flagWords } from './flag-words';

describe('flagWords', () => {
  it('says the BCLC liver-function assumption in words', () => {
    expect(
      flagWords(
        'Needed: a clinical judgement of liver function for Child-Pugh B. liverFunctionPreserved: true would stage ' +
          'this patient A; liverFunctionPreserved: false would stage D.'
      )
    ).toBe(
      'Needed: a clinical judgement of liver function for Child-Pugh B. Liver function judged preserved would stage ' +
        'this patient A; liver function judged end-stage would stage D.'
    );
  });

  it('drops a parenthesis that repeats the words before it, and spells out unknown flags', () => {
    expect(flagWords('liver function judged preserved (liverFunctionPreserved: true)')).toBe(
      'Liver function judged preserved'
    );
    expect(flagWords('Assumed priorSystemicTherapy=false.')).toBe('Assumed prior systemic therapy: no.');
  });

  it('leaves text without flags alone', () => {
    expect(flagWords('Child-Pugh B: 7 points')).toBe('Child-Pugh B: 7 points');
    expect(flagWords(undefined)).toBeUndefined();
  });
});

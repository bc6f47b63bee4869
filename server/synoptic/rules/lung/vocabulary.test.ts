// The lung vocabulary for misspelt key words: slips are put right, real neighbouring words are kept.
import { describe, expect, it } from 'vitest';
import { correctSpelling } from './vocabulary';

describe('correctSpelling (lung)', () => {
  it('puts right a dropped, added or swapped letter in a key word', () => {
    expect(correctSpelling('Adenocarcnoma; squamous cell carcinoam; Plerua: PL1; margnis clear; 1/2 positve')).toBe(
      'Adenocarcinoma; squamous cell carcinoma; Pleura: PL1; margins clear; 1/2 positive'
    );
  });

  it('keeps real words next to key words and short words as written', () => {
    const t = 'bronchial obstruction; TTF-1 positivity; cytologic atelectatic notes on statins';
    expect(correctSpelling(t)).toBe(t);
  });
});

// Misspelt key words: the edit distance with swaps and the vocabulary corrector, on words a report might contain.
import { describe, expect, it } from 'vitest';
import { editDistance, makeSpeller } from './spelling';

describe('editDistance', () => {
  it('counts a swap of neighbouring letters as one edit', () => {
    expect(editDistance('pluera', 'pleura', 2)).toBe(1);
    expect(editDistance('adenocarcinmoa', 'adenocarcinoma', 2)).toBe(1);
    expect(editDistance('positve', 'positive', 2)).toBe(1);
    expect(editDistance('carcinoma', 'melanoma', 1)).toBe(2);
  });
});

describe('makeSpeller', () => {
  const fix = makeSpeller(['pleura', 'pleural', 'carcinoma', 'adenocarcinoma', 'margins', 'invasion', 'invasive']);

  it('corrects a word one edit from a single vocabulary word and keeps its case', () => {
    expect(fix('Pluera: PL0. Margnis: negative. ADENOCARCINMOA, 3 cm')).toBe(
      'Pleura: PL0. Margins: negative. ADENOCARCINOMA, 3 cm'
    );
  });

  it('leaves known words, short words and far words alone', () => {
    expect(fix('pleural invasion; notes: melanoma; statins')).toBe('pleural invasion; notes: melanoma; statins');
  });

  it('leaves a word that is equally near two vocabulary words as written', () => {
    const tie = makeSpeller(['invades', 'invaded']);
    expect(tie('invadex')).toBe('invadex');
  });
});

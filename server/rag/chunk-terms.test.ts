// Chunk terms: computed once per chunk, computed again when the chunk's text changes under the same id.
import { describe, expect, it } from 'vitest';
import { chunkTerms } from './chunk-terms';

const chunk = (text: string) => ({ id: 'doc#sec@128:0', text, title: 'Liver metastases', section: 'Resection' });

describe('chunkTerms', () => {
  it('gives stemmed terms, heading terms and unstemmed words without function words', () => {
    const t = chunkTerms(chunk('Resected tumours of the liver'));
    expect([...t.terms]).toEqual(['resected', 'tumour', 'liver']);
    expect([...t.heading]).toEqual(['liver', 'metastase', 'resection']);
    expect([...t.words]).toEqual(['resected', 'tumours', 'liver']);
  });

  it('returns the same sets for the same chunk and new ones when its text changed', () => {
    const a = chunkTerms(chunk('Ablation of small lesions'));
    expect(chunkTerms(chunk('Ablation of small lesions'))).toBe(a);
    const b = chunkTerms(chunk('Transplantation criteria'));
    expect(b).not.toBe(a);
    expect([...b.terms]).toEqual(['transplantation', 'criteria']);
  });
});

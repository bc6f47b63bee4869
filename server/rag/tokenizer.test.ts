// The tokenizer is exactly cl100k_base (same tokens as js-tiktoken on the whole corpus), round-trips text, treats
// special-token markers as plain text and reports token offsets, so chunk sizes and counts are right.
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Tiktoken } from 'js-tiktoken/lite';
import cl100k from 'js-tiktoken/ranks/cl100k_base';
import { describe, expect, it } from 'vitest';
import { countTokens, decode, encode, encodeWithOffsets, TOKENIZER_ENCODING } from './tokenizer';

const KNOWLEDGE = resolve(import.meta.dirname, '../../knowledge');

describe('tokenizer', () => {
  it('is cl100k_base: known ids and counts', () => {
    expect(TOKENIZER_ENCODING).toBe('cl100k_base');
    expect(encode('hello world')).toEqual([15339, 1917]);
    expect(countTokens('hello world')).toBe(2);
    expect(countTokens('')).toBe(0);
  });

  it('gives exactly the tokens of js-tiktoken on the whole corpus and on tricky text', () => {
    const reference = new Tiktoken(cl100k);
    const texts = readdirSync(KNOWLEDGE)
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(resolve(KNOWLEDGE, f), 'utf8'));
    texts.push('≥5 mm, µg/m², ﬁbrosis, naïve, 肝癌, emoji 🧬🧬, tabs\t\tand   spaces\n\n\n  end  ');
    for (const text of texts) expect(encode(text)).toEqual(reference.encode(text, [], []));
  });

  it('round-trips text and treats special-token markers as plain text', () => {
    const text = 'Stage IIIC (pT4b N2a) — see <|endoftext|> ≥ 12 nodes 🧬';
    expect(decode(encode(text))).toBe(text);
    expect(encode('<|endoftext|>')).not.toContain(100257);
  });

  it('reports where each token starts, and -1 inside a split character', () => {
    const ascii = encodeWithOffsets('Adjuvant FOLFOX for six months.');
    expect(ascii.starts.at(-1)).toBe('Adjuvant FOLFOX for six months.'.length);
    ascii.tokens.forEach((t, i) => {
      expect('Adjuvant FOLFOX for six months.'.slice(ascii.starts[i], ascii.starts[i + 1])).toBe(decode([t]));
    });
    // "≥" at the start of a text is two byte-level tokens: the second starts inside the character.
    const split = encodeWithOffsets('≥5');
    expect(split.tokens.length).toBe(3);
    expect(split.starts).toEqual([0, -1, 1, 2]);
    expect(encodeWithOffsets('🧬').starts[0]).toBe(0);
  });
});

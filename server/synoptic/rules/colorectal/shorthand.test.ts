// Colorectal resection texts in shorthand and less usual phrasings (margin abbreviations, margin lines without the word
// "margin", staple lines and doughnuts, depth wording for T4a/T4b, microscopic depth and explicit pT, ypT0, telegraphic
// perforation negatives, sizes in brackets or glued to "mm", several tumours), written for this project with the truth
// taken from CAP / AJCC 8 before the rules were run: each item must be answered as the truth says (null: unanswered).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../../common/contracts';
import { extractColorectal } from '.';

interface ShorthandCase {
  id: string;
  note: string;
  text: string;
  truth: Record<string, AnswerValue | null>;
}

const CASES = JSON.parse(
  readFileSync(resolve(import.meta.dirname, 'fixtures/shorthand.json'), 'utf8')
) as ShorthandCase[];

describe('colorectal shorthand and depth phrasings', () => {
  it.each(CASES.map((c) => [c.id, c.note, c] as const))('%s (%s)', (_id, _note, c) => {
    const { answers } = extractColorectal(c.text);
    const got = Object.fromEntries(Object.keys(c.truth).map((k) => [k, answers[k]?.value ?? null]));
    expect(got).toEqual(c.truth);
  });

  it.each([
    'Colectomy specimen, unorientated, without small bowel, appendix or rectum. Ulcerated tumour 3 cm, 5 cm from one cut end.',
    'Resected colon, orientation not provided. Tumour 2.5 cm; no rectum, anus or small bowel is included.',
  ])('does not place the tumour in a part said to be absent: %s', (text) => {
    const { answers } = extractColorectal(text);
    expect(answers['tumor-site']?.value).not.toBe('Rectum');
    expect(answers['rectal-location']?.value ?? null).toBeNull();
  });

  it('says in an issue that the report describes several tumours', () => {
    const c = CASES.find((x) => x.id === 'S29')!;
    expect(extractColorectal(c.text).issues.join(' ')).toMatch(/several|multiple|synchronous/i);
  });
});

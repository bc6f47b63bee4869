// One statement per reporting phrasing (margin distances, closest margin, involvement, perforation, size, depth,
// mesorectum, relation to the reflection), written for this project with the CAP answer decided before the rules
// were run: each phrasing must keep giving that answer.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../../common/contracts';
import { extractColorectal } from '.';

const PHRASINGS = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures/phrasings.json'), 'utf8')) as {
  text: string;
  want: Record<string, AnswerValue | null>;
}[];

describe('colorectal phrasings', () => {
  it.each(PHRASINGS.map((p) => [p.text, p] as const))('%s', (_text, p) => {
    const { answers } = extractColorectal(p.text);
    const got = Object.fromEntries(Object.keys(p.want).map((k) => [k, answers[k]?.value ?? null]));
    expect(got).toEqual(p.want);
  });
});

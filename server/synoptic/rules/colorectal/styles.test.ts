// Colorectal resection texts in the reporting styles met in practice (CAP synoptic lists, US and UK narrative gross
// descriptions, margin tables, distances in words and millimetres), written for this project with the truth taken from
// the CAP protocol before the rules were run: each item must be answered as the truth says (null: left unanswered).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnswerValue } from '../../../../common/contracts';
import { extractColorectal } from '.';

interface StyleCase {
  id: string;
  note: string;
  text: string;
  truth: Record<string, AnswerValue | null>;
}

const CASES = JSON.parse(readFileSync(resolve(import.meta.dirname, 'fixtures/styles.json'), 'utf8')) as StyleCase[];

describe('colorectal reporting styles', () => {
  it.each(CASES.map((c) => [c.id, c.note, c] as const))('%s (%s)', (_id, _note, c) => {
    const { answers } = extractColorectal(c.text);
    const got = Object.fromEntries(Object.keys(c.truth).map((k) => [k, answers[k]?.value ?? null]));
    expect(got).toEqual(c.truth);
  });
});

import { describe, expect, it } from 'vitest';
import { CD99 } from '../testdata/fixtures';
import { extractCd99 } from './cd99';

describe('CD99 rules extractor', () => {
  it.each(CD99.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const { answers } = extractCd99(c.text);
    for (const [linkId, want] of Object.entries(c.truth)) expect(answers[linkId]?.value, linkId).toBe(want);
  });

  it('says so when the report has no CD99 result', () => {
    expect(extractCd99('Desmin is positive.')).toEqual({ answers: {}, issues: ['The report does not mention CD99.'] });
  });
});

// Citation precision: cited passages once each, judged relevant / cited, unjudged ones counted against.
import { describe, expect, it } from 'vitest';
import { citationPrecision, citedSources } from './eval-citations';

const evidence = [1, 2, 3].map((n) => ({
  n,
  sourceId: `doc#s${n}`,
  title: 'Doc',
  section: `Section ${n}`,
  text: `Passage ${n}`,
}));

describe('citedSources', () => {
  it('lists each cited passage once with the statements citing it, and ignores uncited evidence', () => {
    const cited = citedSources({
      evidence,
      answer: {
        markdown: '',
        statements: [
          { text: 'A', citations: [1, 'tool:c1'], supported: true },
          { text: 'B', citations: [1, 'source:2'], supported: true },
        ],
      },
    });
    expect(cited.map((c) => [c.sourceId, c.citedBy])).toEqual([
      ['doc#s1', ['A', 'B']],
      ['doc#s2', ['B']],
    ]);
  });
});

describe('citationPrecision', () => {
  it('divides judged-relevant by cited and counts unjudged passages as not relevant', () => {
    const p = citationPrecision(
      [
        { id: 'c1', cited: ['doc#s1', 'doc#s2'] },
        { id: 'c2', cited: ['doc#s1', 'doc#s3'] },
      ],
      [
        { case: 'c1', sourceId: 'doc#s1', relevant: true },
        { case: 'c1', sourceId: 'doc#s2', relevant: false },
        { case: 'c2', sourceId: 'doc#s1', relevant: true },
      ]
    );
    expect(p).toEqual({ cited: 4, relevant: 2, unjudged: 1, stale: 0, precision: 0.5 });
  });

  it('judges per case: a passage relevant for one patient is not relevant for another', () => {
    const p = citationPrecision(
      [{ id: 'c2', cited: ['doc#s1'] }],
      [{ case: 'c1', sourceId: 'doc#s1', relevant: true }]
    );
    expect(p.relevant).toBe(0);
  });

  it('holds a judgment only while the passage is cited by the statements it was judged under', () => {
    const judged = {
      case: 'c1',
      sourceId: 'doc#s1',
      relevant: true,
      citedBy: ['Not for this patient: anti-EGFR therapy, because KRAS G12D.'],
    };
    const same = citationPrecision([{ id: 'c1', cited: [{ sourceId: 'doc#s1', citedBy: judged.citedBy }] }], [judged]);
    expect(same).toMatchObject({ relevant: 1, unjudged: 0, stale: 0 });
    const other = citationPrecision(
      [{ id: 'c1', cited: [{ sourceId: 'doc#s1', citedBy: ['Option: anti-EGFR therapy.'] }] }],
      [judged]
    );
    expect(other).toMatchObject({ cited: 1, relevant: 0, unjudged: 1, stale: 1, precision: 0 });
  });

  it('keeps judgments that recorded no statements valid for any citing statement', () => {
    const p = citationPrecision(
      [{ id: 'c1', cited: [{ sourceId: 'doc#s1', citedBy: ['Anything.'] }] }],
      [{ case: 'c1', sourceId: 'doc#s1', relevant: true }]
    );
    expect(p).toMatchObject({ relevant: 1, stale: 0 });
  });
});

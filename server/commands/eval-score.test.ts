// Tool-choice scoring: segment_lesion per image, recall of expected calls, calls beyond them, completeness proxy.
import { describe, expect, it } from 'vitest';
import { completeness, countTools, perToolTotals, scoreTools } from './eval-score';

describe('countTools and scoreTools', () => {
  it('counts segmentations per image and other tools per call', () => {
    const calls = [
      { tool: 'segment_lesion', args: { image: 'ImagingStudy/a/series/1/instances/1', box: [1, 1, 2, 2] } },
      { tool: 'segment_lesion', args: { image: 'ImagingStudy/a/series/1/instances/1', box: [5, 5, 9, 9] } },
      { tool: 'segment_lesion', args: { image: 'ImagingStudy/b/series/1/instances/1', box: [1, 1, 2, 2] } },
      { tool: 'variant_actionability', args: {} },
      { tool: 'variant_actionability', args: {} },
    ];
    expect(countTools(calls)).toEqual({ segment_lesion: 2, variant_actionability: 2 });
  });

  it('scores recall against the expectation and counts everything beyond it as superfluous', () => {
    const score = scoreTools(
      { segment_lesion: 2, variant_actionability: 2, web_search: 1 },
      { segment_lesion: 2, variant_actionability: 1, assess_response: 1 }
    );
    expect(score).toMatchObject({
      matched: 3,
      expectedTotal: 4,
      superfluous: 2,
      missing: ['assess_response×1'],
      extra: ['variant_actionability×1', 'web_search×1'],
    });
  });

  it('measures completeness as statements whose key terms mostly appear in the report', () => {
    const report = 'KRAS wild-type tumour; consider panitumumab. Blood pressure is raised.';
    expect(completeness(['Wild-type KRAS allows panitumumab', 'Liver resection should be discussed'], report)).toBe(
      0.5
    );
    expect(completeness([], report)).toBe(1);
  });
});

describe('perToolTotals', () => {
  it('sums expected, matched and superfluous calls per tool over cases, without naming any case', () => {
    const totals = perToolTotals([
      { planned: { pubmed_search: 1, tnm_stage: 1 }, expected: { tnm_stage: 1 } },
      { planned: { variant_actionability: 3 }, expected: { variant_actionability: 2, pubmed_search: 1 } },
    ]);
    expect(totals).toEqual({
      pubmed_search: { expected: 1, matched: 0, superfluous: 1 },
      tnm_stage: { expected: 1, matched: 1, superfluous: 0 },
      variant_actionability: { expected: 2, matched: 2, superfluous: 1 },
    });
  });
});

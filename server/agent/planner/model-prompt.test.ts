// The model planner's input names an indicated literature search with the one query the policy allows.
import { describe, expect, it } from 'vitest';
import { renderPlannerInput } from './model-prompt';

const base = { question: 'Next steps?', summary: 'Patient: test', maxCallsPerRound: 4, maxRounds: 4 };

describe('renderPlannerInput', () => {
  it('states an indicated search outside the record block, and nothing when none is indicated', () => {
    const text = renderPlannerInput({
      ...base,
      indicatedSearch: {
        why: 'progression after 2 lines',
        query: 'colorectal cancer third-line treatment after progression',
      },
    });
    expect(text.indexOf('pubmed_search with query "colorectal cancer third-line')).toBeLessThan(
      text.indexOf('<record>')
    );
    expect(text.indexOf('pubmed_search')).toBeGreaterThan(-1);
    expect(renderPlannerInput(base)).not.toMatch(/Indicated literature search/);
  });
});

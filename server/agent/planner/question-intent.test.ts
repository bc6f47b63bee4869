// The question's decision: treatment (searches for thin guidance) versus a stage or score only (no search).
import { describe, expect, it } from 'vitest';
import { questionIntent } from './question-intent';

describe('questionIntent', () => {
  it('reads options, next steps and management as a treatment decision', () => {
    expect(questionIntent('What are the options for the tumor board?').treatment).toBe(true);
    expect(questionIntent('How should we proceed?').treatment).toBe(true);
    expect(questionIntent('Is she a candidate for surgery?').treatment).toBe(true);
  });
  it('reads a stage or a score question as no treatment decision', () => {
    expect(questionIntent('What is the TNM stage?')).toEqual({ treatment: false, scoreOrStageOnly: true });
    expect(questionIntent('Child-Pugh class?')).toEqual({ treatment: false, scoreOrStageOnly: true });
    expect(questionIntent('Stage and next steps?').scoreOrStageOnly).toBe(false);
    expect(questionIntent('')).toEqual({ treatment: false, scoreOrStageOnly: false });
  });
});

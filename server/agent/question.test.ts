// The question asks for literature when it asks about evidence, not when it names the record's own scans.
import { describe, expect, it } from 'vitest';
import { questionAsks } from './question';

describe('questionAsks', () => {
  it('reads evidence requests as literature and questions about recent scans or imaging studies as not', () => {
    expect(questionAsks('Summarise the most recent online information on this mutation').literature).toBe(true);
    expect(questionAsks('What do published studies show for third line?').literature).toBe(true);
    expect(questionAsks('Is she eligible for a clinical trial?').literature).toBe(true);
    expect(questionAsks('Given the most recent CT, has the disease progressed?').literature).toBe(false);
    expect(questionAsks('Please compare the imaging studies and stage the tumour.').literature).toBe(false);
  });
});

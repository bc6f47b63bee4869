// The compact answer: a line that restates a finding leaves the answer (the findings show it once, with sources),
// headings left empty go, and an answer in its own words stays whole.
import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../common/contracts';
import { compactAnswer } from './compact';

const findings: Finding[] = [
  {
    kind: 'response',
    text: 'Lesion on CT 2026-11-10 (box [132, 208, 196, 267]): longest diameter 44.6 mm.',
    sources: ['tool:c1'],
  },
  { kind: 'score', text: 'Child-Pugh score: 7 points.', sources: ['tool:c2'] },
];

describe('compactAnswer', () => {
  it('drops the lines that restate findings and the headings they leave empty', () => {
    const markdown = [
      '*Extractive report.*',
      '',
      '### Options for the tumor board',
      '- Resection or ablation if liver function is preserved. [1]',
      '',
      '### Imaging and response',
      '- Lesion on CT 2026-11-10 (box (132, 208, 196, 267)): longest diameter 44.6 mm. [Tool:c1]',
      '',
      '### Scores',
      '- Child-Pugh score: 7 points. [Tool:c2]',
      '',
      '### Guideline evidence',
      '- Liver function determines the options. [2]',
    ].join('\n');
    const { markdown: compact, restated } = compactAnswer(markdown, findings);
    expect(restated).toBe(2);
    expect(compact).toBe(
      [
        '*Extractive report.*',
        '',
        '### Options for the tumor board',
        '- Resection or ablation if liver function is preserved. [1]',
        '',
        '### Guideline evidence',
        '- Liver function determines the options. [2]',
      ].join('\n')
    );
  });

  it('keeps an answer in its own words, and a line that only mentions a finding', () => {
    const prose =
      '## Summary\nThe Child-Pugh score of 7 points limits the options [Tool:c2].\n- Child-Pugh score: 7 points, so B.';
    expect(compactAnswer(prose, findings)).toEqual({ markdown: prose, restated: 0 });
  });
});

// The workup report states each finding once: the answer comes first, and a finding the answer already states is not
// listed again below it (a model answer that leaves findings out still gets them listed).
import { describe, expect, it } from 'vitest';
import type { WorkupResult } from '../../common/contracts';
import { workupMarkdown } from './markdown';

const finding = {
  kind: 'alteration' as const,
  text: 'KRAS G12D in colorectal cancer [bundled offline knowledge 2025.2].',
  sources: ['tool:c1'],
};
const result = (answer: string): WorkupResult => ({
  id: 'run-1',
  patient: { id: 'p1', name: 'Test Patient' },
  fhirBase: 'http://127.0.0.1/fhir',
  question: '',
  mode: 'none',
  createdAt: '2026-12-01T10:00:00Z',
  toolCalls: [],
  findings: [finding],
  evidence: [],
  answer: { markdown: answer, statements: [] },
  suggestions: [],
  usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
  timings: {},
});

describe('workupMarkdown', () => {
  it('puts the answer first and does not repeat a finding the answer states', () => {
    const md = workupMarkdown(
      result('### Alterations\n- KRAS G12D in colorectal cancer (bundled offline knowledge 2025.2). [Tool:c1]')
    );
    expect(md.indexOf('## Answer')).toBeLessThan(md.indexOf('KRAS G12D'));
    expect(md.split('KRAS G12D').length - 1).toBe(1);
  });

  it('lists a finding the answer leaves out', () => {
    const md = workupMarkdown(result('The liver metastases grew. [1]'));
    expect(md).toContain('## Alterations\n\n- KRAS G12D in colorectal cancer');
  });
});

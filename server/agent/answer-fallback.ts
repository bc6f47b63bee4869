// The answer when the answer pipeline itself failed: the findings as cited statements, so the workup still reports
// what it established and nothing it did not.

import type { Finding } from '../../common/contracts';
import type { AnswerOutput } from '../answer/types';

const HEADINGS: Record<Finding['kind'], string> = {
  response: 'Imaging and response',
  biomarker: 'Biomarkers',
  alteration: 'Alterations',
  therapy: 'Matched therapies',
  score: 'Scores',
  stage: 'Stage',
  conflict: 'Conflicts to resolve',
};

const marker = (source: string): string => `[${source.replace(/^tool:/, 'Tool:').replace(/^record:/, 'Record:')}]`;

/**
 * An answer listing the findings, each with its own citations.
 * @param findings - The workup's findings.
 * @returns An AnswerOutput without guideline evidence or model usage.
 */
export function fallbackAnswer(findings: Finding[]): AnswerOutput {
  const lines: string[] = [];
  for (const kind of Object.keys(HEADINGS) as Finding['kind'][]) {
    const group = findings.filter((f) => f.kind === kind);
    if (group.length === 0) continue;
    lines.push(`### ${HEADINGS[kind]}`, ...group.map((f) => `- ${f.text} ${f.sources.map(marker).join(' ')}`), '');
  }
  return {
    subQueries: [],
    evidence: [],
    answer: {
      markdown: lines.length ? lines.join('\n').trim() : 'No findings could be established from the record.',
      statements: findings.map((f) => ({ text: f.text, citations: f.sources, supported: true })),
    },
    suggestions: [],
    usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
  };
}

// A deterministic answerer for tests of the agent: restates the findings as cited statements and numbers whatever the
// retrieval returns, so tests see the loop's wiring without the real cited-answer pipeline.
import type { Answerer } from '../../server/answer/types';

const marker = (token: string): string =>
  `[${token
    .replace(/^tool:/, 'Tool:')
    .replace(/^record:/, 'Record:')
    .replace(/^source:/, '')}]`;

/**
 * Creates the test answerer.
 * @param options - `fail`: throw instead of answering (to test the fallback).
 * @returns The answerer.
 */
export function createTestAnswerer(options: { fail?: string } = {}): Answerer {
  return async (input, deps) => {
    if (options.fail) throw new Error(options.fail);
    deps.emit?.({ type: 'status', text: 'test answerer: answering' });
    const passages = await deps.retrieve(input.question || 'tumour board', 3);
    const evidence = passages.map((p, i) => ({
      n: i + 1,
      sourceId: `${p.chunk.docId}#${p.chunk.sectionId}`,
      title: p.chunk.title,
      section: p.chunk.section,
      text: p.chunk.text,
    }));
    const statements = input.findings.map((f) => ({ text: f.text, citations: f.sources, supported: true }));
    const markdown = statements.map((s) => `- ${s.text} ${s.citations.map(marker).join(' ')}`).join('\n');
    return {
      subQueries: [input.question],
      evidence,
      answer: { markdown, statements },
      suggestions: input.findings.some((f) => f.kind === 'conflict') ? ['Resolve the conflicting results first.'] : [],
      usage: { llmCalls: 0, promptTokens: 0, completionTokens: 0 },
    };
  };
}

// The answer as structured blocks, rendered once to markdown and to the parallel statement list, with guideline
// sources renumbered to the order in which the answer first cites them (uncited sources are dropped).
import type { AnswerStatement, EvidenceItem } from '../../common/contracts';
import { type Citation, markers, plain } from './citations';
import { renumber } from './evidence';

export type Block =
  | { kind: 'heading'; text: string }
  /** A bold label over the lines that follow (e.g. a sub-query). */
  | { kind: 'label'; text: string }
  /** A statement: its own words, its citations, and whether the check found them supporting it. */
  | { kind: 'line'; text: string; citations: Citation[]; supported: boolean; flag?: string }
  /** An italic remark that is not a claim (mode, fallback reason). */
  | { kind: 'note'; text: string };

export interface RenderedAnswer {
  markdown: string;
  statements: AnswerStatement[];
  evidence: EvidenceItem[];
}

/**
 * Renders blocks: statements as list items ending in their markers; a statement the check did not find supported
 * keeps its text and carries the reason in italics.
 * @param blocks - The answer.
 * @param evidence - The numbered sources the blocks cite.
 * @returns Markdown, statements (same order, same text) and the cited sources renumbered.
 */
export function renderAnswer(blocks: Block[], evidence: EvidenceItem[]): RenderedAnswer {
  const cited = blocks.flatMap((b) => (b.kind === 'line' ? b.citations.filter((c) => typeof c === 'number') : []));
  const { evidence: kept, map } = renumber(evidence, cited as number[]);
  const out: string[] = [];
  const statements: AnswerStatement[] = [];
  for (const b of blocks) {
    if (b.kind === 'line') {
      const citations = b.citations
        .map((c) => (typeof c === 'number' ? map.get(c) : c))
        .filter((c): c is Citation => c !== undefined);
      const text = plain(b.text);
      const flag = b.supported ? '' : ` *(${plain(b.flag ?? 'not supported by the cited sources')})*`;
      out.push(`- ${[text, markers(citations)].filter(Boolean).join(' ')}${flag}`);
      // Uncited lines are notes (e.g. "No ECOG in the record"), unless the check flagged them: then they are claims.
      if (citations.length || !b.supported) statements.push({ text, citations, supported: b.supported });
      continue;
    }
    if (out.length) out.push('');
    if (b.kind === 'heading') out.push(`### ${plain(b.text)}`);
    else if (b.kind === 'label') out.push(`**${plain(b.text)}**`);
    else out.push(`*${plain(b.text)}*`);
  }
  return { markdown: out.join('\n').trim(), statements, evidence: kept };
}

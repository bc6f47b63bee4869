// Keeps the report from saying things twice: answer lines that only restate a finding (the offline report restates
// every finding under its own headings) leave the answer, because the findings section shows each one once with its
// sources, evidence level and warnings. Headings left with nothing under them go too.
import type { Finding } from '../../../common/contracts';
import { type Inline, parseInline } from '../../../common/workup/markdown';

/** Letters and digits only, lower case: "(box [1, 2])" and "(box (1, 2))" read the same. */
const normal = (text: string): string => text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

function plain(nodes: Inline[]): string {
  return nodes
    .map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'cite' ? '' : plain(n.children)))
    .join('');
}

const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s/;

/** Drops headings whose section (up to the next heading of the same or a higher level) has no content left. */
function dropEmptyHeadings(lines: string[]): string[] {
  const keep = lines.map(() => true);
  for (let i = 0; i < lines.length; i++) {
    const level = HEADING.exec(lines[i] ?? '')?.[1]?.length;
    if (!level) continue;
    let content = false;
    for (let j = i + 1; j < lines.length; j++) {
      const next = HEADING.exec(lines[j] ?? '')?.[1]?.length;
      if (next !== undefined && next <= level) break;
      if (next === undefined && (lines[j] ?? '').trim()) {
        content = true;
        break;
      }
    }
    keep[i] = content;
  }
  return lines.filter((_, i) => keep[i]);
}

/**
 * The answer without the list items that restate a finding word for word (citations aside).
 * @param markdown - The answer.
 * @param findings - The findings the report shows in their own section.
 * @returns The shorter answer and how many lines it dropped.
 */
export function compactAnswer(markdown: string, findings: Finding[]): { markdown: string; restated: number } {
  const stated = new Set(findings.map((f) => normal(f.text)).filter(Boolean));
  let restated = 0;
  const lines = markdown.split('\n').filter((line) => {
    const item = LIST_ITEM.exec(line)?.[1];
    if (item === undefined || !stated.has(normal(plain(parseInline(item))))) return true;
    restated++;
    return false;
  });
  if (restated === 0) return { markdown, restated };
  return {
    markdown: dropEmptyHeadings(lines)
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim(),
    restated,
  };
}

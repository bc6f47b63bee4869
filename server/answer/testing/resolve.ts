// Test helper: every citation of an answer, read the way the app reads it (its markdown parser and citation
// resolver), and the ones that resolve to nothing.

import type { WorkupToolCall } from '../../../common/contracts';
import { type CitationRef, citationKey, resolveCitation } from '../../../common/workup/citations';
import { type Inline, parseMarkdown } from '../../../common/workup/markdown';
import { parseCitation } from '../citations';
import type { AnswerOutput } from '../types';

function cites(nodes: Inline[]): CitationRef[] {
  return nodes.flatMap((n) =>
    n.type === 'cite' ? n.refs : n.type === 'strong' || n.type === 'em' ? cites(n.children) : []
  );
}

/** The citations the app finds in an answer's markdown. */
export function markdownCitations(markdown: string): CitationRef[] {
  return parseMarkdown(markdown).flatMap((b) =>
    b.type === 'list' ? b.items.flatMap(cites) : b.type === 'paragraph' || b.type === 'heading' ? cites(b.inline) : []
  );
}

/** A statement citation as the app's reference. */
function statementRef(c: number | string): CitationRef {
  const parsed = parseCitation(String(c));
  if (typeof parsed === 'number') return { kind: 'source', n: parsed };
  if (parsed?.startsWith('tool:')) return { kind: 'tool', id: parsed.slice(5) };
  return { kind: 'record', ref: String(parsed ?? c).replace(/^record:/, '') };
}

/**
 * The citations of the markdown and of the statements that name nothing.
 * @param out - The answer.
 * @param toolCalls - The workup's calls.
 * @param hasRecord - Whether a `Type/id` is a resource of the patient's record.
 * @returns Keys of unresolved citations (empty when all resolve) and how many were checked.
 */
export function unresolvedCitations(
  out: Pick<AnswerOutput, 'answer' | 'evidence'>,
  toolCalls: WorkupToolCall[],
  hasRecord: (ref: string) => boolean
): { unresolved: string[]; checked: number } {
  const refs = [
    ...markdownCitations(out.answer.markdown),
    ...out.answer.statements.flatMap((s) => s.citations.map(statementRef)),
  ];
  const index = {
    evidence: out.evidence,
    toolCalls,
    findRecord: (ref: string) => (hasRecord(ref) ? ({ resourceType: 'Basic', code: {} } as const) : undefined),
  };
  const unresolved = refs.filter((r) => resolveCitation(r, index).kind === 'missing').map(citationKey);
  return { unresolved, checked: refs.length };
}

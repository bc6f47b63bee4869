// Citation buttons: each marker in the answer or a finding opens what it cites (passage, tool result, record item).
import { createContext, type ReactNode, useContext } from 'react';
import {
  type CitationIndex,
  type CitationRef,
  citationKey,
  type ResolvedCitation,
  resolveCitation,
} from '../../../common/workup/citations';
import { toolShort, toolTitle } from '../../workup/labels';
import { describeRecordItem } from '../../workup/record-item';

export interface CitationContextValue {
  index: CitationIndex;
  /** Key of the citation shown in the side panel. */
  openKey?: string;
  onOpen: (ref: CitationRef) => void;
}

/** Provided by the report, so citations deep inside the answer's markdown reach the side panel. */
export const CitationContext = createContext<CitationContextValue | null>(null);

function describe(cite: ResolvedCitation): { text: string; label: string } {
  switch (cite.kind) {
    case 'source':
      return {
        text: `[${cite.evidence.n}]`,
        label: `Source ${cite.evidence.n}: ${cite.evidence.title}${cite.evidence.section ? `, ${cite.evidence.section}` : ''}`,
      };
    case 'tool':
      return { text: `[${toolShort(cite.call.tool)}]`, label: `Tool result: ${toolTitle(cite.call.tool)}` };
    case 'record':
      return { text: `[${cite.resource.resourceType}]`, label: `Record: ${describeRecordItem(cite.resource).title}` };
    case 'missing':
      return { text: `[${citationKey(cite.ref)}?]`, label: `Citation ${citationKey(cite.ref)} does not resolve` };
  }
}

/**
 * One citation as a button; unresolvable ones are shown and marked, never dropped.
 * @param props - What the citation names.
 * @returns The button.
 */
export function Citation({ refTo }: { refTo: CitationRef }): ReactNode {
  const context = useContext(CitationContext);
  if (!context) {
    return null;
  }
  const cite = resolveCitation(refTo, context.index);
  const key = citationKey(refTo);
  const { text, label } = describe(cite);
  return (
    <button
      type="button"
      className={cite.kind === 'missing' ? 'citation citation-missing' : 'citation'}
      data-testid="citation"
      data-kind={cite.kind}
      aria-label={label}
      title={label}
      aria-controls="citation-panel"
      aria-expanded={context.openKey === key}
      onClick={() => context.onOpen(refTo)}
    >
      {text}
    </button>
  );
}

/**
 * Several citations side by side (one bracket of the answer, or a finding's sources).
 * @param props - The citations.
 * @returns The group.
 */
export function Citations({ refs }: { refs: CitationRef[] }): ReactNode {
  const unique = refs.filter((ref, i) => refs.findIndex((r) => citationKey(r) === citationKey(ref)) === i);
  return (
    <span className="citations">
      {unique.map((ref) => (
        <Citation key={citationKey(ref)} refTo={ref} />
      ))}
    </span>
  );
}

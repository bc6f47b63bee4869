// The side panel that opens what a citation names: the guideline passage, the tool result or the record item.
import { type KeyboardEvent, type ReactNode, useEffect, useRef } from 'react';
import { citationKey, type ResolvedCitation } from '../../../common/workup/citations';
import { describeRecordItem } from '../../workup/record-item';
import { Answer } from '../Answer/Answer';
import { json, ToolOutput } from '../ToolOutput/ToolOutput';

const isWebUrl = (url: string | undefined): url is string => !!url && /^https?:\/\//i.test(url);

/**
 * A guideline passage as the clinician reads it: its markdown rendered (bold, lists, paragraphs — text nodes only), and
 * an ellipsis in front when the retrieved chunk starts inside a sentence.
 * @param text - The passage's markdown.
 * @returns The passage's markdown with the ellipsis when needed.
 */
export function passageMarkdown(text: string): string {
  const t = text.trim();
  const midSentence = /^[a-z,;:)]/.test(t);
  return midSentence ? `…${t}` : t;
}

function Content({ cite }: { cite: ResolvedCitation }): ReactNode {
  switch (cite.kind) {
    case 'source': {
      const e = cite.evidence;
      return (
        <div data-testid="citation-source">
          <p className="panel-title">{e.title}</p>
          {e.section && <p className="muted">{e.section}</p>}
          <p className="muted">{[e.source, e.year].filter(Boolean).join(' · ') || 'Source and year not stated'}</p>
          <blockquote className="passage">
            <Answer markdown={passageMarkdown(e.text)} />
          </blockquote>
          {isWebUrl(e.url) && (
            <a href={e.url} target="_blank" rel="noopener noreferrer">
              Open the source
            </a>
          )}
        </div>
      );
    }
    case 'tool':
      return (
        <div data-testid="citation-tool">
          <ToolOutput call={cite.call} />
          <details className="report-text">
            <summary>Arguments and raw output</summary>
            <pre>{json({ args: cite.call.args, output: cite.call.output })}</pre>
          </details>
        </div>
      );
    case 'record': {
      const item = describeRecordItem(cite.resource);
      return (
        <div data-testid="citation-record">
          <p className="panel-title">{item.title}</p>
          <dl className="facts facts-tight">
            {item.facts.map(([label, value]) => (
              <div key={label} className="fact">
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <details className="report-text">
            <summary>FHIR resource</summary>
            <pre>{json(cite.resource)}</pre>
          </details>
        </div>
      );
    }
    case 'missing':
      return (
        <p className="error" data-testid="citation-missing">
          This citation ({citationKey(cite.ref)}) does not name any passage, tool call or loaded record item of this
          workup. Treat the statement it is attached to as unverified.
        </p>
      );
  }
}

const TITLES: Record<ResolvedCitation['kind'], string> = {
  source: 'Guideline evidence',
  tool: 'Tool result',
  record: 'Record item',
  missing: 'Citation not found',
};

/**
 * Shows one citation's target; focus moves to it on open, Escape or Close returns.
 * @param props - The resolved citation and the close handler.
 * @returns The panel.
 */
export function CitationPanel({ cite, onClose }: { cite: ResolvedCitation; onClose: () => void }): ReactNode {
  const heading = useRef<HTMLHeadingElement>(null);
  const key = citationKey(cite.ref);
  useEffect(() => {
    if (key) {
      heading.current?.focus();
    }
  }, [key]);
  const onKeyDown = (event: KeyboardEvent): void => {
    if (event.key === 'Escape') {
      onClose();
    }
  };
  return (
    <aside
      id="citation-panel"
      className="citation-panel"
      data-testid="citation-panel"
      data-kind={cite.kind}
      aria-labelledby="citation-panel-heading"
      onKeyDown={onKeyDown}
    >
      <div className="citation-panel-head">
        <h3 id="citation-panel-heading" className="subhead" tabIndex={-1} ref={heading}>
          {TITLES[cite.kind]}
        </h3>
        <button type="button" className="button button-quiet" onClick={onClose} data-testid="citation-close">
          Close
        </button>
      </div>
      <Content cite={cite} />
    </aside>
  );
}

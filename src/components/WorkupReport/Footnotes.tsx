// The report's sources as numbered footnotes: on screen the citation buttons open them, on paper this list is how a
// reader finds what "[2]" means.
import type { ReactNode } from 'react';
import type { EvidenceItem } from '../../../common/contracts';

/**
 * The sources the report cites, numbered as in the text.
 * @param props - The report's evidence.
 * @returns The list, or nothing when the report cites no source.
 */
export function Footnotes({ evidence }: { evidence: EvidenceItem[] }): ReactNode {
  if (evidence.length === 0) return null;
  const sorted = [...evidence].sort((a, b) => a.n - b.n);
  return (
    <section className="report-footnotes" data-testid="report-footnotes" aria-labelledby="report-footnotes-heading">
      <h3 id="report-footnotes-heading" className="subhead">
        Sources
      </h3>
      <ol className="footnotes">
        {sorted.map((e) => (
          <li key={e.n} value={e.n} data-testid="footnote">
            {e.title}
            {e.section ? `, ${e.section}` : ''}
            {e.source ? ` — ${e.source}` : ''}
            {e.year ? ` (${e.year})` : ''}
          </li>
        ))}
      </ol>
    </section>
  );
}

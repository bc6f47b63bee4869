// The report's sources as numbered footnotes: on screen the citation buttons open them, on paper this list is how a
// reader finds what "[2]" means. Passages of one document are listed under it once, not each with the whole title
// and reference list again.
import type { ReactNode } from 'react';
import type { EvidenceItem } from '../../../common/contracts';

interface SourceGroup {
  key: string;
  document: string;
  items: EvidenceItem[];
}

/**
 * Groups the cited passages by document (title and reference), in the order of their first number.
 * @param evidence - The report's evidence.
 * @returns The groups, each with its passages by number.
 */
export function groupSources(evidence: EvidenceItem[]): SourceGroup[] {
  const groups = new Map<string, SourceGroup>();
  for (const e of [...evidence].sort((a, b) => a.n - b.n)) {
    const key = `${e.title}\u0000${e.source ?? ''}`;
    const group = groups.get(key) ?? { key, document: `${e.title}${e.source ? ` — ${e.source}` : ''}`, items: [] };
    group.items.push(e);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * The sources the report cites, numbered as in the text.
 * @param props - The report's evidence.
 * @returns The list, or nothing when the report cites no source.
 */
export function Footnotes({ evidence }: { evidence: EvidenceItem[] }): ReactNode {
  if (evidence.length === 0) return null;
  return (
    <section className="report-footnotes" data-testid="report-footnotes" aria-labelledby="report-footnotes-heading">
      <h3 id="report-footnotes-heading" className="subhead">
        Sources
      </h3>
      {groupSources(evidence).map((g) => (
        <div key={g.key} className="footnote-group" data-testid="footnote-group">
          <p className="footnote-document">{g.document}</p>
          <ol className="footnotes">
            {g.items.map((e) => (
              <li key={e.n} value={e.n} data-testid="footnote">
                {e.section || e.title}
                {e.year ? ` (${e.year})` : ''}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

// The white card every section of the patient view sits in, with its heading, count and empty text.
import type { ReactNode } from 'react';

export interface CardProps {
  title: string;
  testId: string;
  /** Number of items, shown beside the title. */
  count?: number;
  /** Shown instead of the children when count is 0. */
  empty?: string;
  wide?: boolean;
  children?: ReactNode;
}

/**
 * A titled section of the patient view.
 * @param props - Title, test id, optional count and empty text.
 * @returns The section.
 */
export function Card({ title, testId, count, empty, wide, children }: CardProps): ReactNode {
  const headingId = `${testId}-heading`;
  return (
    <section className={wide ? 'card card-wide' : 'card'} data-testid={testId} aria-labelledby={headingId}>
      <h2 id={headingId} className="card-title">
        {title}
        {count !== undefined && <span className="card-count">{count}</span>}
      </h2>
      {count === 0 ? <p className="empty">{empty ?? 'None recorded.'}</p> : children}
    </section>
  );
}

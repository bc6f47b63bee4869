// The other laboratory results as a compact table: one row per test with its latest value.
import type { Observation } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { formatDate } from '../../record/format';
import { summarizeLabs } from '../../record/labs';
import { Card } from '../Card/Card';

export interface LabsProps {
  observations: Observation[];
}

/**
 * Shows the latest laboratory results.
 * @param props - All Observations in the record.
 * @returns The card.
 */
export function Labs({ observations }: LabsProps): ReactNode {
  const rows = summarizeLabs(observations);
  return (
    <Card title="Laboratory" testId="labs" count={rows.length} empty="No other laboratory results.">
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Test</th>
            <th scope="col">Latest</th>
            <th scope="col">Flag</th>
            <th scope="col">Reference</th>
            <th scope="col">Date</th>
            <th scope="col">Previous</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid="lab-row">
              <th scope="row">{r.name}</th>
              <td>{r.value}</td>
              <td className={r.flag ? 'flag' : undefined}>{r.flag ?? ''}</td>
              <td>{r.range ?? ''}</td>
              <td className="nowrap">{formatDate(r.date)}</td>
              <td className="muted">{r.previous ? `${r.previous} (${r.count - 1} earlier)` : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

// Every value of a chart as a table, for a screen reader, a copy into a note, or a reader who wants the numbers.
import type { ReactNode } from 'react';
import { numberText, shortDate } from './scale';
import type { TrendSeries } from './series';

const FLAGS: Record<string, string> = {
  H: 'high',
  L: 'low',
  HH: 'critically high',
  LL: 'critically low',
  A: 'abnormal',
};

/**
 * The series' values, oldest first, behind a disclosure so the page stays short.
 * @param props - The series.
 * @returns The disclosure with the table.
 */
export function TrendTable({ series }: { series: TrendSeries }): ReactNode {
  const unit = series.unit ? ` (${series.unit})` : '';
  return (
    <details className="trend-values" data-testid="trend-values">
      <summary>Values of {series.name} as a table</summary>
      <table className="table table-compact">
        <caption className="chart-visually-hidden">
          {series.name}
          {unit}, oldest first
        </caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">
              {series.name}
              {unit}
            </th>
            <th scope="col">Flag</th>
          </tr>
        </thead>
        <tbody>
          {series.points.map((p) => (
            <tr key={p.date} data-testid="trend-value">
              <th scope="row" className="nowrap">
                {shortDate(p.date)}
              </th>
              <td>{numberText(p.value)}</td>
              <td className={p.flag ? 'flag' : undefined}>{p.flag ? (FLAGS[p.flag] ?? p.flag) : ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {series.otherUnits > 0 && (
        <p className="muted">
          {series.otherUnits} value{series.otherUnits === 1 ? '' : 's'} in another unit left out of this chart.
        </p>
      )}
    </details>
  );
}

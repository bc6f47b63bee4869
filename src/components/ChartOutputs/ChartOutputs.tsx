// What OncoAgent has written to this chart: its Observations and reports with their status (preliminary until a
// clinician signed, final after), kept apart from the measured results in the other cards.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { conceptText, formatDate } from '../../record/format';
import { observationValue } from '../../record/observations';
import { Card } from '../Card/Card';

export interface ChartOutputsProps {
  observations: Observation[];
  reports: DiagnosticReport[];
}

interface Row {
  key: string;
  type: string;
  what: string;
  value: string;
  status: string;
  date?: string;
}

function shownValue(o: Observation): string {
  const own = observationValue(o);
  if (own) return own;
  const parts = (o.component ?? [])
    .map((c) => {
      const v = observationValue(c);
      return v ? `${conceptText(c.code) ?? ''} ${v}`.trim() : '';
    })
    .filter(Boolean);
  return parts.join('; ') || '—';
}

function rows({ observations, reports }: ChartOutputsProps): Row[] {
  return [
    ...reports.map((r, i) => ({
      key: `DiagnosticReport/${r.id ?? i}`,
      type: 'DiagnosticReport',
      what: conceptText(r.code) ?? 'Report',
      value: ((r.conclusion ?? '').split('\n')[0] ?? '').replace(/^[-*]\s+/, ''),
      status: r.status,
      date: r.issued,
    })),
    ...observations.map((o, i) => ({
      key: `Observation/${o.id ?? i}`,
      type: 'Observation',
      what: conceptText(o.code) ?? 'Observation',
      value: shownValue(o),
      status: o.status,
      date: o.issued ?? o.effectiveDateTime,
    })),
  ];
}

const STATUS: Record<string, string> = { preliminary: 'Preliminary — not signed', final: 'Signed (final)' };

/**
 * Lists OncoAgent's resources in the chart.
 * @param props - OncoAgent's Observations and DiagnosticReports from the record.
 * @returns The card.
 */
export function ChartOutputs(props: ChartOutputsProps): ReactNode {
  const list = rows(props);
  return (
    <Card
      title="Saved by OncoAgent"
      testId="chart-outputs"
      count={list.length}
      empty="Nothing saved by OncoAgent yet."
      wide
    >
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Result</th>
            <th scope="col">Value</th>
            <th scope="col">Status</th>
            <th scope="col">Saved</th>
          </tr>
        </thead>
        <tbody>
          {list.map((r) => (
            <tr key={r.key} data-testid="oncoagent-output" data-type={r.type} data-status={r.status} data-ref={r.key}>
              <th scope="row">
                <span className="tag tag-oncoagent">From OncoAgent</span> {r.what}
              </th>
              <td>{r.value}</td>
              <td className={r.status === 'final' ? 'status-final' : 'status-preliminary'}>
                {STATUS[r.status] ?? r.status}
              </td>
              <td className="nowrap">{formatDate(r.date)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

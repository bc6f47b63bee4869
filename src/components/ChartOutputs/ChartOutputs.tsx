// What OncoAgent has written to this chart, grouped by the workup report that lists it (newest first): each result
// with its status (preliminary until a clinician signed, final after) and a mark when a later signed result replaced
// it. Kept apart from the measured results in the other cards.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { observationText } from '../../record/components';
import { conceptText, formatDate } from '../../record/format';
import { replacedResults, type SavedGroup, savedGroups } from '../../writeback/saved-groups';
import { Card } from '../Card/Card';

export interface ChartOutputsProps {
  observations: Observation[];
  reports: DiagnosticReport[];
}

/** The value in words (a therapeutic implication as "cetuximab: predicted resistant"), no code-system text. */
const shownValue = observationText;

const STATUS: Record<string, string> = {
  preliminary: 'Preliminary — not signed',
  final: 'Signed (final)',
  amended: 'Signed (amended)',
  'entered-in-error': 'Withdrawn',
};

function Row({ o, replaced }: { o: Observation; replaced: boolean }): ReactNode {
  return (
    <tr
      data-testid="oncoagent-output"
      data-type="Observation"
      data-status={o.status}
      data-superseded={String(replaced)}
      className={replaced ? 'superseded' : undefined}
    >
      <th scope="row">
        <span className="tag tag-oncoagent">From OncoAgent</span> {conceptText(o.code) ?? 'Observation'}
        {replaced && (
          <span className="tag tag-warning" data-testid="superseded-mark">
            replaced by a later signed result
          </span>
        )}
      </th>
      <td>{shownValue(o)}</td>
      <td className={o.status === 'final' ? 'status-final' : 'status-preliminary'}>{STATUS[o.status] ?? o.status}</td>
    </tr>
  );
}

function heading(group: SavedGroup): string {
  const r = group.report;
  if (!r) return 'Results no workup report lists';
  const signer = r.resultsInterpreter?.[0]?.display;
  const status = r.status === 'final' ? `signed${signer ? ` by ${signer}` : ''}` : 'not signed';
  return `Workup of ${formatDate(r.issued)} — ${status}${group.earlier ? ' (earlier workup)' : ''}`;
}

function Group({ group, replaced }: { group: SavedGroup; replaced: Set<string> }): ReactNode {
  const r = group.report;
  const summary = ((r?.conclusion ?? '').split('\n')[0] ?? '').replace(/^[-*]\s+/, '');
  return (
    <div className="saved-group" data-testid="saved-group" data-earlier={String(group.earlier)}>
      <h3 className="saved-group-title">{heading(group)}</h3>
      {r && (
        <p data-testid="oncoagent-output" data-type="DiagnosticReport" data-status={r.status} className="muted">
          <span className="tag tag-oncoagent">From OncoAgent</span> {conceptText(r.code) ?? 'Report'}
          {summary ? `: ${summary}` : ''}
        </p>
      )}
      {group.results.length > 0 && (
        <table className="table table-compact">
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Value</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {group.results.map((o) => (
              <Row key={o.id} o={o} replaced={replaced.has(`Observation/${o.id}`)} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

/**
 * Lists OncoAgent's resources in the chart, by workup.
 * @param props - OncoAgent's Observations and DiagnosticReports from the record.
 * @returns The card.
 */
export function ChartOutputs(props: ChartOutputsProps): ReactNode {
  const groups = savedGroups(props.reports, props.observations);
  const replaced = replacedResults(props.observations);
  const count = props.reports.length + props.observations.length;
  return (
    <Card title="Saved by OncoAgent" testId="chart-outputs" count={count} empty="Nothing saved by OncoAgent yet." wide>
      {groups.map((g) => (
        <Group key={g.report?.id ?? 'unlisted'} group={g} replaced={replaced} />
      ))}
    </Card>
  );
}

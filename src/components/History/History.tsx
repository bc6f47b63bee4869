// "Saved by OncoAgent": the one place for what OncoAgent wrote to this chart (by the app, `oncoagent workup --write` or a
// registry run), newest workup first with its results, where preliminary ones are reviewed and signed or discarded and
// a result a later signed one replaced is marked as such.
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import { type ReactNode, useState } from 'react';
import type { SavedActionReport } from '../../writeback/saved-commit';
import { replacedResults, savedGroups } from '../../writeback/saved-groups';
import { awaitsReview, isWithdrawn } from '../../writeback/saved-review';
import { Card } from '../Card/Card';
import { HistoryGroup, Outcome } from './HistoryGroup';
import { type SavedActions, useSavedActions } from './useSavedActions';

export interface HistoryProps {
  /** OncoAgent's workup reports in the chart. */
  reports: DiagnosticReport[];
  /** OncoAgent's Observations in the chart. */
  observations: Observation[];
  actions: SavedActions;
  onChanged: () => Promise<void>;
}

/**
 * The history card: active groups only; discarded results are counted, not shown.
 * @param props - OncoAgent's reports and results, the session's actions and the reload.
 * @returns The card.
 */
export function History({ reports, observations, actions, onChanged }: HistoryProps): ReactNode {
  const activeReports = reports.filter((r) => !isWithdrawn(r));
  const activeResults = observations.filter((o) => !isWithdrawn(o));
  const groups = savedGroups(activeReports, activeResults).filter((g) => g.report || g.results.length);
  const withdrawn = reports.length + observations.length - activeReports.length - activeResults.length;
  const [outcome, setOutcome] = useState<SavedActionReport | undefined>();
  const replaced = replacedResults(observations);
  const pending = groups.filter((g) => [...(g.report ? [g.report] : []), ...g.results].some(awaitsReview)).length;
  return (
    <Card title="Saved by OncoAgent" testId="history" count={groups.length || undefined} wide>
      {outcome && <Outcome report={outcome} />}
      {groups.length === 0 && <p className="empty">Nothing from OncoAgent is saved in this chart yet.</p>}
      {pending > 0 && (
        <p className="notice" data-testid="history-pending">
          {pending === 1 ? 'One workup has' : `${pending} workups have`} results nobody has reviewed yet.
        </p>
      )}
      {groups.map((g) => (
        <HistoryGroup
          key={g.report?.id ?? 'unlisted'}
          report={g.report}
          results={g.results}
          replaced={replaced}
          actions={actions}
          onChanged={onChanged}
          onOutcome={setOutcome}
        />
      ))}
      {withdrawn > 0 && (
        <p className="muted" data-testid="history-withdrawn">
          {withdrawn} discarded {withdrawn === 1 ? 'item is' : 'items are'} kept in the chart and not shown.
        </p>
      )}
    </Card>
  );
}

/**
 * The history card of a SMART session (the actions use the clinician's token).
 * @param props - The client, OncoAgent's reports and results, and the reload.
 * @returns The card.
 */
export function HistoryCard(props: Omit<HistoryProps, 'actions'> & { client: Client }): ReactNode {
  const actions = useSavedActions(props.client);
  return <History {...props} actions={actions} />;
}

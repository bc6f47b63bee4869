// One earlier workup in the history: its results in plain words, "not reviewed" while machine-made, and for those
// the two decisions a clinician takes: review and sign (results become final under their name) or discard with a
// reason (withdrawn, never deleted).
import type { DiagnosticReport, Observation } from '@medplum/fhirtypes';
import { type ReactNode, useEffect, useState } from 'react';
import { observationText } from '../../record/components';
import { conceptText, formatDate } from '../../record/format';
import { plainText } from '../../record/plain';
import type { SavedActionReport } from '../../writeback/saved-commit';
import { actionTargets, awaitsReview, type SavedAction, type SavedResource } from '../../writeback/saved-review';
import type { SavedActions } from './useSavedActions';

export interface HistoryGroupProps {
  report?: DiagnosticReport;
  results: Observation[];
  /** `Observation/<id>` of results a later signed result replaced. */
  replaced?: Set<string>;
  actions: SavedActions;
  /** Reloads the record after a change. */
  onChanged: () => Promise<void>;
  /** Reports what an action did (shown by the history, which outlives a group that a discard removes). */
  onOutcome: (report: SavedActionReport) => void;
}

const when = (iso: string | undefined): string => {
  const time = /T(\d\d:\d\d)/.exec(iso ?? '')?.[1];
  return `${formatDate(iso)}${time ? `, ${time}` : ''}`;
};

/** The value in words (a therapeutic implication as "cetuximab: predicted resistant"), no code-system text. */
const value = (o: Observation): string => observationText(o) || '—';

const NONE = new Set<string>();

const statusText = (r: SavedResource): string => (awaitsReview(r) ? 'Not reviewed' : 'Signed');
const plural = (n: number, one: string): string => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * What the last sign or discard did: a status when everything was confirmed, an alert otherwise.
 * @param props - The action's report.
 * @returns The message.
 */
export function Outcome({ report }: { report: SavedActionReport }): ReactNode {
  return (
    <p
      className={report.ok ? 'notice' : 'workup-error'}
      role={report.ok ? 'status' : 'alert'}
      data-testid="history-outcome"
      data-ok={String(report.ok)}
    >
      {report.message}
    </p>
  );
}

/**
 * A workup of the history with its results and, while any await review, "Review and sign" and "Discard".
 * @param props - The report, its results, the session's actions and the reload.
 * @returns The group.
 */
export function HistoryGroup({
  report,
  results,
  replaced = NONE,
  actions,
  onChanged,
  onOutcome,
}: HistoryGroupProps): ReactNode {
  const all: SavedResource[] = [...(report ? [report] : []), ...results];
  const pending = all.some(awaitsReview);
  const [open, setOpen] = useState<SavedAction | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [signer, setSigner] = useState<string | undefined>();
  useEffect(() => {
    if (open !== 'sign') return;
    let live = true;
    void actions.actor().then((a) => live && setSigner(a?.display));
    return () => {
      live = false;
    };
  }, [open, actions]);

  const run = async (action: SavedAction): Promise<void> => {
    setBusy(true);
    const done = await actions.apply(all, action, action === 'discard' ? reason : undefined);
    setBusy(false);
    onOutcome(done);
    if (done.done.length) {
      setOpen(null);
      await onChanged().catch(() => undefined);
    }
  };
  const signedBy = report?.resultsInterpreter?.[0]?.display;
  const count = actionTargets(all, open ?? 'sign').length;
  return (
    <div className="saved-group history-group" data-testid="history-group" data-pending={String(pending)}>
      <h3 className="saved-group-title">
        Workup of {when(report?.issued ?? results[0]?.issued)}{' '}
        {pending ? (
          <span className="tag tag-warning" data-testid="not-reviewed">
            not reviewed
          </span>
        ) : (
          <span className="tag">signed{signedBy ? ` by ${signedBy}` : ''}</span>
        )}
      </h3>
      {report?.conclusion && (
        <p className="muted history-summary">{plainText(report.conclusion.split('\n')[0]?.replace(/^[-*]\s+/, ''))}</p>
      )}
      {results.length > 0 && (
        <table className="table table-compact">
          <thead>
            <tr>
              <th scope="col">Result</th>
              <th scope="col">Value</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {results.map((o) => (
              <tr
                key={o.id}
                data-testid="history-result"
                data-status={o.status}
                data-superseded={String(replaced.has(`Observation/${o.id}`))}
                className={replaced.has(`Observation/${o.id}`) ? 'superseded' : undefined}
              >
                <th scope="row">
                  {conceptText(o.code) ?? 'Result'}
                  {replaced.has(`Observation/${o.id}`) && (
                    <span className="tag tag-warning" data-testid="superseded-mark">
                      replaced by a later signed result
                    </span>
                  )}
                </th>
                <td>{value(o)}</td>
                <td className={awaitsReview(o) ? 'status-preliminary' : 'status-final'}>{statusText(o)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pending && open === null && (
        <div className="workup-actions">
          <button type="button" className="button" data-testid="history-review" onClick={() => setOpen('sign')}>
            Review and sign
          </button>
          <button
            type="button"
            className="button button-quiet"
            data-testid="history-discard"
            onClick={() => setOpen('discard')}
          >
            Discard
          </button>
        </div>
      )}
      {open === 'sign' && (
        <div className="history-panel" data-testid="history-sign-panel">
          <p>
            Signing makes {plural(count, 'machine-made item')} above final under your name and records you as the
            clinician who verified {count === 1 ? 'it' : 'them'}.
          </p>
          <div className="workup-actions">
            <button
              type="button"
              className="button"
              data-testid="history-sign"
              disabled={busy}
              onClick={() => run('sign')}
            >
              {busy ? 'Signing…' : `Sign${signer ? ` as ${signer}` : ''}`}
            </button>
            <button type="button" className="button button-quiet" disabled={busy} onClick={() => setOpen(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
      {open === 'discard' && (
        <div className="history-panel review-text" data-testid="history-discard-panel">
          <label htmlFor={`discard-reason-${report?.id ?? 'unlisted'}`}>Why are these results discarded?</label>
          <textarea
            id={`discard-reason-${report?.id ?? 'unlisted'}`}
            data-testid="discard-reason"
            rows={2}
            maxLength={1000}
            value={reason}
            disabled={busy}
            onChange={(e) => setReason(e.target.value)}
          />
          <p className="muted">
            They are marked as entered in error, kept in the chart with your reason, and no longer shown as results.
          </p>
          <div className="workup-actions">
            <button
              type="button"
              className="button"
              data-testid="discard-confirm"
              disabled={busy || !reason.trim()}
              onClick={() => run('discard')}
            >
              {busy ? 'Discarding…' : `Discard ${plural(count, 'item')}`}
            </button>
            <button type="button" className="button button-quiet" disabled={busy} onClick={() => setOpen(null)}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </div>
  );
}

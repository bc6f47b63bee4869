// What the review card says about the chart: per item whether it is already there or replaces an earlier result,
// a refused save (what the EHR refused, what was taken back, what is still in the chart) and a confirmed save.
import type { ReactNode } from 'react';
import type { RefusedEntry, WrittenEntry } from '../../../common/writeback/commit';
import type { ChartState } from '../../../common/writeback/preview';
import type { ReviewState } from './useReviewSign';

const NOUN: Record<string, [string, string]> = {
  Observation: ['result', 'results'],
  DiagnosticReport: ['report', 'reports'],
  QuestionnaireResponse: ['synoptic form', 'synoptic forms'],
  Device: ['software record', 'software records'],
  Provenance: ['provenance record', 'provenance records'],
};

/** "3 results, 1 report" for a list of entries. */
export function countByType(entries: { resourceType: string }[]): string {
  const counts = new Map<string, number>();
  for (const e of entries) counts.set(e.resourceType, (counts.get(e.resourceType) ?? 0) + 1);
  return [...counts]
    .map(([type, n]) => {
      const [one, many] = NOUN[type] ?? [type, `${type}s`];
      return `${n} ${n === 1 ? one : many}`;
    })
    .join(', ');
}

/** The note next to one item of the plan. */
export function ChartNote({ state }: { state: ChartState | undefined }): ReactNode {
  if (!state || state.kind === 'new') return null;
  if (state.kind === 'in-chart') {
    const signed = state.status === 'final' || state.status === 'amended' || state.status === 'completed';
    return (
      <span className="tag" data-testid="chart-note" data-kind="in-chart">
        {signed ? 'already in the chart, signed' : 'already in the chart, not signed yet: signing finalises it'}
      </span>
    );
  }
  return (
    <span className="tag tag-warning" data-testid="chart-note" data-kind="replaces">
      differs from an earlier result: signing replaces it
    </span>
  );
}

function Entries({ title, list, testId }: { title: string; list: (WrittenEntry | RefusedEntry)[]; testId: string }) {
  if (list.length === 0) return null;
  return (
    <p data-testid={testId}>
      {title}: {countByType(list)}.
    </p>
  );
}

/** A refused or incomplete save: the message, and entry counts by outcome. Never says "saved". */
export function SaveFailure({ error }: { error: NonNullable<ReviewState['error']> }): ReactNode {
  const r = error.report;
  return (
    <div className="workup-error" role="alert" data-testid="writeback-error" data-stage={error.stage}>
      <p>{error.message}</p>
      {r && (
        <>
          <Entries title="Refused by the EHR" list={r.refused} testId="refused-entries" />
          <Entries title="Written, then taken back" list={r.undone} testId="undone-entries" />
          <Entries title="Still in the chart although the save failed" list={r.left} testId="left-entries" />
          <p className="muted">
            The plan stays here: you can correct the problem and sign again; nothing is written twice.
          </p>
        </>
      )}
    </div>
  );
}

/** A confirmed save: who signed, and what the chart now holds. */
export function Saved({ state }: { state: ReviewState }): ReactNode {
  const { written, signer } = state.saved!;
  return (
    <div className="writeback-saved" role="status" data-testid="writeback-saved">
      <p>
        Signed by <span data-testid="signed-by">{signer}</span>. {written.message}
      </p>
      <ul className="written">
        {written.created.map((w) => (
          <li key={w.fullUrl} data-testid="written-resource" data-type={w.resourceType} data-location={w.location}>
            {NOUN[w.resourceType]?.[0] ?? w.resourceType} saved
          </li>
        ))}
        {written.existing.map((w) => (
          <li key={w.fullUrl} data-testid="existing-resource" className="muted" data-location={w.location}>
            {NOUN[w.resourceType]?.[0] ?? w.resourceType} already in the chart
          </li>
        ))}
      </ul>
      {state.reload === 'pending' && <p className="muted">Reloading the patient record…</p>}
      {state.reload === 'done' && <p data-testid="chart-reloaded">The patient view below now shows them.</p>}
      {typeof state.reload === 'object' && (
        <p className="error">The chart was saved, but reloading the record failed: {state.reload.failed}</p>
      )}
    </div>
  );
}

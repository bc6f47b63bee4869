// "Review and sign": what the workup would write to the chart, grouped and in plain words, with a tick per optional
// item, the validation result, and "Sign and save to chart" committing it with the clinician's own token.
import type Client from 'fhirclient/lib/Client';
import type { ReactNode } from 'react';
import type { SynopticInput, WorkupResult, WritebackPlan } from '../../../common/contracts';
import type { ChartState } from '../../../common/writeback/preview';
import { reviewGroups } from '../../writeback/groups';
import { scopeWarnings } from '../../writeback/scopes';
import { ChartNote, Saved, SaveFailure } from './outcome';
import { type ReviewState, useReviewSign } from './useReviewSign';

export interface ReviewSignProps {
  client: Client;
  workup: WorkupResult;
  /** Approved synoptic forms, written with the workup. */
  forms: SynopticInput[];
  /** Reloads the record once the resources are in the chart. */
  onWritten: () => Promise<void>;
}

function Issues({ plan }: { plan: WritebackPlan }): ReactNode {
  const issues = (plan.outcome.issue ?? []).filter((i) => i.severity !== 'information');
  if (issues.length === 0) return null;
  return (
    <ul className="plan-issues" data-testid="plan-issues">
      {issues.map((i, n) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: issues have no id and keep their order
        <li key={n} data-testid="plan-issue" data-severity={i.severity} className={`plan-issue-${i.severity}`}>
          {i.details?.text ?? i.diagnostics ?? i.code}
          {i.expression?.length ? <span className="muted"> ({i.expression[0]})</span> : null}
        </li>
      ))}
    </ul>
  );
}

function PlanReview({ state, toggle }: { state: ReviewState; toggle: (key: string, on: boolean) => void }): ReactNode {
  const plan = state.plan!;
  const chart = state.chart?.ok ? state.chart.states : undefined;
  const noteFor = (fullUrl: string): ChartState | undefined => chart?.get(fullUrl);
  return (
    <div
      className="plan"
      data-testid="writeback-plan"
      data-valid={String(plan.valid)}
      data-chart={state.chart ? (state.chart.ok ? 'checked' : 'failed') : 'pending'}
    >
      {reviewGroups(plan.summary).map((g) => (
        <fieldset key={g.group} className="plan-group" data-testid="plan-group">
          <legend>{g.group}</legend>
          <p className="muted">{g.about}</p>
          <ul className="plan-items">
            {g.items.map((item) => (
              <li key={item.key} data-testid="plan-item" data-key={item.key} data-required={String(item.required)}>
                {item.required ? (
                  <span>
                    {item.text} <span className="tag">always written</span>
                  </span>
                ) : (
                  <>
                    <label>
                      <input
                        type="checkbox"
                        data-testid="plan-item-toggle"
                        checked={state.ticks.includes(item.key)}
                        disabled={state.busy !== null}
                        onChange={(e) => toggle(item.key, e.target.checked)}
                      />{' '}
                      {item.text}
                    </label>
                    <ChartNote state={noteFor(item.fullUrl)} />
                  </>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      {plan.notWritten.length > 0 && (
        <details className="plan-not-written">
          <summary>Found but not written ({plan.notWritten.length})</summary>
          <ul>
            {plan.notWritten.map((n) => (
              <li key={`${n.group}:${n.text}`} data-testid="not-written">
                {n.text} <span className="muted">— {n.reason}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <Issues plan={plan} />
      {!plan.valid && (
        <p className="error" role="alert" data-testid="plan-invalid">
          This plan does not pass validation against the FHIR profiles, so it cannot be saved.
        </p>
      )}
    </div>
  );
}

/**
 * The review-and-sign card of a finished workup.
 * @param props - Client, workup, approved forms and the reload callback.
 * @returns The card.
 */
export function ReviewSign({ client, workup, forms, onWritten }: ReviewSignProps): ReactNode {
  const { state, review, toggle, edit, sign } = useReviewSign(client, workup, forms, onWritten);
  const nothing = state.plan !== undefined && state.ticks.length === 0;
  const granted = client.state.tokenResponse?.scope ?? client.state.scope ?? '';
  const warnings = state.plan ? scopeWarnings(granted, state.plan.bundle) : [];
  return (
    <section className="card review-sign" data-testid="review-sign-card" aria-labelledby="review-sign-heading">
      <h2 id="review-sign-heading" className="card-title">
        Save to chart
      </h2>
      <p className="muted">
        Everything the workup found is preliminary and machine-made. Signing makes the ticked results final under your
        name and writes them to the EHR
        {forms.length ? `, with ${forms.length} approved synoptic form${forms.length === 1 ? '' : 's'}` : ''}.
      </p>
      {!state.saved && (
        <button
          type="button"
          className="button button-quiet"
          data-testid="review-sign"
          onClick={review}
          disabled={state.busy !== null}
        >
          {state.plan ? 'Review again' : 'Review and sign'}
        </button>
      )}
      {state.busy === 'loading' && <p role="status">Preparing what will be written…</p>}
      {state.plan && !state.saved && <PlanReview state={state} toggle={toggle} />}
      {state.plan && !state.saved && <ChartSummary state={state} />}
      {state.plan && !state.saved && (
        <div className="review-text">
          <label htmlFor="review-conclusion">Conclusion of the signed report</label>
          <textarea
            id="review-conclusion"
            data-testid="review-conclusion"
            rows={Math.min(12, Math.max(3, state.conclusion.split('\n').length + 1))}
            value={state.conclusion}
            maxLength={10_000}
            disabled={state.busy !== null}
            onChange={(e) => edit('conclusion', e.target.value)}
          />
          {!state.conclusionEdited && (
            <p className="muted">Made from the ticked results; unticking one and reviewing again updates it.</p>
          )}
          <label htmlFor="review-comment">Your comment (optional)</label>
          <textarea
            id="review-comment"
            data-testid="review-comment"
            rows={2}
            value={state.comment}
            maxLength={10_000}
            disabled={state.busy !== null}
            onChange={(e) => edit('comment', e.target.value)}
          />
        </div>
      )}
      {state.plan && !state.saved && warnings.length > 0 && (
        <ul className="plan-issues" data-testid="scope-warnings">
          {warnings.map((w) => (
            <li key={w} className="plan-issue-warning">
              {w}
            </li>
          ))}
        </ul>
      )}
      {state.plan && !state.saved && (
        <div className="workup-actions">
          <button
            type="button"
            className="button"
            data-testid="sign-save"
            onClick={sign}
            disabled={!state.plan.valid || nothing || state.busy !== null}
          >
            {state.busy === 'signing'
              ? 'Signing and saving…'
              : state.error?.stage === 'commit'
                ? 'Try signing and saving again'
                : `Sign${state.signer ? ` as ${state.signer}` : ''} and save to chart`}
          </button>
          {nothing && <span className="muted">Tick at least one result to save.</span>}
        </div>
      )}
      {state.error && <SaveFailure error={state.error} />}
      {state.saved && <Saved state={state} />}
    </section>
  );
}

function ChartSummary({ state }: { state: ReviewState }): ReactNode {
  if (!state.chart) return null;
  if (!state.chart.ok) {
    return (
      <p className="muted" data-testid="chart-preview-failed">
        What the chart already holds could not be checked ({state.chart.message}); saving still writes nothing twice.
      </p>
    );
  }
  const ticked = new Set(state.plan!.summary.filter((s) => state.ticks.includes(s.key)).map((s) => s.fullUrl));
  const states = [...state.chart.states].filter(([url]) => ticked.has(url)).map(([, s]) => s);
  const inChart = states.filter((s) => s.kind === 'in-chart').length;
  const replaces = states.filter((s) => s.kind === 'replaces').length;
  if (!inChart && !replaces) return null;
  return (
    <p className="notice" role="status" data-testid="chart-preview">
      {inChart > 0 &&
        `${inChart} of the ticked results ${inChart === 1 ? 'is' : 'are'} already in the chart and will not be written again. `}
      {replaces > 0 &&
        `${replaces} ${replaces === 1 ? 'result differs' : 'results differ'} from an earlier result in the chart; signing marks the earlier ${replaces === 1 ? 'one' : 'ones'} as superseded.`}
    </p>
  );
}

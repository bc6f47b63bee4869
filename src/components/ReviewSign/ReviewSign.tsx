// "Review and sign": what the workup would write to the chart, grouped and in plain words, with a tick per optional
// item, the validation result, and "Sign and save to chart" committing it with the clinician's own token.
import type Client from 'fhirclient/lib/Client';
import type { ReactNode } from 'react';
import type { WorkupResult } from '../../../server/agent/workup-result';
import type { WritebackPlan } from '../../../server/writeback/plan';
import type { SynopticInput } from '../../../server/writeback/synoptic';
import { reviewGroups } from '../../writeback/groups';
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
  return (
    <div className="plan" data-testid="writeback-plan" data-valid={String(plan.valid)}>
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

function Saved({ state }: { state: ReviewState }): ReactNode {
  const { written, signer } = state.saved!;
  return (
    <div className="writeback-saved" role="status" data-testid="writeback-saved">
      <p>
        Signed by {signer} and saved to the chart: {written.created.length} resource
        {written.created.length === 1 ? '' : 's'} created
        {written.existing.length > 0 && `, ${written.existing.length} already in the chart from an earlier save`}.
      </p>
      <ul className="written">
        {written.created.map((w) => (
          <li key={w.fullUrl} data-testid="written-resource" data-type={w.resourceType}>
            {w.location || `${w.resourceType} (the EHR did not return its id)`}
          </li>
        ))}
        {written.existing.map((w) => (
          <li key={w.fullUrl} data-testid="existing-resource" className="muted">
            {w.location} (already there)
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

/**
 * The review-and-sign card of a finished workup.
 * @param props - Client, workup, approved forms and the reload callback.
 * @returns The card.
 */
export function ReviewSign({ client, workup, forms, onWritten }: ReviewSignProps): ReactNode {
  const { state, review, toggle, sign } = useReviewSign(client, workup, forms, onWritten);
  const nothing = state.plan !== undefined && state.ticks.length === 0;
  return (
    <section className="card review-sign" data-testid="review-sign-card" aria-labelledby="review-sign-heading">
      <h2 id="review-sign-heading" className="card-title">
        Save to chart
      </h2>
      <p className="muted">
        Everything the workup found is preliminary and machine-made. Signing makes the ticked results final under your
        name and writes them to the EHR in one transaction
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
      {state.plan && !state.saved && (
        <div className="workup-actions">
          <button
            type="button"
            className="button"
            data-testid="sign-save"
            onClick={sign}
            disabled={!state.plan.valid || nothing || state.busy !== null}
          >
            {state.busy === 'signing' ? 'Signing and saving…' : 'Sign and save to chart'}
          </button>
          {nothing && <span className="muted">Tick at least one result to save.</span>}
        </div>
      )}
      {state.error && (
        <div className="workup-error" role="alert" data-testid="writeback-error" data-stage={state.error.stage}>
          {state.error.message}
        </div>
      )}
      {state.saved && <Saved state={state} />}
    </section>
  );
}

// The pre-filled synoptic form of one pathology report: each answer editable, its evidence quoted beneath, conflicts
// and uncertain answers flagged; "Approve" sends the edits for a constraint re-check and hands the approved form on.
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { type Approval, approveForm, type Extraction } from '../../synoptic/api';
import { type FormValues, flagsByItem, formEdits, initialValues, notApplicable } from '../../synoptic/form';
import { browserApi } from '../../workup/api';
import { AiLabel } from '../AiLabel/AiLabel';

export interface SynopticFormProps {
  extraction: Extraction;
  /** The report text (the server checks evidence quotes against it). */
  text: string;
  subject?: string;
  onApproved: (approval: Approval) => void;
  /** Closes the form without approving (shown at every step). */
  onCancel?: () => void;
  /** Goes back to the template choice (offered when the template does not apply). */
  onChooseTemplate?: () => void;
}

type Item = Extraction['view']['items'][number];

interface ItemProps {
  item: Item;
  value: string;
  onChange: (value: string) => void;
  edited: boolean;
  error?: string;
  flags: string[];
}

function ItemRow({ item, value, onChange, edited, error, flags }: ItemProps): ReactNode {
  const id = useId();
  const classes = [
    'synoptic-item',
    flags.length ? 'synoptic-item-flagged' : '',
    item.uncertain ? 'synoptic-item-uncertain' : '',
  ];
  return (
    <li
      className={classes.filter(Boolean).join(' ')}
      data-testid="synoptic-item"
      data-link-id={item.linkId}
      data-flagged={String(flags.length > 0)}
      data-uncertain={String(Boolean(item.uncertain))}
      data-edited={String(edited)}
    >
      <label htmlFor={id} className="synoptic-label">
        {item.text}
        {item.unit && !item.text.includes(`(${item.unit})`) ? ` (${item.unit})` : ''}
      </label>
      {item.type === 'choice' ? (
        <select
          id={id}
          data-testid={`synoptic-input-${item.linkId}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        >
          <option value="">— no answer —</option>
          {(item.options ?? []).map((o) => (
            <option key={o.code} value={o.code}>
              {o.display}
            </option>
          ))}
        </select>
      ) : (
        <input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.1"
          min="0"
          max="100"
          data-testid={`synoptic-input-${item.linkId}`}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
      {edited && <span className="tag">changed by you</span>}
      {error && <p className="error">{error}</p>}
      {flags.map((message) => (
        <p key={message} className="synoptic-flag" data-testid="synoptic-flag">
          ⚠ {message}
        </p>
      ))}
      {item.uncertain && (
        <p className="synoptic-flag" data-testid="synoptic-uncertain">
          Uncertain: the answer kept switching between{' '}
          {item.uncertain.map((v) => (v === null ? 'no answer' : String(v))).join(' and ')}.
        </p>
      )}
      {item.evidence.map((quote) => (
        <blockquote key={quote} className="synoptic-evidence" data-testid="synoptic-evidence">
          “{quote}”
        </blockquote>
      ))}
      {item.explanation && <p className="muted synoptic-explanation">{item.explanation}</p>}
    </li>
  );
}

/**
 * The editable, evidence-backed synoptic form.
 * @param props - The extraction, the report text, the patient and the approval callback.
 * @returns The form.
 */
export function SynopticForm({
  extraction,
  text,
  subject,
  onApproved,
  onCancel,
  onChooseTemplate,
}: SynopticFormProps): ReactNode {
  const { view, response } = extraction;
  const [values, setValues] = useState<FormValues>(() => initialValues(view));
  const [approved, setApproved] = useState<{ approval: Approval; values: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const api = useMemo(browserApi, []);
  const { edits, errors } = formEdits(view, values);
  const flags = flagsByItem(approved ? approved.approval.violations : view.violations);
  const stale = approved !== null && approved.values !== JSON.stringify(values);
  const mismatch = notApplicable(view);

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (busy || mismatch || Object.keys(errors).length > 0) return;
    setBusy(true);
    setError(null);
    const snapshot = JSON.stringify(values);
    approveForm(api, { template: view.template.id, text, response, edits, subject }).then(
      (approval) => {
        setBusy(false);
        setApproved({ approval, values: snapshot });
        onApproved(approval);
      },
      (e: unknown) => {
        setBusy(false);
        setError(e instanceof Error ? e.message : String(e));
      }
    );
  };

  return (
    <form
      className="synoptic-form"
      data-testid="synoptic-form"
      data-template={view.template.id}
      data-applies={String(!mismatch)}
      onSubmit={onSubmit}
    >
      <h3 className="subhead">
        {view.template.title} <AiLabel />
      </h3>
      <p className="muted">
        Pre-filled by {view.reasoning.mode === 'llm' ? `a language model (${view.reasoning.model ?? 'LLM'})` : 'rules'}.
        Check each answer against the quoted evidence, correct what is wrong, then approve.
      </p>
      {mismatch && (
        <p className="workup-error" role="alert" data-testid="synoptic-not-applicable">
          This form cannot be approved: {mismatch.charAt(0).toLowerCase()}
          {mismatch.slice(1)}
          {/[.!?]$/.test(mismatch) ? '' : '.'} Choose a template that fits the specimen, or cancel.
        </p>
      )}
      {view.issues.filter((i) => i !== mismatch).length > 0 && (
        <div className="notice" data-testid="synoptic-issues">
          {view.issues
            .filter((i) => i !== mismatch)
            .map((issue) => (
              <p key={issue}>{issue}</p>
            ))}
        </div>
      )}
      {flags.size > 0 && (
        <div className="synoptic-violations" role="note" data-testid="synoptic-violations">
          These answers conflict with each other or with the report:
          <ul>
            {(approved ? approved.approval.violations : view.violations).map((v) => (
              <li key={v.rule}>{v.message}</li>
            ))}
          </ul>
        </div>
      )}
      <ol className="synoptic-items">
        {view.items.map((item) => (
          <ItemRow
            key={item.linkId}
            item={item}
            value={values[item.linkId] ?? ''}
            onChange={(value) => setValues((v) => ({ ...v, [item.linkId]: value }))}
            edited={Object.hasOwn(edits, item.linkId)}
            error={errors[item.linkId]}
            flags={flags.get(item.linkId) ?? []}
          />
        ))}
      </ol>
      <div className="workup-actions">
        <button
          type="submit"
          className="button"
          data-testid="synoptic-approve"
          disabled={busy || Boolean(mismatch) || Object.keys(errors).length > 0}
        >
          {busy ? 'Approving…' : approved ? 'Approve again' : 'Approve'}
        </button>
        {mismatch && onChooseTemplate && (
          <button type="button" className="button" data-testid="synoptic-choose-again" onClick={onChooseTemplate}>
            Choose another template
          </button>
        )}
        {onCancel && (
          <button
            type="button"
            className="button button-quiet"
            data-testid="synoptic-cancel"
            disabled={busy}
            onClick={onCancel}
          >
            Cancel
          </button>
        )}
        {approved && !stale && (
          <span role="status" data-testid="synoptic-approved">
            Approved{approved.approval.edited.length ? ` with ${approved.approval.edited.length} change(s)` : ''}: it
            will be saved with the next “Sign and save to chart” (preliminary until signed).
          </span>
        )}
        {stale && <span className="muted">Changed since approval: approve again to save these changes.</span>}
      </div>
      {error && (
        <p className="error" role="alert" data-testid="synoptic-error">
          {error}
        </p>
      )}
    </form>
  );
}

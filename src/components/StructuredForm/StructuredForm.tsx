// "Structured form" on a pathology report: choose the template (suggested from the report's wording), extract the
// report into a pre-filled synoptic form, and pass the approved form on to the write-back.
import type { DiagnosticReport } from '@medplum/fhirtypes';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { type Approval, type Extraction, extractForm, fetchTemplates, type TemplateInfo } from '../../synoptic/api';
import { pathologyText, preselectTemplate } from '../../synoptic/pathology';
import { browserApi } from '../../workup/api';
import { SynopticForm } from '../SynopticForm/SynopticForm';

export interface StructuredFormProps {
  report: DiagnosticReport;
  /** Called with the approved form each time the pathologist approves. */
  onApproved: (approval: Approval) => void;
}

type Step =
  | { kind: 'closed' }
  | { kind: 'choosing'; templates: TemplateInfo[] | null }
  | { kind: 'extracting' }
  | { kind: 'form'; extraction: Extraction };

/**
 * The structured-form launcher of one pathology report.
 * @param props - The report and the approval callback.
 * @returns The button, the template chooser or the form.
 */
export function StructuredForm({ report, onApproved }: StructuredFormProps): ReactNode {
  const api = useMemo(browserApi, []);
  const text = useMemo(() => pathologyText(report), [report]);
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const choice = useMemo(() => preselectTemplate(report, text), [report, text]);
  const [template, setTemplate] = useState(() => choice.template ?? '');
  const [error, setError] = useState<string | null>(null);
  const selectId = useId();
  const subject = report.subject?.reference;

  const open = (): void => {
    setError(null);
    setStep({ kind: 'choosing', templates: null });
    fetchTemplates(api).then(
      (templates) => setStep((s) => (s.kind === 'choosing' ? { kind: 'choosing', templates } : s)),
      (e: unknown) => {
        setStep({ kind: 'closed' });
        setError(e instanceof Error ? e.message : String(e));
      }
    );
  };

  const extract = (): void => {
    setError(null);
    setStep({ kind: 'extracting' });
    extractForm(api, { template, text, report: report.id ? `DiagnosticReport/${report.id}` : undefined, subject }).then(
      (extraction) => setStep({ kind: 'form', extraction }),
      (e: unknown) => {
        setStep({ kind: 'closed' });
        setError(e instanceof Error ? e.message : String(e));
      }
    );
  };

  if (!text) {
    return <p className="muted">No text in this report to fill a structured form from.</p>;
  }
  return (
    <div className="structured-form" data-testid="structured-form-panel">
      {step.kind === 'closed' && (
        <button type="button" className="button button-quiet" data-testid="structured-form" onClick={open}>
          Structured form
        </button>
      )}
      {step.kind === 'choosing' && (
        <div className="structured-form-choose">
          <label htmlFor={selectId} className="label">
            Synoptic template
          </label>
          <select
            id={selectId}
            data-testid="synoptic-template"
            value={template}
            onChange={(e) => setTemplate(e.target.value)}
            disabled={!step.templates}
          >
            <option value="">— choose a template —</option>
            {(step.templates ?? []).map((t) => (
              <option key={t.id} value={t.id}>
                {t.title}
                {t.id === choice.template ? ' (suggested)' : ''}
              </option>
            ))}
          </select>{' '}
          <button
            type="button"
            className="button"
            data-testid="synoptic-extract"
            disabled={!template || !step.templates}
            onClick={extract}
          >
            Fill in from the report
          </button>{' '}
          <button
            type="button"
            className="button button-quiet"
            data-testid="synoptic-cancel"
            onClick={() => setStep({ kind: 'closed' })}
          >
            Cancel
          </button>
          <p className="muted" data-testid="synoptic-template-why">
            {choice.why}
          </p>
        </div>
      )}
      {step.kind === 'extracting' && <p role="status">Reading the report and filling in the form…</p>}
      {step.kind === 'form' && (
        <SynopticForm
          extraction={step.extraction}
          text={text}
          subject={subject}
          onApproved={onApproved}
          onCancel={() => setStep({ kind: 'closed' })}
          onChooseTemplate={open}
        />
      )}
      {error && (
        <p className="error" role="alert" data-testid="synoptic-error">
          {error}
        </p>
      )}
    </div>
  );
}

// The "Prepare workup" card: an optional question, live progress, errors with Retry, then the cited report.
import type Client from 'fhirclient/lib/Client';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import type { SynopticInput } from '../../../common/contracts';
import type { PatientRecord } from '../../../common/record/patient-record';
import type { WorkupError } from '../../workup/errors';
import { reportOf } from '../../workup/report';
import { FollowUps } from '../FollowUp/FollowUp';
import { ReviewSign } from '../ReviewSign/ReviewSign';
import { useViewerWorkup } from '../Viewer/ViewerContext';
import { WorkupProgress } from '../WorkupProgress/WorkupProgress';
import { WorkupReport } from '../WorkupReport/WorkupReport';
import { useWorkup } from './useWorkup';

export interface WorkupProps {
  client: Client;
  /** The loaded record: record citations open its items. */
  record: PatientRecord;
  /** Approved synoptic forms, saved with the workup's results. */
  forms?: SynopticInput[];
  /** Reloads the record after the results were saved to the chart. */
  onWritten?: () => Promise<void>;
}

const NO_FORMS: SynopticInput[] = [];
const NO_RELOAD = async (): Promise<void> => {};

const ERROR_TITLES: Record<WorkupError['kind'], string> = {
  expired: 'Session expired',
  forbidden: 'Access refused',
  network: 'OncoAgent server unreachable',
  'not-found': 'Workup service not found',
  'bad-request': 'Workup request not accepted',
  server: 'The workup failed',
  'connection-lost': 'Connection lost',
};

const QUESTION_MAX = 2000;

/**
 * Prepares a tumor-board workup for the patient and shows it.
 * @param props - The SMART client and the loaded record.
 * @returns The card and, once there is one, the report.
 */
export function Workup({ client, record, forms = NO_FORMS, onWritten = NO_RELOAD }: WorkupProps): ReactNode {
  const { view, start, cancel } = useWorkup(client);
  const [question, setQuestion] = useState('');
  const questionId = useId();
  const running = view.phase === 'starting' || view.phase === 'running';
  const report = reportOf(view);
  // Lesions re-measured in the viewer replace the automated ones in what is signed; each re-measure re-opens review.
  const signed = useViewerWorkup(view.phase === 'done' ? view.result : undefined);

  const onSubmit = (event: FormEvent): void => {
    event.preventDefault();
    if (!running) {
      start(question);
    }
  };

  return (
    <div className="workup" data-testid="workup">
      <section className="card" aria-labelledby="workup-heading">
        <h2 id="workup-heading" className="card-title">
          Tumor-board workup
        </h2>
        <form className="workup-form" onSubmit={onSubmit}>
          <label htmlFor={questionId} className="label">
            Question (optional)
          </label>
          <textarea
            id={questionId}
            className="workup-question"
            data-testid="workup-question"
            rows={2}
            maxLength={QUESTION_MAX}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder="e.g. Did the liver metastases grow? What are the options for the tumor board?"
            disabled={running}
          />
          <div className="workup-actions">
            <button type="submit" className="button" data-testid="prepare-workup" disabled={running}>
              {running ? 'Preparing…' : 'Prepare workup'}
            </button>
            {running && (
              <button type="button" className="button button-quiet" data-testid="cancel-workup" onClick={cancel}>
                Cancel
              </button>
            )}
          </div>
        </form>
        {view.phase !== 'idle' && <WorkupProgress view={view} />}
        {view.phase === 'failed' && view.error && (
          <div className="workup-error" role="alert" data-testid="workup-error" data-kind={view.error.kind}>
            <p className="workup-error-title">{ERROR_TITLES[view.error.kind]}</p>
            <p>{view.error.message}</p>
            <button type="button" className="button" data-testid="workup-retry" onClick={() => start(view.question)}>
              Retry
            </button>
          </div>
        )}
      </section>
      {report && <WorkupReport report={report} record={record} workupId={view.result?.id} />}
      {view.phase === 'done' && view.result && (
        <FollowUps key={view.result.id} client={client} workup={view.result} record={record} />
      )}
      {view.phase === 'done' && signed.workup && (
        <ReviewSign key={signed.key} client={client} workup={signed.workup} forms={forms} onWritten={onWritten} />
      )}
    </div>
  );
}

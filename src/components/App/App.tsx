// The patient view's shell: header, loading and error states, then the record's cards.
import type Client from 'fhirclient/lib/Client';
import { type ReactNode, useCallback, useEffect, useMemo, useState } from 'react';
import type { PatientRecord } from '../../../common/record/patient-record';
import { CheckPage } from '../../check/CheckPage/CheckPage';
import { CHECK_HASH, useCheckRoute } from '../../check/route';
import { type AppError, toAppError } from '../../fhir/app-error';
import { fhirBase, loadRecord, RecordLoadError } from '../../fhir/load-record';
import { isPathologyReport } from '../../synoptic/pathology';
import { browserApi } from '../../workup/api';
import { partitionOutputs } from '../../writeback/outputs';
import { Banner } from '../Banner/Banner';
import { Biomarkers } from '../Biomarkers/Biomarkers';
import { Charts } from '../Charts/Charts';
import { HistoryCard } from '../History/History';
import { Imaging } from '../Imaging/Imaging';
import { Labs } from '../Labs/Labs';
import { PatientPicker } from '../PatientPicker/PatientPicker';
import { ProblemList } from '../ProblemList/ProblemList';
import { Reports } from '../Reports/Reports';
import { StructuredForm } from '../StructuredForm/StructuredForm';
import { useApprovedForms } from '../StructuredForm/useApprovedForms';
import { TreatmentTimeline } from '../TreatmentTimeline/TreatmentTimeline';
import { ViewerProvider } from '../Viewer/ViewerContext';
import { Workup } from '../Workup/Workup';

export interface AppProps {
  client: Client;
  /** The app version from /api/config, shown in the header. */
  version?: string;
}

type State = { status: 'loading' } | { status: 'failed'; error: AppError } | { status: 'ready'; record: PatientRecord };

const TITLES: Record<AppError['kind'], string> = {
  expired: 'Session expired',
  forbidden: 'Access refused',
  unreachable: 'FHIR server unreachable',
  'not-found': 'Patient not found',
  'bad-response': 'Unexpected answer from the FHIR server',
};

function PatientView({
  record,
  client,
  onReload,
}: {
  record: PatientRecord;
  client: Client;
  onReload: () => Promise<void>;
}): ReactNode {
  const { forms, approve, replaced } = useApprovedForms();
  // OncoAgent's own results (e.g. a predicted MSI status) stay out of the cards that show measured values.
  const [ourObservations, observations] = useMemo(() => partitionOutputs(record.observations), [record.observations]);
  const [ourReports] = useMemo(() => partitionOutputs(record.diagnosticReports), [record.diagnosticReports]);
  const chart = useMemo(() => ({ ...record, observations }), [record, observations]);
  const pathology = useMemo(
    () => new Map(record.diagnosticReports.filter(isPathologyReport).map((r) => [`DiagnosticReport/${r.id}`, r])),
    [record.diagnosticReports]
  );
  const structuredForm = (id: string): ReactNode => {
    const report = pathology.get(id);
    return report ? (
      <>
        <StructuredForm report={report} onApproved={(approval) => approve(id, approval)} />
        {replaced?.by === id && (
          <p className="notice" role="status">
            This form replaces the approved form of {replaced.report}: one form per template is saved with a workup.
          </p>
        )}
      </>
    ) : null;
  };
  return (
    <ViewerProvider record={record} client={client}>
      <Banner patient={record.patient} conditions={record.conditions} />
      {record.truncated.length > 0 && (
        <p className="notice" role="status" data-testid="record-truncated">
          Part of the record was not loaded: {record.truncated.join('; ')}.
        </p>
      )}
      <Workup client={client} record={record} forms={forms} onWritten={onReload} />
      <Charts observations={observations} record={record} saved={ourObservations} />
      <div className="grid">
        <ProblemList conditions={record.conditions} />
        <Biomarkers observations={observations} />
        <TreatmentTimeline record={chart} />
        <Imaging
          imagingStudies={record.imagingStudies}
          included={record.included}
          fhirBase={fhirBase(client)}
          authorization={client.getAuthorizationHeader()}
          reports={record.diagnosticReports}
          documents={record.documentReferences}
        />
        <Labs observations={observations} />
        <Reports
          diagnosticReports={record.diagnosticReports}
          documentReferences={record.documentReferences}
          extra={structuredForm}
        />
        <HistoryCard client={client} reports={ourReports} observations={ourObservations} onChanged={onReload} />
      </div>
    </ViewerProvider>
  );
}

/** Loads the record once per mount; Retry remounts it with a new key. */
function RecordView({ client, onRetry }: { client: Client; onRetry: () => void }): ReactNode {
  const [state, setState] = useState<State>({ status: 'loading' });
  // After a write-back: the new record replaces the shown one in place, so the workup and its results stay on screen.
  const reload = useCallback(async () => {
    try {
      const record = await loadRecord(client);
      setState({ status: 'ready', record });
    } catch (error) {
      throw new Error(error instanceof RecordLoadError ? error.appError.message : String(error));
    }
  }, [client]);

  useEffect(() => {
    let live = true;
    loadRecord(client).then(
      (record) => live && setState({ status: 'ready', record }),
      (error: unknown) => {
        const appError =
          error instanceof RecordLoadError ? error.appError : toAppError(error, { fhirBase: fhirBase(client) });
        if (live) {
          setState({ status: 'failed', error: appError });
        }
      }
    );
    return () => {
      live = false;
    };
  }, [client]);

  if (state.status === 'loading') {
    return (
      <p className="status" role="status" data-testid="app-loading">
        Loading the patient record…
      </p>
    );
  }
  if (state.status === 'failed') {
    return (
      <section className="card error-card" role="alert" data-testid="app-error" data-kind={state.error.kind}>
        <h2 className="card-title">{TITLES[state.error.kind]}</h2>
        <p>{state.error.message}</p>
        <button type="button" className="button" data-testid="retry-button" onClick={onRetry}>
          Retry
        </button>
      </section>
    );
  }
  return <PatientView record={state.record} client={client} onReload={reload} />;
}

/**
 * Loads the launch patient's record and shows it.
 * @param props - The SMART client and the app version.
 * @returns The app.
 */
export function App({ client, version }: AppProps): ReactNode {
  const [attempt, setAttempt] = useState(0);
  const [patient, setPatient] = useState(client.patient.id ?? null);
  const check = useCheckRoute();
  const checkApi = useMemo(() => browserApi(client), [client]);
  return (
    <div className="app">
      <header className="app-header">
        <span className="brand">OncoAgent</span>
        {version && (
          <span className="version" data-testid="app-version">
            v{version}
          </span>
        )}
        <span className="fhir-base" title="FHIR server">
          {fhirBase(client)}
        </span>
        <a className="check-link" href={check ? '#' : CHECK_HASH} data-testid="check-link">
          {check ? 'Patient view' : 'EHR connection check'}
        </a>
      </header>
      <main className="content">
        {check && patient ? (
          <CheckPage api={checkApi} />
        ) : patient ? (
          <RecordView key={`${patient}:${attempt}`} client={client} onRetry={() => setAttempt((n) => n + 1)} />
        ) : (
          <PatientPicker client={client} onChosen={setPatient} />
        )}
      </main>
    </div>
  );
}

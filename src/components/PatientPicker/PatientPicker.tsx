// The app's own patient picker, for launches where the EHR chose no patient (e.g. a practitioner's standalone launch
// on Medplum): search by name with the clinician's token, pick one, and the app opens that patient.
import type Client from 'fhirclient/lib/Client';
import { type FormEvent, type ReactNode, useCallback, useEffect, useState } from 'react';
import { choosePatient, type PatientChoice, searchPatients } from '../../fhir/choose-patient';

export interface PatientPickerProps {
  client: Client;
  onChosen: (id: string) => void;
}

type State =
  | { status: 'idle' | 'searching' }
  | { status: 'done'; rows: PatientChoice[] }
  | { status: 'failed'; message: string };

/**
 * Search and choose a patient.
 * @param props - The SMART client and what to do once chosen.
 * @returns The picker card.
 */
export function PatientPicker({ client, onChosen }: PatientPickerProps): ReactNode {
  const [name, setName] = useState('');
  const [state, setState] = useState<State>({ status: 'idle' });
  const search = useCallback(
    (query: string) => {
      setState({ status: 'searching' });
      searchPatients(client, query).then(
        (rows) => setState({ status: 'done', rows }),
        (error: unknown) =>
          setState({
            status: 'failed',
            message: `The EHR refused the patient search (${(error instanceof Error ? error.message : String(error)).split('\n')[0]}).`,
          })
      );
    },
    [client]
  );
  useEffect(() => search(''), [search]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    search(name);
  };
  return (
    <section className="card" data-testid="patient-picker" aria-labelledby="patient-picker-heading">
      <h2 id="patient-picker-heading" className="card-title">
        Choose a patient
      </h2>
      <p className="muted">The EHR did not open OncoAgent for a patient. Search for the patient to work on.</p>
      <form onSubmit={submit} className="picker-search">
        <label htmlFor="patient-search">Name</label>{' '}
        <input
          id="patient-search"
          data-testid="patient-search"
          value={name}
          onChange={(e) => setName(e.target.value)}
        />{' '}
        <button type="submit" className="button button-quiet">
          Search
        </button>
      </form>
      {state.status === 'searching' && <p role="status">Searching…</p>}
      {state.status === 'failed' && (
        <p className="error" role="alert">
          {state.message}
        </p>
      )}
      {state.status === 'done' && state.rows.length === 0 && <p className="empty">No patient found.</p>}
      {state.status === 'done' && state.rows.length > 0 && (
        <table className="table table-compact">
          <thead>
            <tr>
              <th scope="col">Patient</th>
              <th scope="col">Born</th>
              <th scope="col">MRN</th>
              <th scope="col" />
            </tr>
          </thead>
          <tbody>
            {state.rows.map((p) => (
              <tr key={p.id}>
                <th scope="row">{p.name}</th>
                <td>{p.birthDate ?? '—'}</td>
                <td>{p.mrn ?? '—'}</td>
                <td>
                  <button
                    type="button"
                    className="button"
                    data-testid="choose-patient"
                    data-patient={p.id}
                    onClick={() => {
                      choosePatient(client, p.id);
                      onChosen(p.id);
                    }}
                  >
                    Open
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

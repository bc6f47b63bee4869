// Holds one workup's run for the Workup card: start (every API call carries the SMART token, refreshed when about to
// expire, and the FHIR base and patient), live view state, cancel, and cancelling on the server when the card goes
// away mid-run.
import type Client from 'fhirclient/lib/Client';
import { useCallback, useEffect, useMemo, useReducer, useRef } from 'react';
import { fhirBase } from '../../fhir/load-record';
import { browserApi } from '../../workup/api';
import { INITIAL_VIEW, reduceWorkup, type WorkupView } from '../../workup/reducer';
import { runWorkup, stopWorkup } from '../../workup/run-workup';

interface Run {
  abort: AbortController;
  id?: string;
  ended: boolean;
}

export interface WorkupControls {
  view: WorkupView;
  start: (question: string) => void;
  cancel: () => void;
}

/**
 * Runs workups for the launch patient.
 * @param client - The SMART client (FHIR base, patient, access token).
 * @returns The view and the start/cancel actions.
 */
export function useWorkup(client: Client): WorkupControls {
  const [view, dispatch] = useReducer(reduceWorkup, INITIAL_VIEW);
  const current = useRef<Run | null>(null);
  const api = useMemo(() => browserApi(client), [client]);

  const stop = useCallback(
    (run: Run | null) => {
      if (!run || run.ended) {
        return;
      }
      run.ended = true;
      run.abort.abort();
      if (run.id) {
        void stopWorkup(api, run.id);
      }
    },
    [api]
  );

  const start = useCallback(
    (question: string) => {
      stop(current.current);
      const run: Run = { abort: new AbortController(), ended: false };
      current.current = run;
      dispatch({ type: 'start', question, at: Date.now() });
      const go = async (): Promise<void> => {
        // A token about to expire is refreshed before each call (when the EHR gave a refresh token); if not, the
        // server's 401 tells the user to relaunch.
        await runWorkup({
          api,
          request: {
            fhirBase: fhirBase(client),
            patientId: client.patient.id ?? '',
            question: question.trim() || undefined,
          },
          dispatch,
          signal: run.abort.signal,
          onId: (id) => {
            run.id = id;
          },
        });
        run.ended = true;
      };
      void go();
    },
    [api, client, stop]
  );

  const cancel = useCallback(() => {
    const run = current.current;
    if (run && !run.ended) {
      stop(run);
      dispatch({ type: 'cancelled', at: Date.now() });
    }
  }, [stop]);

  useEffect(() => () => stop(current.current), [stop]);

  return { view, start, cancel };
}

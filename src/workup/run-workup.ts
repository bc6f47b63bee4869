// Runs one workup end to end for the UI: start it, follow its events, and when the stream breaks off early,
// ask for the stored result before calling the connection lost.
import { cancelWorkup, fetchResult, startWorkup, streamEvents, type WorkupApi, type WorkupRequest } from './api';
import { toWorkupError, type WorkupError, WorkupHttpError } from './errors';
import type { WorkupAction } from './reducer';

export interface RunOptions {
  /** The API; its credentials (the SMART token, FHIR base and patient) go with every call. */
  api: WorkupApi;
  request: WorkupRequest;
  dispatch: (action: WorkupAction) => void;
  /** Aborting stops following the workup (the caller cancels it on the server with {@link stopWorkup}). */
  signal: AbortSignal;
  /** Called once the server has assigned the id. */
  onId?: (id: string) => void;
  now?: () => number;
}

const NO_TOKEN: WorkupError = {
  kind: 'expired',
  message:
    'OncoAgent holds no access token for the EHR, so the workup cannot read the record. Relaunch it from the EHR.',
};

const lost = (detail: string): WorkupError => ({
  kind: 'connection-lost',
  message: `The connection to the workup was lost before it finished (${detail}). Retry to run it again.`,
});

/**
 * Starts a workup and dispatches its progress until it ends, fails or the signal aborts. Never rejects.
 * @param options - API (with the session's credentials), request, dispatch and abort signal.
 */
export async function runWorkup(options: RunOptions): Promise<void> {
  const { api, request, dispatch, signal } = options;
  const now = options.now ?? Date.now;
  if (!(await api.credentials?.())) {
    dispatch({ type: 'failed', error: NO_TOKEN, at: now() });
    return;
  }
  let id: string;
  try {
    id = await startWorkup(api, request, signal);
  } catch (error) {
    if (!signal.aborted) {
      dispatch({ type: 'failed', error: toWorkupError(error), at: now() });
    }
    return;
  }
  options.onId?.(id);
  dispatch({ type: 'started', id });
  let ended = false;
  let breakOff = 'the server closed the stream';
  try {
    await streamEvents(
      api,
      id,
      (event) => {
        if (!event) {
          dispatch({ type: 'unreadable' });
          return;
        }
        ended ||= event.type === 'done' || event.type === 'error';
        dispatch({ type: 'event', event, at: now() });
      },
      signal
    );
  } catch (error) {
    if (signal.aborted) {
      return;
    }
    if (error instanceof WorkupHttpError && error.status === 404) {
      dispatch({
        type: 'failed',
        error: lost('the server no longer knows this workup; it may have restarted'),
        at: now(),
      });
      return;
    }
    const refused = toWorkupError(error);
    if (refused.kind !== 'network' && refused.kind !== 'server') {
      dispatch({ type: 'failed', error: refused, at: now() });
      return;
    }
    breakOff = error instanceof Error ? error.message : String(error);
  }
  if (ended || signal.aborted) {
    return;
  }
  try {
    const result = await fetchResult(api, id);
    dispatch(
      result
        ? { type: 'event', event: { type: 'done', result }, at: now() }
        : { type: 'failed', error: lost(breakOff), at: now() }
    );
  } catch {
    dispatch({ type: 'failed', error: lost(breakOff), at: now() });
  }
}

/**
 * Stops a running workup on the server; best effort, since the user has already moved on.
 * @param api - Base URL and fetch.
 * @param id - The workup id.
 */
export async function stopWorkup(api: WorkupApi, id: string): Promise<void> {
  try {
    await cancelWorkup(api, id);
  } catch {
    // The run ends on its own (or has ended); nothing the user can act on.
  }
}

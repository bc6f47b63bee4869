// The app's client for the workup API: start, follow the event stream, fetch the result, cancel. Every call carries
// the SMART access token and says which EHR and patient it is about (the server checks both with the EHR).
// The stream is read with fetch rather than EventSource: fetch can send those headers, shows the HTTP status of a
// refused stream (404 after a server restart), stops for good when aborted (EventSource silently reconnects and would
// replay a finished run), and parses in plain code that tests can drive. URLs never carry the token.
import type { OperationOutcome } from '@medplum/fhirtypes';
import type Client from 'fhirclient/lib/Client';
import type { AgentEvent, WorkupResult } from '../../common/contracts';
import { WorkupHttpError } from './errors';
import { clientCredentials, sessionCredentials } from './session';
import { createSseParser, type SseMessage } from './sse';

/** What every API call carries: the `Authorization` header value (`Bearer …`), the FHIR base and the patient. */
export interface ApiCredentials {
  authorization: string;
  fhirBase: string;
  patientId: string;
}

/** Where the API lives and how to call it; tests pass a 127.0.0.1 base URL. */
export interface WorkupApi {
  /** Prefix for `/api/workups` ('' in the browser: same origin). */
  baseUrl: string;
  fetch: typeof fetch;
  /** The credentials of the current SMART session, a token about to expire refreshed first; null without a token. */
  credentials?: () => Promise<ApiCredentials | null>;
}

/** The body of `POST /api/workups`. */
export interface WorkupRequest {
  fhirBase: string;
  patientId: string;
  question?: string;
}

/**
 * The browser's API: same origin, the global fetch, and the credentials of `client` or, without one, of the page's
 * SMART session (bound by the redirect page).
 * @param client - The SMART client whose token, FHIR base and patient the calls carry.
 * @returns The API.
 */
export const browserApi = (client?: Client): WorkupApi => ({
  baseUrl: '',
  fetch: globalThis.fetch.bind(globalThis),
  credentials: client ? clientCredentials(client) : sessionCredentials,
});

/**
 * The headers that say who is calling and about which EHR and patient (none when the API has no credentials).
 * @param api - The API and its credentials.
 * @returns `Authorization`, `X-FHIR-Base` and `X-Patient-Id`.
 */
export async function apiHeaders(api: WorkupApi): Promise<Record<string, string>> {
  const credentials = await api.credentials?.();
  if (!credentials) {
    return {};
  }
  return {
    authorization: credentials.authorization,
    'x-fhir-base': credentials.fhirBase,
    'x-patient-id': credentials.patientId,
  };
}

async function fail(response: Response, what: string): Promise<never> {
  let outcome: OperationOutcome | undefined;
  try {
    const body = (await response.json()) as { resourceType?: string };
    outcome = body?.resourceType === 'OperationOutcome' ? (body as OperationOutcome) : undefined;
  } catch {
    // A body that is not JSON carries no outcome; the status alone is reported.
  }
  throw new WorkupHttpError(response.status, outcome, what);
}

/**
 * Starts a workup with the user's SMART token.
 * @param api - Base URL, fetch and credentials.
 * @param request - FHIR base, patient id and optional question.
 * @param signal - Aborts the request.
 * @returns The workup id.
 */
export async function startWorkup(api: WorkupApi, request: WorkupRequest, signal?: AbortSignal): Promise<string> {
  const response = await api.fetch(`${api.baseUrl}/api/workups`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(await apiHeaders(api)) },
    body: JSON.stringify(request),
    signal,
  });
  if (!response.ok) {
    return fail(response, 'Starting the workup');
  }
  const body = (await response.json()) as { id?: unknown };
  if (typeof body?.id !== 'string' || body.id === '') {
    throw new Error('the server did not return a workup id');
  }
  return body.id;
}

const url = (api: WorkupApi, id: string, rest = ''): string =>
  `${api.baseUrl}/api/workups/${encodeURIComponent(id)}${rest}`;

/**
 * Decodes one SSE message into an AgentEvent; the `event:` name stands in when the JSON lacks `type`.
 * @param message - The SSE message.
 * @returns The event, or null when the data is not a JSON object.
 */
export function decodeEvent(message: SseMessage): AgentEvent | null {
  try {
    const value = JSON.parse(message.data) as Record<string, unknown> | null;
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      return null;
    }
    const type = typeof value.type === 'string' ? value.type : message.event;
    return { ...value, type } as AgentEvent;
  } catch {
    return null;
  }
}

/**
 * Follows the workup's event stream until the server closes it or the signal aborts.
 * @param api - Base URL, fetch and credentials.
 * @param id - The workup id.
 * @param onEvent - Called per event, in order; `null` for a message that could not be read.
 * @param signal - Stops reading.
 */
export async function streamEvents(
  api: WorkupApi,
  id: string,
  onEvent: (event: AgentEvent | null) => void,
  signal?: AbortSignal
): Promise<void> {
  const response = await api.fetch(url(api, id, '/events'), {
    headers: { accept: 'text/event-stream', ...(await apiHeaders(api)) },
    signal,
  });
  if (!response.ok || !response.body) {
    return fail(response, 'Following the workup');
  }
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    for (const message of parser.push(decoder.decode(value, { stream: true }))) {
      onEvent(decodeEvent(message));
    }
  }
  for (const message of parser.push(decoder.decode())) {
    onEvent(decodeEvent(message));
  }
}

/**
 * Reads a finished workup's result.
 * @param api - Base URL, fetch and credentials.
 * @param id - The workup id.
 * @returns The result, or null while it is still running (no result shape yet).
 */
export async function fetchResult(api: WorkupApi, id: string): Promise<WorkupResult | null> {
  const response = await api.fetch(url(api, id), {
    headers: { accept: 'application/json', ...(await apiHeaders(api)) },
  });
  if (!response.ok) {
    return fail(response, 'Reading the workup result');
  }
  const body = (await response.json()) as Partial<WorkupResult>;
  return Array.isArray(body?.toolCalls) && typeof body?.answer === 'object' ? (body as WorkupResult) : null;
}

/**
 * Asks the server to stop a running workup; a workup that already ended is fine.
 * @param api - Base URL, fetch and credentials.
 * @param id - The workup id.
 */
export async function cancelWorkup(api: WorkupApi, id: string): Promise<void> {
  const response = await api.fetch(url(api, id), { method: 'DELETE', headers: await apiHeaders(api) });
  if (!response.ok && response.status !== 404 && response.status !== 409) {
    return fail(response, 'Cancelling the workup');
  }
}

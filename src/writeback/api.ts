// The app's client for the OncoAgent server's JSON APIs (write-back plan, synoptic forms): POST JSON, read JSON, and
// turn a refusal into an ApiError that carries the server's OperationOutcome.
import type { OperationOutcome } from '@medplum/fhirtypes';
import type { PlanRequest as PlanRequestBody, SynopticInput, WritebackPlan } from '../../common/contracts';
import { apiHeaders, type WorkupApi } from '../workup/api';
import { outcomeText } from '../workup/errors';

/** A non-2xx answer of the OncoAgent server. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly outcome: OperationOutcome | undefined,
    what: string
  ) {
    const said = outcomeText(outcome);
    super(`${what} failed (status ${status})${said ? `: ${said}` : ''}`);
    this.name = 'ApiError';
  }
}

/**
 * Sends a request to the OncoAgent server and reads the JSON answer, with the session's token, FHIR base and patient.
 * @param api - Base URL, fetch and credentials.
 * @param path - e.g. `/api/writeback/plan`.
 * @param body - The JSON body (GET when undefined).
 * @param what - Names the action in error messages.
 * @param signal - Aborts the request.
 * @returns The parsed answer; rejects with {@link ApiError}, or a TypeError when the server cannot be reached.
 */
export async function callJson<T>(
  api: WorkupApi,
  path: string,
  body: unknown,
  what: string,
  signal?: AbortSignal
): Promise<T> {
  const response = await api.fetch(`${api.baseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(await apiHeaders(api)),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal,
  });
  if (!response.ok) {
    let outcome: OperationOutcome | undefined;
    try {
      const json = (await response.json()) as { resourceType?: string };
      outcome = json?.resourceType === 'OperationOutcome' ? (json as OperationOutcome) : undefined;
    } catch {
      // Not JSON: the status alone is reported.
    }
    throw new ApiError(response.status, outcome, what);
  }
  return (await response.json()) as T;
}

/** The body of `POST /api/writeback/plan` as the app sends it: the contract's, with the forms always a list. */
export type PlanRequest = Omit<PlanRequestBody, 'synoptic'> & { synoptic?: SynopticInput[] };

/**
 * Asks the server for the write-back plan of a workup.
 * @param api - Base URL and fetch.
 * @param request - Workup, approved synoptic forms, ticked items and signer.
 * @param signal - Aborts the request.
 * @returns The plan: Bundle, grouped summary, what is not written, validation outcome.
 */
export function requestPlan(api: WorkupApi, request: PlanRequest, signal?: AbortSignal): Promise<WritebackPlan> {
  const { writeBack: _unused, ...workup } = request.workup;
  return callJson<WritebackPlan>(
    api,
    '/api/writeback/plan',
    { ...request, workup, ...(request.synoptic?.length ? {} : { synoptic: undefined }) },
    'Preparing the write-back plan',
    signal
  );
}

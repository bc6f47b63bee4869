// The server's FHIR client: fhir-kit-client with the user's token passed through, a timeout and bounded retries.
// Requests stay on the FHIR base's origin: redirects are never followed and an absolute URL elsewhere is refused.
import './quiet-logs';
import { badRequest, OperationOutcomeError, serverError } from '@medplum/core';
import type { OperationOutcome } from '@medplum/fhirtypes';
import { Client } from 'fhir-kit-client';
import { backoffDelay, sleep } from '../net/backoff';
import { anySignal } from '../net/signals';

export interface FhirConnection {
  /** FHIR base URL, e.g. https://ehr.example.org/fhir/R4 */
  baseUrl: string;
  /** The user's (or backend's) access token; never logged. */
  token?: string;
  timeoutMs?: number;
  retries?: number;
}

export interface FhirClient {
  readonly baseUrl: string;
  readonly token?: string;
  readonly client: Client;
  readonly timeoutMs: number;
  readonly retries: number;
  /**
   * The cancellation of the work this client serves (a workup, a tool call): once it aborts, no request goes out
   * through this client and the one in flight stops. Set with {@link withSignal}.
   */
  readonly signal?: AbortSignal;
}

/**
 * Creates a client for one FHIR server and one token.
 * @param connection - Base URL, token, timeout (default 20 s) and retries (default 2).
 * @returns The client.
 */
export function createFhirClient(connection: FhirConnection): FhirClient {
  let url: URL;
  try {
    url = new URL(connection.baseUrl);
  } catch {
    throw new OperationOutcomeError(badRequest(`Not a FHIR base URL: ${connection.baseUrl}`));
  }
  const baseUrl = url.toString().replace(/\/$/, '');
  return {
    baseUrl,
    token: connection.token,
    client: new Client({
      baseUrl,
      ...(connection.token ? { bearerToken: connection.token } : {}),
      // A 3xx fails the request: the token never follows a redirect, to another origin or anywhere else.
      requestOptions: { redirect: 'error' },
      requestSigner: (target: string) => stayOnOrigin(target, url.origin),
    }),
    timeoutMs: connection.timeoutMs ?? 20_000,
    retries: connection.retries ?? 2,
  };
}

/**
 * The same client (server, token, limits) bound to a caller's cancellation as well as any it already had.
 * @param fhir - The client.
 * @param signal - The caller's signal; none returns the client unchanged.
 * @returns A client whose every request stops when either signal aborts.
 */
export function withSignal(fhir: FhirClient, signal: AbortSignal | undefined): FhirClient {
  if (!signal || signal === fhir.signal) return fhir;
  return { ...fhir, signal: anySignal(fhir.signal, signal) };
}

/** Refuses a request to another origin than the FHIR base's (e.g. an absolute link in a server's answer). */
function stayOnOrigin(target: string, origin: string): void {
  if (new URL(target).origin !== origin) {
    throw new OperationOutcomeError(
      outcome('security', "Refused to send the FHIR request to another origin than the FHIR server's")
    );
  }
}

interface HttpFailure {
  response?: { status?: number; data?: unknown };
  name?: string;
  message?: string;
}

function outcome(code: string, text: string): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code: code as 'exception', details: { text } }],
  };
}

/**
 * Maps a failed call to an OperationOutcomeError a clinician and an integrator can tell apart:
 * 401 expired/invalid login, 403 missing access, 404, server down, timeout.
 * @param err - What fhir-kit-client or fetch threw.
 * @param baseUrl - Named in the message.
 * @returns The error to throw.
 */
export function toOutcomeError(err: unknown, baseUrl: string): OperationOutcomeError {
  if (err instanceof OperationOutcomeError) return err;
  const failure = err as HttpFailure;
  const status = failure.response?.status;
  const data = failure.response?.data as OperationOutcome | undefined;
  const detail = data?.resourceType === 'OperationOutcome' ? data.issue?.[0]?.details?.text : undefined;
  if (status === 401)
    return new OperationOutcomeError(
      outcome('login', `The FHIR server rejected the access token (expired or invalid)${detail ? `: ${detail}` : ''}`)
    );
  if (status === 403)
    return new OperationOutcomeError(
      outcome('forbidden', `The access token does not allow this request${detail ? `: ${detail}` : ''}`)
    );
  if (status === 404) return new OperationOutcomeError(outcome('not-found', detail ?? 'Not found on the FHIR server'));
  if (status !== undefined && status < 500)
    return new OperationOutcomeError(outcome('invalid', detail ?? `The FHIR server answered ${status}`));
  if (failure.name === 'TimeoutError' || failure.name === 'AbortError') {
    return new OperationOutcomeError(outcome('timeout', `The FHIR server at ${baseUrl} did not answer in time`));
  }
  if (status !== undefined)
    return new OperationOutcomeError(outcome('transient', `The FHIR server at ${baseUrl} failed (${status})`));
  if (/redirect/i.test(String((err as { cause?: { message?: string } }).cause?.message ?? ''))) {
    return new OperationOutcomeError(
      outcome('transient', `The FHIR server at ${baseUrl} answered with a redirect, which OncoAgent does not follow`)
    );
  }
  return new OperationOutcomeError({
    ...serverError(new Error('unreachable')),
    issue: [{ severity: 'error', code: 'transient', details: { text: `Cannot reach the FHIR server at ${baseUrl}` } }],
  });
}

function retryable(err: unknown): boolean {
  if (err instanceof OperationOutcomeError) return false;
  const status = (err as HttpFailure).response?.status;
  return status === undefined || status === 429 || status >= 500;
}

/** How one call may be repeated. */
export interface RetryOptions {
  /**
   * False for a request that changes the server (a transaction, a create): it is sent once, because after a lost
   * response it may already have been applied. Default true (reads, searches, batches of reads).
   */
  idempotent?: boolean;
  /** The caller's cancellation (besides the client's own): stops the call in flight and any wait before a retry. */
  signal?: AbortSignal;
}

/**
 * Runs one call with a timeout; an idempotent call is retried after network failures, 429 and 5xx with exponential
 * backoff (the wait is cut short when the caller cancels).
 * @param fhir - The client.
 * @param call - Receives an AbortSignal to pass to fhir-kit-client.
 * @param options - Whether the call may be repeated, and the caller's signal.
 * @returns The call's result; throws an OperationOutcomeError.
 */
export async function withRetries<T>(
  fhir: FhirClient,
  call: (signal: AbortSignal) => Promise<T>,
  options: RetryOptions = {}
): Promise<T> {
  const retries = options.idempotent === false ? 0 : fhir.retries;
  const cancel = anySignal(options.signal, fhir.signal);
  for (let attempt = 0; ; attempt++) {
    // A cancelled caller sends nothing more: not the first attempt, not a retry.
    if (cancel?.aborted) throw cancelledError(cancel);
    const timeout = AbortSignal.timeout(fhir.timeoutMs);
    try {
      return await call(cancel ? AbortSignal.any([timeout, cancel]) : timeout);
    } catch (err) {
      if (cancel?.aborted) throw cancelledError(cancel);
      if (attempt >= retries || !retryable(err)) throw toOutcomeError(err, fhir.baseUrl);
      try {
        await sleep(backoffDelay(attempt + 1, 200, 5_000), cancel);
      } catch {
        throw cancelledError(cancel);
      }
    }
  }
}

/**
 * The error of a FHIR request its caller cancelled (not a timeout: the server is not to blame).
 * @param signal - The aborted signal; its reason becomes the error's cause.
 * @returns The error to throw.
 */
export function cancelledError(signal: AbortSignal | undefined): OperationOutcomeError {
  return new OperationOutcomeError(
    outcome('exception', 'The request to the FHIR server was cancelled'),
    signal?.reason
  );
}

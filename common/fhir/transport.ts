// One way to talk to a FHIR server that the app (browser) and the server (Node) share: a request function that
// resolves with the HTTP status and body, whatever the status, and rejects only when no answer came. The write-back
// commit reads every answer itself, so it never mistakes a refusal for a success.
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';

export type FhirMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface FhirCall {
  method: FhirMethod;
  /** Relative to the FHIR base: '' for the base (batch/transaction), `Observation/123`, `Observation?code=…`. */
  path: string;
  body?: Resource;
  /** `If-Match` for a versioned update, e.g. `W/"3"`. */
  ifMatch?: string;
  /** True for a request that may be repeated after a lost answer (reads, searches, batches of reads). */
  idempotent?: boolean;
}

export interface FhirAnswer {
  status: number;
  body?: Resource;
  /** The ETag header, when the server sent one. */
  etag?: string;
}

/** Sends one call; rejects (with {@link NoAnswerError}) only when the server gave no HTTP answer. */
export type FhirTransport = (call: FhirCall, signal?: AbortSignal) => Promise<FhirAnswer>;

/** The server could not be reached, or did not answer in time: a write may or may not have been applied. */
export class NoAnswerError extends Error {
  constructor(
    message: string,
    readonly timedOut: boolean
  ) {
    super(message);
    this.name = 'NoAnswerError';
  }
}

export interface FetchTransportOptions {
  /** FHIR base URL (no trailing slash needed). */
  baseUrl: string;
  /** The `Authorization` header value at the time of each call (tokens may be refreshed in between). */
  authorization?: () => string | null | undefined;
  fetch?: typeof fetch;
  /** Per attempt (default 30 s). */
  timeoutMs?: number;
  /** Extra attempts for idempotent calls after no answer, 429 or 5xx (default 2). */
  retries?: number;
}

const FHIR_JSON = 'application/fhir+json';

async function readBody(response: Response): Promise<Resource | undefined> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    const value = JSON.parse(text) as Resource;
    return value && typeof value === 'object' && typeof value.resourceType === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

const wait = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/**
 * A transport over `fetch`: JSON bodies, the caller's token, a timeout per attempt, no redirects followed (a FHIR
 * API that redirects is refused rather than followed to another origin), and retries for idempotent calls only.
 * @param options - Base URL, token source, fetch, timeout and retries.
 * @returns The transport.
 */
export function fetchTransport(options: FetchTransportOptions): FhirTransport {
  const base = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch.bind(globalThis);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const retries = options.retries ?? 2;
  return async (call, signal) => {
    const url = call.path ? `${base}/${call.path}` : base;
    const headers: Record<string, string> = { accept: FHIR_JSON };
    const authorization = options.authorization?.();
    if (authorization) headers.authorization = authorization;
    if (call.body) headers['content-type'] = FHIR_JSON;
    if (call.ifMatch) headers['if-match'] = call.ifMatch;
    const attempts = call.idempotent ? retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
      let response: Response;
      try {
        response = await doFetch(url, {
          method: call.method,
          headers,
          body: call.body ? JSON.stringify(call.body) : undefined,
          redirect: 'manual',
          signal: both,
        });
      } catch {
        if (signal?.aborted) throw new NoAnswerError('The request was cancelled', false);
        if (attempt < attempts) {
          await wait(250 * 2 ** attempt, signal);
          continue;
        }
        throw new NoAnswerError(
          timeout.aborted ? 'The FHIR server did not answer in time' : 'The FHIR server could not be reached',
          timeout.aborted
        );
      }
      if ((response.status === 429 || response.status >= 500) && attempt < attempts) {
        await response.body?.cancel();
        await wait(250 * 2 ** attempt, signal);
        continue;
      }
      const etag = response.headers.get('etag') ?? undefined;
      if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
        await response.body?.cancel();
        const text = 'The FHIR server answered with a redirect, which is not followed';
        return { status: response.status || 302, body: outcome(text) };
      }
      return { status: response.status, body: await readBody(response), ...(etag ? { etag } : {}) };
    }
  };
}

/** An OperationOutcome with one error issue. */
export function outcome(text: string, code: 'processing' | 'exception' | 'forbidden' = 'processing'): OperationOutcome {
  return { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code, details: { text } }] };
}

/** The text of an OperationOutcome (details, else diagnostics), or ''. */
export function outcomeText(body: Resource | undefined): string {
  if (body?.resourceType !== 'OperationOutcome') return '';
  return (body.issue ?? [])
    .map((i) => i.details?.text ?? i.diagnostics ?? i.code)
    .filter(Boolean)
    .join('; ');
}

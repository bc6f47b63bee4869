// FHIR Bulk Data (IG v2) client for a Group-level `$export`: kick-off (202 + Content-Location), polling that honours
// Retry-After and reports X-Progress, a bounded total wait, cancellation, and the completion manifest. The token is only
// ever sent to the FHIR server's own origin, and no redirect is followed with it.
import { OperationOutcomeError } from '@medplum/core';
import { z } from 'zod';
import { backoffDelay, parseRetryAfter, sleep } from '../net/backoff';
import { anySignal } from '../net/signals';
import { registryError } from './errors';
import type { TokenSource } from './token-source';

/** The completion manifest, as much of it as a client uses (unknown fields kept out). */
export const ExportManifest = z.object({
  transactionTime: z.string(),
  request: z.string().optional(),
  requiresAccessToken: z.boolean(),
  output: z.array(z.object({ type: z.string(), url: z.string(), count: z.number().optional() })),
  error: z.array(z.object({ type: z.string(), url: z.string() })).default([]),
});
export type ExportManifest = z.infer<typeof ExportManifest>;

export interface ExportRequest {
  fhirBase: string;
  groupId: string;
  /** `_type`: the resource types wanted (default: everything the server exports for the group). */
  types?: string[];
  /** `_since`: an instant. */
  since?: string;
  tokens: TokenSource;
  signal?: AbortSignal;
}

export interface PollOptions {
  tokens: TokenSource;
  fhirBase: string;
  signal?: AbortSignal;
  /** Give up after this long in total (default 1 hour). */
  maxWaitMs?: number;
  /** Wait when the server sends no Retry-After (default 1 s), and the longest wait obeyed (default 60 s). */
  defaultDelayMs?: number;
  maxDelayMs?: number;
  /** Called with each X-Progress the server reports. */
  onProgress?: (progress: string) => void;
}

const sameOrigin = (url: string, base: string): boolean => new URL(url).origin === new URL(base).origin;

/** Tries of a read (status poll, file download) that failed to reach the server: a dropped connection is retried. */
const READ_TRIES = 4;

/**
 * A request that carries the token only to the FHIR server's origin, never follows a redirect, and times out. Reads
 * (`idempotent`: the status poll and file downloads, never the kick-off) are tried again with backoff when the
 * connection fails, since a reused keep-alive connection the server has just closed fails that way.
 * @param url - Absolute URL.
 * @param init - Method and headers; `auth` says whether the token is wanted; `idempotent` allows retries.
 * @returns The response; throws a `transient` OperationOutcomeError when the server cannot be reached.
 */
export async function bulkFetch(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string>;
    auth: boolean;
    fhirBase: string;
    tokens: TokenSource;
    idempotent?: boolean;
  },
  signal?: AbortSignal,
  timeoutMs = 60_000
): Promise<Response> {
  const tries = init.idempotent ? READ_TRIES : 1;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchOnce(url, init, signal, timeoutMs);
    } catch (err) {
      const transient = err instanceof OperationOutcomeError && err.outcome.issue?.[0]?.code === 'transient';
      if (!transient || attempt >= tries || signal?.aborted) throw err;
      await sleep(backoffDelay(attempt, 250, 4000), signal);
    }
  }
}

async function fetchOnce(
  url: string,
  init: { method?: string; headers?: Record<string, string>; auth: boolean; fhirBase: string; tokens: TokenSource },
  signal: AbortSignal | undefined,
  timeoutMs: number
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.auth) {
    if (!sameOrigin(url, init.fhirBase)) {
      throw registryError('security', `The export points at another server (${new URL(url).origin}); no token sent`);
    }
    const token = await init.tokens.token();
    if (token) headers.authorization = `Bearer ${token}`;
  }
  try {
    return await fetch(url, {
      method: init.method ?? 'GET',
      headers,
      redirect: 'error',
      signal: anySignal(signal, AbortSignal.timeout(timeoutMs)),
    });
  } catch (err) {
    if (signal?.aborted) throw signal.reason;
    throw registryError('transient', `Cannot reach ${new URL(url).origin} (${(err as Error).name})`);
  }
}

async function outcomeText(res: Response): Promise<string> {
  const body = (await res.json().catch(() => undefined)) as
    | { issue?: { details?: { text?: string }; diagnostics?: string }[] }
    | undefined;
  const issue = body?.issue?.[0];
  return issue?.details?.text ?? issue?.diagnostics ?? `status ${res.status}`;
}

/**
 * Starts the export: `GET [base]/Group/[id]/$export` with `Prefer: respond-async`.
 * @param r - Server, group, filters, token source and signal.
 * @returns The status URL (Content-Location) to poll.
 */
export async function kickOff(r: ExportRequest): Promise<string> {
  const base = r.fhirBase.replace(/\/+$/, '');
  const url = new URL(`${base}/Group/${encodeURIComponent(r.groupId)}/$export`);
  if (r.types?.length) url.searchParams.set('_type', r.types.join(','));
  if (r.since) url.searchParams.set('_since', r.since);
  const res = await bulkFetch(
    url.toString(),
    {
      headers: { accept: 'application/fhir+json', prefer: 'respond-async' },
      auth: true,
      fhirBase: base,
      tokens: r.tokens,
    },
    r.signal
  );
  if (res.status === 202) {
    await res.body?.cancel();
    const location = res.headers.get('content-location');
    if (!location) throw registryError('exception', 'The export was accepted without a Content-Location to poll');
    return new URL(location, `${base}/`).toString();
  }
  const why = await outcomeText(res);
  if (res.status >= 500 || res.status === 429) throw registryError('transient', `The export could not start: ${why}`);
  if (res.status === 404) throw registryError('not-found', `No Group "${r.groupId}" to export: ${why}`);
  if (res.status === 401 || res.status === 403) throw registryError('forbidden', `The export was refused: ${why}`);
  throw registryError('invalid', `The export could not start (${res.status}): ${why}`);
}

/**
 * Polls the status URL until the manifest is ready.
 * @param statusUrl - Content-Location of the kick-off.
 * @param o - Token source, limits, signal and a progress callback.
 * @returns The manifest; throws a `timeout` error past maxWaitMs, the server's error text when the export failed.
 */
export async function pollManifest(statusUrl: string, o: PollOptions): Promise<ExportManifest> {
  const started = Date.now();
  const maxWait = o.maxWaitMs ?? 3_600_000;
  const maxDelay = o.maxDelayMs ?? 60_000;
  for (;;) {
    const res = await bulkFetch(
      statusUrl,
      { headers: { accept: 'application/json' }, auth: true, fhirBase: o.fhirBase, tokens: o.tokens, idempotent: true },
      o.signal
    );
    if (res.status === 200) {
      const parsed = ExportManifest.safeParse(await res.json().catch(() => undefined));
      if (!parsed.success) throw registryError('invalid', 'The export manifest is not a Bulk Data manifest');
      return parsed.data;
    }
    if (res.status !== 202 && res.status !== 429 && res.status < 500) {
      throw registryError('exception', `The export failed: ${await outcomeText(res)}`);
    }
    if (res.status >= 500) await res.body?.cancel();
    const progress = res.headers.get('x-progress');
    if (progress && res.status === 202) o.onProgress?.(progress.slice(0, 100));
    if (res.status === 202) await res.body?.cancel();
    const wait = Math.min(maxDelay, parseRetryAfter(res.headers.get('retry-after')) ?? o.defaultDelayMs ?? 1000);
    if (Date.now() - started + wait > maxWait) {
      throw registryError('timeout', `The export was not ready within ${Math.round(maxWait / 1000)} s`);
    }
    await sleep(wait, o.signal);
  }
}

/**
 * Tells the server the client is done with (or abandons) the export: `DELETE` on the status URL. Failures are ignored.
 * @param statusUrl - The status URL.
 * @param o - Token source and FHIR base.
 */
export async function deleteExport(statusUrl: string, o: Pick<PollOptions, 'tokens' | 'fhirBase'>): Promise<void> {
  try {
    const res = await bulkFetch(statusUrl, { method: 'DELETE', auth: true, fhirBase: o.fhirBase, tokens: o.tokens });
    await res.body?.cancel();
  } catch (err) {
    if (!(err instanceof OperationOutcomeError)) throw err;
  }
}

// Outbound HTTP for tools: per-attempt timeout, bounded retries with backoff on 429/5xx/network errors, Retry-After, size cap.
import { backoffDelay, parseRetryAfter, sleep } from './backoff';
import type { RateLimiter } from './rate-limiter';

export interface FetchTextOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** Caller's cancellation (user abort, tool deadline). Never retried. */
  signal?: AbortSignal;
  /** Limit for one attempt, headers and body together (default 10 s). */
  attemptTimeoutMs?: number;
  /** Retries after the first attempt (default 2). */
  retries?: number;
  /** Backoff before the first retry, before jitter (default 250 ms), doubling up to `maxDelayMs` (default 4 s). */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the reply is returned as is (default 10 s). */
  maxRetryAfterMs?: number;
  /** Largest body read (default 10 MB); larger bodies fail with kind `too-large`. */
  maxBytes?: number;
  /** Paces every attempt, retries included. */
  limiter?: RateLimiter;
  /** Retry network errors and 5xx for non-idempotent methods too (default: only GET/HEAD/PUT/DELETE/OPTIONS). */
  idempotent?: boolean;
  random?: () => number;
}

export interface HttpReply {
  status: number;
  ok: boolean;
  headers: Headers;
  text: string;
  /** Attempts made, the successful or final one included. */
  attempts: number;
}

export type NetErrorKind = 'network' | 'timeout' | 'aborted' | 'too-large';

/** No usable HTTP reply: connection failed, timed out, was cancelled, or was too large. Its message never holds a query string. */
export class NetError extends Error {
  constructor(
    readonly kind: NetErrorKind,
    message: string,
    readonly attempts: number
  ) {
    super(message);
    this.name = 'NetError';
  }
}

/**
 * A URL without its query string or credentials, safe for messages and logs (query strings may carry API keys).
 * @param url - Any URL.
 * @returns origin + path.
 */
export function safeUrl(url: string | URL): string {
  try {
    const u = new URL(url);
    return `${u.origin}${u.pathname}`;
  } catch {
    return '(invalid URL)';
  }
}

const RETRY_STATUS = new Set([408, 429, 500, 502, 503, 504]);
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * Fetches a URL and reads its body as text, retrying transient failures.
 * HTTP error statuses are returned (after retries for 408/429/5xx), not thrown; the caller decides what they mean.
 * @param url - The URL (may carry keys in its query; they never appear in errors).
 * @param options - Method, headers, body, timeouts, retries, limiter.
 * @returns The final reply.
 * @throws NetError when no reply could be obtained.
 */
export async function fetchText(url: string | URL, options: FetchTextOptions = {}): Promise<HttpReply> {
  const method = (options.method ?? 'GET').toUpperCase();
  const retries = Math.max(0, options.retries ?? 2);
  const idempotent = options.idempotent ?? IDEMPOTENT.has(method);
  const where = safeUrl(url);
  let lastError: NetError | undefined;
  for (let attempt = 1; attempt <= retries + 1; attempt++) {
    const canRetry = attempt <= retries;
    try {
      await options.limiter?.acquire(options.signal);
    } catch {
      throw new NetError('aborted', `request to ${where} was cancelled`, attempt - 1);
    }
    const timeout = AbortSignal.timeout(options.attemptTimeoutMs ?? 10_000);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let retryWait: number | undefined;
    try {
      const response = await fetch(url, { method, headers: options.headers, body: options.body, signal });
      const transient = RETRY_STATUS.has(response.status) && (idempotent || response.status === 429);
      if (transient && canRetry) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        if (retryAfter === undefined || retryAfter <= (options.maxRetryAfterMs ?? 10_000)) {
          await response.body?.cancel().catch(() => undefined);
          retryWait = Math.max(retryAfter ?? 0, delayFor(attempt, options));
        }
      }
      if (retryWait === undefined) {
        const text = await readLimited(response, options.maxBytes ?? 10_000_000, where, attempt);
        return { status: response.status, ok: response.ok, headers: response.headers, text, attempts: attempt };
      }
    } catch (err) {
      if (err instanceof NetError && err.kind === 'too-large') throw err;
      if (options.signal?.aborted) throw new NetError('aborted', `request to ${where} was cancelled`, attempt);
      lastError = timeout.aborted
        ? new NetError('timeout', `no answer from ${where} within ${options.attemptTimeoutMs ?? 10_000} ms`, attempt)
        : new NetError('network', `cannot reach ${where}: ${describe(err)}`, attempt);
      if (!canRetry || !idempotent) break;
      retryWait = delayFor(attempt, options);
    }
    try {
      await sleep(retryWait, options.signal);
    } catch {
      throw new NetError('aborted', `request to ${where} was cancelled`, attempt);
    }
  }
  const final = lastError ?? new NetError('network', `cannot reach ${where}`, retries + 1);
  throw new NetError(
    final.kind,
    `${final.message} (after ${final.attempts} attempt${final.attempts === 1 ? '' : 's'})`,
    final.attempts
  );
}

function delayFor(attempt: number, options: FetchTextOptions): number {
  return backoffDelay(attempt, options.baseDelayMs ?? 250, options.maxDelayMs ?? 4000, options.random);
}

async function readLimited(response: Response, maxBytes: number, where: string, attempt: number): Promise<string> {
  const declared = Number(response.headers.get('content-length'));
  const tooLarge = () => new NetError('too-large', `answer from ${where} is larger than ${maxBytes} bytes`, attempt);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The low-level reason (ECONNREFUSED, ENOTFOUND…) without the URL, which undici sometimes includes. */
function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return cause.code;
  const message = cause?.message ?? (err instanceof Error ? err.message : String(err));
  return message.replace(/https?:\/\/\S+/g, (u) => safeUrl(u));
}

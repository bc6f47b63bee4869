// Retry timing shared by every outbound HTTP client: exponential backoff with jitter, Retry-After, abortable sleep.

/**
 * The wait before retry number `attempt` (1 = first retry): exponential, capped, with "equal jitter"
 * so that concurrent clients spread out but never retry immediately.
 * @param attempt - 1 for the first retry, 2 for the second…
 * @param baseMs - Wait before the first retry, before jitter.
 * @param maxMs - Upper bound before jitter.
 * @param random - Source of randomness in [0, 1) (injectable for tests).
 * @returns Milliseconds to wait, between half and all of the capped exponential delay.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random
): number {
  const capped = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(capped / 2 + random() * (capped / 2));
}

/**
 * Reads a Retry-After header (RFC 9110: delay in seconds, or an HTTP date).
 * @param value - The header value, if any.
 * @param now - Current time in ms since the epoch (injectable for tests).
 * @returns Milliseconds to wait (≥ 0), or undefined when absent or unreadable.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * Waits, but stops early (rejecting with the signal's reason) when the signal aborts.
 * @param ms - Milliseconds to wait.
 * @param signal - Optional abort signal.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

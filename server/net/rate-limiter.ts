// Process-wide request pacing for APIs with published rate limits (NCBI: 3/s without a key, 10/s with one).
import { sleep } from './backoff';

export interface RateLimiter {
  /** Resolves when the caller may send one request; rejects with the signal's reason if aborted while waiting. */
  acquire(signal?: AbortSignal): Promise<void>;
  readonly perSecond: number;
}

export interface RateLimiterOptions {
  /** Sustained requests per second. */
  perSecond: number;
  /** Requests allowed back to back after an idle period (default 1: evenly spaced requests). */
  burst?: number;
  /** Clock in ms (injectable for tests). */
  now?: () => number;
}

/**
 * Creates a token-bucket limiter. Callers reserve a slot in arrival order, so waiting is FIFO.
 * The interval is rounded up by 1 ms so that no closed one-second window ever holds more than `perSecond` requests.
 * @param options - Rate, burst and clock.
 * @returns The limiter; share one instance per upstream service and credential.
 */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  if (!(options.perSecond > 0)) throw new RangeError('perSecond must be > 0');
  const intervalMs = Math.floor(1000 / options.perSecond) + 1;
  const burst = Math.max(1, Math.floor(options.burst ?? 1));
  const now = options.now ?? (() => performance.now());
  let tokens = burst;
  let updated = now();

  return {
    perSecond: options.perSecond,
    async acquire(signal?: AbortSignal): Promise<void> {
      if (signal?.aborted) throw signal.reason;
      const t = now();
      tokens = Math.min(burst, tokens + (t - updated) / intervalMs);
      updated = t;
      // Tokens may go negative: each negative token is a reservation further in the future.
      tokens -= 1;
      const waitMs = tokens >= 0 ? 0 : Math.ceil(-tokens * intervalMs);
      try {
        await sleep(waitMs, signal);
      } catch (err) {
        tokens += 1; // the slot was not used: give it back
        throw err;
      }
    },
  };
}

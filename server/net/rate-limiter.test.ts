// The limiter spaces requests at its rate, lets a burst through after idling, and releases a slot on abort.
import { describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from './rate-limiter';

/** Times (ms, fake clock) at which each of `count` back-to-back acquires is granted. */
async function grantTimes(perSecond: number, burst: number, count: number): Promise<number[]> {
  vi.useFakeTimers({ now: 0 });
  try {
    const limiter = createRateLimiter({ perSecond, burst, now: () => Date.now() });
    const granted: number[] = [];
    const all = Array.from({ length: count }, () => limiter.acquire().then(() => granted.push(Date.now())));
    await vi.runAllTimersAsync();
    await Promise.all(all);
    return granted;
  } finally {
    vi.useRealTimers();
  }
}

describe('createRateLimiter', () => {
  it('reserves evenly spaced slots (3/s → 334 ms apart) with burst 1', async () => {
    expect(await grantTimes(3, 1, 4)).toEqual([0, 334, 668, 1002]);
  });

  it('lets `burst` requests through at once, then paces the rest', async () => {
    expect(await grantTimes(10, 3, 5)).toEqual([0, 0, 0, 101, 202]);
  });

  it('gives the slot of an aborted waiter to the next caller (one interval of waiting, not two)', async () => {
    vi.useFakeTimers({ now: 0 });
    try {
      const limiter = createRateLimiter({ perSecond: 20, now: () => Date.now() });
      await limiter.acquire();
      const controller = new AbortController();
      const aborted = limiter.acquire(controller.signal);
      controller.abort(new Error('cancelled'));
      await expect(aborted).rejects.toThrow('cancelled');
      let grantedAt = -1;
      const next = limiter.acquire().then(() => {
        grantedAt = Date.now();
      });
      await vi.runAllTimersAsync();
      await next;
      expect(grantedAt).toBe(51);
    } finally {
      vi.useRealTimers();
    }
  });

  it('rejects a non-positive rate', () => {
    expect(() => createRateLimiter({ perSecond: 0 })).toThrow(RangeError);
  });
});

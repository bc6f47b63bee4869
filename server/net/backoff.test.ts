// Backoff timing: grows, caps, jitters within bounds; Retry-After in both forms; abortable sleep.
import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, parseRetryAfter, sleep } from './backoff';

describe('backoffDelay', () => {
  it('doubles per attempt, caps, and jitters between half and all of the delay', () => {
    expect(backoffDelay(1, 200, 5000, () => 0)).toBe(100);
    expect(backoffDelay(1, 200, 5000, () => 0.999999)).toBe(200);
    expect(backoffDelay(3, 200, 5000, () => 0.999999)).toBe(800);
    expect(backoffDelay(10, 200, 5000, () => 0.999999)).toBe(5000);
    expect(backoffDelay(10, 200, 5000, () => 0)).toBe(2500);
  });
});

describe('parseRetryAfter', () => {
  it('reads seconds and HTTP dates, ignores junk', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    const now = Date.parse('2025-01-01T00:00:00Z');
    expect(parseRetryAfter('Wed, 01 Jan 2025 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Tue, 31 Dec 2024 23:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with the abort reason when cancelled, and clears its timer', async () => {
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const settled = sleep(5000, controller.signal).then(
        () => 'slept the full 5 s',
        (error: Error) => error.message
      );
      expect(vi.getTimerCount()).toBe(1);
      controller.abort(new Error('stop'));
      expect(vi.getTimerCount()).toBe(0);
      // Had the abort been ignored, the sleep would now end normally.
      await vi.advanceTimersByTimeAsync(5000);
      expect(await settled).toBe('stop');
    } finally {
      vi.useRealTimers();
    }
  });
});

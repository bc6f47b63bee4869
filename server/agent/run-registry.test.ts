// The in-memory run store: events kept for replay, results and failures recorded, cancellation, owners, the limits
// per owner and per server (queue, then refusal), the time limit, TTL and the cap.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WorkupResult } from '../../common/contracts';
import { RunRegistry, type StartResult } from './run-registry';

const never = () => new Promise<WorkupResult>(() => {});
const settle = () => new Promise((r) => setTimeout(r, 5));
const entryOf = (r: StartResult) => {
  if (!r.started) throw new Error(`refused: ${r.reason}`);
  return r.entry;
};

afterEach(() => {
  vi.useRealTimers();
});

describe('RunRegistry', () => {
  it('records events, the result and wakes subscribers', async () => {
    const registry = new RunRegistry();
    let wakes = 0;
    const entry = entryOf(
      registry.start('alice', async ({ emit }) => {
        emit({ type: 'status', text: 'hi' });
        return { id: 'r' } as WorkupResult;
      })
    );
    registry.subscribe(entry.id, () => wakes++);
    await settle();
    expect(entry).toMatchObject({ status: 'done', result: { id: 'r' }, events: [{ type: 'status', text: 'hi' }] });
    expect(wakes).toBe(1);
  });

  it('has the result as soon as a listener sees done, before the run function returns', () => {
    const registry = new RunRegistry();
    let seen: unknown;
    let entryRef: ReturnType<typeof entryOf> | undefined;
    const entry = entryOf(
      registry.start('alice', ({ emit }) => {
        queueMicrotask(() => emit({ type: 'done', result: { id: 'r' } as WorkupResult }));
        return never();
      })
    );
    entryRef = entry;
    registry.subscribe(entry.id, () => {
      if (entryRef?.events.at(-1)?.type === 'done') seen = { status: entryRef.status, result: entryRef.result };
    });
    return settle().then(() => {
      expect(seen).toEqual({ status: 'done', result: { id: 'r' } });
      expect(registry.get(entry.id, 'alice')?.result).toEqual({ id: 'r' });
    });
  });

  it('turns a failure into an error event and a cancellation into a run that ends at once', async () => {
    const registry = new RunRegistry();
    const failed = entryOf(registry.start('alice', async () => Promise.reject(new Error('boom'))));
    // This run ignores its abort signal: the cancellation must not wait for it.
    const cancelled = entryOf(registry.start('alice', never));
    expect(registry.cancel(cancelled.id, 'alice')).toBe('cancelling');
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.controller.signal.aborted).toBe(true);
    expect(cancelled.events.at(-1)).toMatchObject({
      type: 'error',
      outcome: { issue: [{ details: { text: 'The workup was cancelled' } }] },
    });
    await settle();
    expect(failed.status).toBe('failed');
    expect(failed.events.at(-1)).toMatchObject({ type: 'error', outcome: { resourceType: 'OperationOutcome' } });
    expect(registry.cancel(cancelled.id, 'alice')).toBe('finished');
    expect(registry.cancel('nope', 'alice')).toBe('unknown');
  });

  it("never shows or cancels another owner's run", () => {
    const registry = new RunRegistry();
    const entry = entryOf(registry.start('alice', never));
    expect(registry.get(entry.id, 'alice')).toBe(entry);
    expect(registry.get(entry.id, 'mallory')).toBeUndefined();
    expect(registry.cancel(entry.id, 'mallory')).toBe('unknown');
    expect(entry.status).toBe('running');
  });

  it('limits the runs of one owner, leaving room for others', () => {
    const registry = new RunRegistry({ maxPerOwner: 2, retryAfterSeconds: 7 });
    entryOf(registry.start('alice', never));
    const second = entryOf(registry.start('alice', never));
    expect(registry.start('alice', never)).toEqual({ started: false, reason: 'owner-limit', retryAfterSeconds: 7 });
    expect(registry.start('bob', never).started).toBe(true);
    registry.cancel(second.id, 'alice');
    expect(registry.start('alice', never).started).toBe(true);
  });

  it('queues runs beyond the slots, refuses beyond the queue, and starts the next when a slot frees', () => {
    const registry = new RunRegistry({ maxRunning: 1, maxQueued: 1 });
    const first = entryOf(registry.start('a', never));
    const calls: string[] = [];
    const second = entryOf(
      registry.start('b', async () => {
        calls.push('second');
        return never();
      })
    );
    expect(second.status).toBe('queued');
    expect(second.events[0]).toMatchObject({ type: 'status', text: expect.stringMatching(/Waiting for a free slot/) });
    expect(calls).toEqual([]);
    expect(registry.start('c', never)).toMatchObject({ started: false, reason: 'busy' });
    registry.cancel(first.id, 'a');
    expect(second.status).toBe('running');
    expect(calls).toEqual(['second']);
    // A queued run can be cancelled too, and leaves the queue.
    const third = entryOf(registry.start('c', never));
    expect(registry.cancel(third.id, 'c')).toBe('cancelling');
    expect(third.status).toBe('cancelled');
    expect(registry.start('d', never).started).toBe(true);
  });

  it('stops a run that takes longer than the time limit, with an outcome that says so', () => {
    vi.useFakeTimers();
    const registry = new RunRegistry({ timeoutMs: 120_000, maxRunning: 1 });
    const slow = entryOf(registry.start('a', never));
    const waiting = entryOf(registry.start('b', never));
    vi.advanceTimersByTime(119_000);
    expect(slow.status).toBe('running');
    vi.advanceTimersByTime(2_000);
    expect(slow.status).toBe('failed');
    expect(slow.controller.signal.aborted).toBe(true);
    expect(slow.outcome?.issue?.[0]).toMatchObject({
      code: 'timeout',
      details: { text: expect.stringMatching(/did not finish within 2 minutes/) },
    });
    expect(slow.events.at(-1)).toMatchObject({ type: 'error' });
    expect(waiting.status).toBe('running');
  });

  it('forgets finished runs after the TTL and evicts the oldest finished run when full', async () => {
    const registry = new RunRegistry({ ttlMs: 0, maxRuns: 2, maxRunning: 1, maxQueued: 1 });
    const done = entryOf(registry.start('a', async () => ({ id: 'x' }) as WorkupResult));
    await settle();
    await settle();
    expect(registry.get(done.id, 'a')).toBeUndefined();
    const kept = new RunRegistry({ maxRuns: 2, maxRunning: 1, maxQueued: 1 });
    const old = entryOf(kept.start('a', async () => ({ id: 'x' }) as WorkupResult));
    await settle();
    entryOf(kept.start('a', never));
    entryOf(kept.start('b', never));
    expect(kept.get(old.id, 'a')).toBeUndefined();
    expect(kept.start('c', never)).toMatchObject({ started: false, reason: 'busy' });
  });
});

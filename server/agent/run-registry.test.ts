// The in-memory run store: events kept for replay, results and failures recorded, cancellation, TTL and the cap.
import { describe, expect, it } from 'vitest';
import { RunRegistry } from './run-registry';
import type { WorkupResult } from './workup-result';

const never = () => new Promise<WorkupResult>(() => {});
const settle = () => new Promise((r) => setTimeout(r, 5));

describe('RunRegistry', () => {
  it('records events, the result and wakes subscribers', async () => {
    const registry = new RunRegistry();
    let wakes = 0;
    const entry = registry.start(async ({ emit }) => {
      emit({ type: 'status', text: 'hi' });
      return { id: 'r' } as WorkupResult;
    })!;
    registry.subscribe(entry.id, () => wakes++);
    await settle();
    expect(entry).toMatchObject({ status: 'done', result: { id: 'r' }, events: [{ type: 'status', text: 'hi' }] });
    expect(wakes).toBe(1);
  });

  it('turns a failure into an error event and a cancellation into a cancelled run', async () => {
    const registry = new RunRegistry();
    const failed = registry.start(async () => Promise.reject(new Error('boom')))!;
    const cancelled = registry.start(
      ({ signal }) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)))
    )!;
    expect(registry.cancel(cancelled.id)).toBe('cancelling');
    await settle();
    expect(failed.status).toBe('failed');
    expect(failed.events.at(-1)).toMatchObject({ type: 'error', outcome: { resourceType: 'OperationOutcome' } });
    expect(cancelled.status).toBe('cancelled');
    expect(registry.cancel(cancelled.id)).toBe('finished');
    expect(registry.cancel('nope')).toBe('unknown');
  });

  it('forgets finished runs after the TTL and refuses new runs when full of running ones', async () => {
    const registry = new RunRegistry({ ttlMs: 0, maxRuns: 2 });
    const done = registry.start(async () => ({ id: 'x' }) as WorkupResult)!;
    await settle();
    await settle();
    expect(registry.get(done.id)).toBeUndefined();
    expect(registry.start(never)).toBeDefined();
    expect(registry.start(never)).toBeDefined();
    expect(registry.start(never)).toBeUndefined();
  });
});

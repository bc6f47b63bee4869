// The retrieval query cache: one computation per query, least recently used evicted, failures and skipped stages
// not kept, and fresh arrays for callers.
import { describe, expect, it } from 'vitest';
import { QueryCache } from './query-cache';

describe('QueryCache', () => {
  it('computes a query once and answers repeats from the cache, with a fresh array each time', async () => {
    const cache = new QueryCache<{ id: string }>(4);
    let runs = 0;
    const compute = async () => {
      runs++;
      return [{ id: 'a' }, { id: 'b' }];
    };
    const first = await cache.get('q', compute);
    first.pop();
    const second = await cache.get('q', compute);
    expect(runs).toBe(1);
    expect(second.map((p) => p.id)).toEqual(['a', 'b']);
    expect(cache.stats()).toEqual({ hits: 1, misses: 1, entries: 1 });
  });

  it('shares a query in flight between callers', async () => {
    const cache = new QueryCache<number>(4);
    let runs = 0;
    let release: (v: number[]) => void = () => undefined;
    const compute = () => {
      runs++;
      return new Promise<number[]>((r) => (release = r));
    };
    const both = Promise.all([cache.get('q', compute), cache.get('q', compute)]);
    release([1]);
    expect(await both).toEqual([[1], [1]]);
    expect(runs).toBe(1);
  });

  it('evicts the least recently used query beyond its capacity', async () => {
    const cache = new QueryCache<string>(2);
    const runs: string[] = [];
    const compute = (k: string) => async () => {
      runs.push(k);
      return [k];
    };
    await cache.get('a', compute('a'));
    await cache.get('b', compute('b'));
    await cache.get('a', compute('a'));
    await cache.get('c', compute('c'));
    await cache.get('a', compute('a'));
    await cache.get('b', compute('b'));
    expect(runs).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a failed query so the next caller tries again', async () => {
    const cache = new QueryCache<string>(2);
    await expect(cache.get('q', async () => Promise.reject(new Error('index closed')))).rejects.toThrow('index closed');
    expect(await cache.get('q', async () => ['ok'])).toEqual(['ok']);
  });

  it('forgets one query on request and everything on clear', async () => {
    const cache = new QueryCache<string>(4);
    let runs = 0;
    const compute = async () => [`r${++runs}`];
    await cache.get('a', compute);
    cache.forget('a');
    expect(await cache.get('a', compute)).toEqual(['r2']);
    cache.clear();
    expect(await cache.get('a', compute)).toEqual(['r3']);
    expect(cache.stats().entries).toBe(1);
  });

  it('keeps nothing with capacity 0', async () => {
    const cache = new QueryCache<string>(0);
    let runs = 0;
    await cache.get('a', async () => [`r${++runs}`]);
    await cache.get('a', async () => [`r${++runs}`]);
    expect(runs).toBe(2);
  });
});

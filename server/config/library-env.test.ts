// Lance's thread settings: one compute thread per CPU (at least two), half as many index shards, explicit values win.
import { describe, expect, it } from 'vitest';
import { lanceThreads } from './library-env';

describe('lanceThreads', () => {
  it('gives one compute thread per CPU, at least two, and keeps the pool larger than the index build workers', () => {
    expect(lanceThreads({}, 2)).toEqual({ LANCE_CPU_THREADS: '2', LANCE_FTS_NUM_SHARDS: '1' });
    expect(lanceThreads({}, 1)).toEqual({ LANCE_CPU_THREADS: '2', LANCE_FTS_NUM_SHARDS: '1' });
    expect(lanceThreads({}, 16)).toEqual({ LANCE_CPU_THREADS: '16', LANCE_FTS_NUM_SHARDS: '8' });
  });

  it('keeps explicit settings', () => {
    expect(lanceThreads({ LANCE_CPU_THREADS: '6', LANCE_FTS_NUM_SHARDS: '2' }, 2)).toEqual({
      LANCE_CPU_THREADS: '6',
      LANCE_FTS_NUM_SHARDS: '2',
    });
    expect(lanceThreads({ LANCE_CPU_THREADS: '6' }, 2).LANCE_FTS_NUM_SHARDS).toBe('3');
  });
});

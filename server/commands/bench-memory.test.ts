// The bench's memory reading: this process from /proc, nothing for one that does not exist.
import { describe, expect, it } from 'vitest';
import { residentMemoryOf } from './bench-memory';

describe('residentMemoryOf', () => {
  it('reads the resident set and its peak of a live process', () => {
    if (process.platform !== 'linux') return;
    const m = residentMemoryOf(process.pid)!;
    expect(m.rssMb).toBeGreaterThan(10);
    expect(m.peakMb).toBeGreaterThanOrEqual(m.rssMb);
    // Within a few MB of what Node itself reports.
    expect(Math.abs(m.rssMb - process.memoryUsage().rss / 2 ** 20)).toBeLessThan(64);
  });

  it('gives nothing for a process that does not exist', () => {
    expect(residentMemoryOf(2 ** 22 + 7)).toBeUndefined();
    expect(residentMemoryOf(undefined)).toBeUndefined();
  });
});

// The bench's CPU accounting: /proc parsing on this process and the per-patient arithmetic.
import { describe, expect, it } from 'vitest';
import { CpuSampler, cpuFigures, cpuSecondsOf } from './bench-cpu';

describe('bench CPU accounting', () => {
  it('reads a live process from /proc and nothing for one that does not exist', () => {
    if (process.platform !== 'linux') return;
    const before = cpuSecondsOf(process.pid)!;
    const end = Date.now() + 60;
    let x = 0;
    while (Date.now() < end) x += Math.sqrt(x + 1);
    expect(x).toBeGreaterThan(0);
    expect(cpuSecondsOf(process.pid)!).toBeGreaterThanOrEqual(before);
    expect(cpuSecondsOf(2 ** 22 + 7)).toBeUndefined();
    expect(cpuSecondsOf(undefined)).toBeUndefined();
  });

  it('keeps the last value seen of a followed process', () => {
    if (process.platform !== 'linux') return;
    const sampler = new CpuSampler(1000);
    sampler.track('self', process.pid);
    expect(sampler.seconds('self')).toBeGreaterThanOrEqual(0);
    expect(sampler.seconds('other')).toBeUndefined();
    sampler.stop();
  });

  it('gives milliseconds per patient per role and the cores kept busy', () => {
    const f = cpuFigures({ workers: 30, fhirServer: 6, redis: undefined }, 100, 20_000);
    expect(f.cpuMsPerPatient).toEqual({ workers: 300, fhirServer: 60 });
    expect(f.coresBusy).toBe(1.8);
    expect(cpuFigures({ workers: 1 }, 0, 0)).toEqual({ cpuMsPerPatient: { workers: 0 }, coresBusy: 0 });
  });
});

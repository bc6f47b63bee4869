// The bench's CPU accounting: /proc parsing on this process and the per-patient arithmetic.
import { describe, expect, it } from 'vitest';
import { CpuSampler, cpuFigures, cpuSecondsOf, rateCeiling, threadGroupOf, threadSecondsOf } from './bench-cpu';

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
    expect(cpuFigures({ redis: 0.123 }, 100, 1000).cpuMsPerPatient).toEqual({ redis: 1.2 });
  });

  it('works out the rate every core could give at the measured CPU per patient, and its speedup over one worker', () => {
    // 18 ms of CPU per patient on 2 cores: 400,000/h at most; against one worker at 240,000/h, 1.67x.
    expect(rateCeiling({ workers: 15, coordinator: 1, redis: 1, fhirServer: 1 }, 2, 240_000)).toEqual({
      patientsPerHour: 400_000,
      speedup: 1.67,
    });
    expect(rateCeiling({}, 2, 240_000)).toEqual({ patientsPerHour: 0, speedup: 0 });
  });

  it('groups threads: the JS main thread, Node helpers, Lance, and others by name', () => {
    expect(threadGroupOf(100, 100, 'node')).toBe('main');
    expect(threadGroupOf(101, 100, 'node')).toBe('nodeHelpers');
    expect(threadGroupOf(102, 100, 'libuv-worker')).toBe('nodeHelpers');
    expect(threadGroupOf(103, 100, 'tokio-rt-worker')).toBe('lance');
    expect(threadGroupOf(104, 100, 'lance-cpu')).toBe('lance');
    expect(threadGroupOf(105, 100, 'onnx pool')).toBe('onnx-pool');
  });

  it('reads this process thread by thread, the main thread included, and follows threads in the sampler', () => {
    if (process.platform !== 'linux') return;
    const threads = threadSecondsOf(process.pid);
    expect(threads.get(process.pid)?.[0]).toBe('main');
    expect(threadSecondsOf(2 ** 22 + 7).size).toBe(0);
    // A thread's name is read once: a known name is taken as given.
    const names = new Map([[process.pid, 'renamed']]);
    expect(threadSecondsOf(process.pid, names).get(process.pid)?.[0]).toBe('main');
    expect(names.get(process.pid)).toBe('renamed');
    const sampler = new CpuSampler(1000);
    sampler.track('self', process.pid, true);
    expect(Object.keys(sampler.threadSeconds('self'))).toContain('main');
    expect(sampler.threadSeconds('other')).toEqual({});
    sampler.stop();
  });
});

// The load benchmark end to end on a small scale: real API, in-process sandbox, several callers, figures reported.
import { describe, expect, it } from 'vitest';
import { benchLoad } from './bench-load';

describe('benchLoad', () => {
  it('runs concurrent workups through the API for several callers and reports counts and RSS', async () => {
    const before = { ...process.env };
    const figures = await benchLoad({ workups: 4, callers: 2 });
    expect(figures).toMatchObject({ workups: 4, callers: 2, completed: 4, failedRuns: 0, errors: {}, toolTimeouts: 0 });
    expect(figures.p95Ms).toBeGreaterThanOrEqual(figures.p50Ms);
    expect(figures.rssMb.peak).toBeGreaterThanOrEqual(figures.rssMb.before);
    expect(figures.rssMb.before).toBeGreaterThan(0);
    // It runs offline from its own configuration: the environment is left as it was.
    expect(process.env.ONCOAGENT_OFFLINE).toBe(before.ONCOAGENT_OFFLINE);
    expect(process.env.ONCOAGENT_LLM).toBe(before.ONCOAGENT_LLM);
  });
});

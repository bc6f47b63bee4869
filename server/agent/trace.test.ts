// Traces: nested spans with timings and usage, written as JSONL without credentials or patient identifiers.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTracer } from './trace';

const dir = mkdtempSync(join(tmpdir(), 'trace-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createTracer', () => {
  it('records parents of parallel spans, usage and errors, and redacts tokens and the patient', async () => {
    const tracer = createTracer('run-1', { dir, identifiers: () => ['patient-42', 'Ada Lovelace'] });
    await tracer.withSpan('round', () =>
      Promise.all(
        ['a', 'b'].map((name) =>
          tracer.withSpan(
            `tool ${name}`,
            async (span) => {
              span.addUsage({ promptTokens: 10, completionTokens: 2 });
              await new Promise((r) => setTimeout(r, 5));
              return { note: 'Report for Ada Lovelace (patient-42)', accessToken: 'secret-token' };
            },
            { input: { authorization: 'Bearer secret-token', image: 'ImagingStudy/patient-42-ct' } }
          )
        )
      )
    );
    await expect(tracer.withSpan('fails', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const file = await tracer.flush();
    expect(file).toBe(join(dir, 'run-1.jsonl'));
    const text = readFileSync(file!, 'utf8');
    expect(text).not.toMatch(/secret-token|patient-42|Ada Lovelace/);
    const spans = text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(spans.map((s) => [s.span, s.name, s.parent])).toEqual([
      [1, 'round', undefined],
      [2, 'tool a', 1],
      [3, 'tool b', 1],
      [4, 'fails', undefined],
    ]);
    expect(spans[1].usage).toEqual({ llmCalls: 1, promptTokens: 10, completionTokens: 2 });
    expect(spans[1].ms).toBeGreaterThanOrEqual(4);
    expect(spans[1].output.note).toBe('Report for <patient> (<patient>)');
    expect(spans[3].error).toBe('Error: boom');
  });

  it('keeps spans in memory and writes nothing without a folder', async () => {
    const tracer = createTracer('run-2');
    await tracer.withSpan('x', async () => 1);
    expect(await tracer.flush()).toBeUndefined();
    expect(tracer.spans).toHaveLength(1);
  });

  it('gives a span its parent only within the same run, also when runs nest', async () => {
    const outer = createTracer('run-outer');
    const inner = createTracer('run-inner');
    await outer.withSpan('outer', () =>
      Promise.all([inner.withSpan('inner', async () => 1), outer.withSpan('child', async () => 2)])
    );
    expect(inner.spans.map((s) => [s.name, s.parent])).toEqual([['inner', undefined]]);
    expect(outer.spans.find((s) => s.name === 'child')?.parent).toBe(1);
  });
});

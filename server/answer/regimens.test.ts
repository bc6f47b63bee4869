// The decision line counts regimens, not orders: a drug started a week later or stopped early from the running
// regimen does not make a new line, while a different regimen or the same one after a long pause does.
import { describe, expect, it } from 'vitest';
import { TestRecord } from '../agent/planner/test-record';
import { readFacts } from '../agent/record/facts';
import { summariseRecord } from '../agent/record/summary';
import { decisionLine } from './regimens';
import { parseSummary, type TherapyItem } from './summary';

const item = (drug: string, status: string, start: string, end?: string): TherapyItem => ({
  drug,
  status,
  start,
  ...(end ? { end } : {}),
  note: '',
});

describe('decisionLine', () => {
  it('counts a regimen whose drugs started on different days of one month as one line', () => {
    const folfox = [
      item('oxaliplatin', 'stopped', '2026-01-05', '2026-06-01'),
      item('fluorouracil', 'stopped', '2026-01-05', '2026-06-01'),
      item('bevacizumab', 'stopped', '2026-01-19', '2026-06-01'),
    ];
    expect(decisionLine(folfox, true)?.line).toBe(2);
  });

  it('keeps a drug stopped early from the running regimen inside it (still first line)', () => {
    const items = [
      item('oxaliplatin', 'stopped', '2026-01-05', '2026-04-01'),
      item('fluorouracil', 'active', '2026-01-05'),
      item('bevacizumab', 'active', '2026-01-05'),
    ];
    expect(decisionLine(items, false)).toMatchObject({ line: 1, ongoing: true });
    // Progression on the running first-line regimen: the decision is about the second line.
    expect(decisionLine(items, true)?.line).toBe(2);
  });

  it('counts another regimen, and the same drugs again after a long pause, as further lines', () => {
    const items = [
      item('capecitabine', 'completed', '2025-01-10', '2025-06-30'),
      item('oxaliplatin', 'completed', '2025-01-10', '2025-06-30'),
      item('oxaliplatin', 'stopped', '2026-02-01', '2026-07-01'),
      item('capecitabine', 'stopped', '2026-02-01', '2026-07-01'),
      item('irinotecan', 'stopped', '2026-08-01', '2026-11-01'),
    ];
    expect(decisionLine(items, true)?.line).toBe(4);
    expect(decisionLine([item('amlodipine', 'active', '2024-01-01')], false)).toBeUndefined();
  });
});

describe('decisionLine with a planned regimen', () => {
  it('reads a planned order as planned, not running: progression on FOLFOX with FOLFIRI planned is a second-line decision', () => {
    const record = new TestRecord()
      .drug('oxaliplatin', '2026-01-05', '2026-06-01')
      .order('irinotecan', '2026-06-10', 'plan')
      .record();
    const summary = summariseRecord(record, readFacts(record));
    expect(summary).toMatch(/irinotecan \(planned, ordered 2026-06-10\)/);
    const therapies = parseSummary(summary).therapies;
    expect(therapies.find((t) => t.drug === 'irinotecan')?.status).toBe('planned');
    expect(decisionLine(therapies, true)?.line).toBe(2);
  });
});

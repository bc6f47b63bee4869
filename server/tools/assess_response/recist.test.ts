// Worked RECIST 1.1 examples for each category and the edges of every rule.
import { describe, expect, it } from 'vitest';
import { assessRecist, type RecistInput, type TargetLesion } from './recist';

const L = (id: string, diameterMm: number, extra: Partial<TargetLesion> = {}): TargetLesion => ({
  id,
  diameterMm,
  ...extra,
});
const flags = { newLesions: false, nonTargetProgression: false };
const assess = (input: Partial<RecistInput> & Pick<RecistInput, 'baseline' | 'followUp'>) =>
  assessRecist({ ...flags, ...input });

describe('assessRecist: one worked example per category', () => {
  it('PR: liver 30 + lung 20 = 50 mm → 20 + 12 = 32 mm is −36 %', () => {
    const r = assess({
      baseline: [L('liver', 30, { site: 'liver' }), L('lung', 20, { site: 'lung' })],
      followUp: [L('liver', 20), L('lung', 12)],
    });
    expect(r).toMatchObject({
      category: 'PR',
      baselineSumMm: 50,
      followUpSumMm: 32,
      nadirSumMm: 50,
      changeFromBaselinePct: -36,
    });
    expect(r.absoluteChangeFromNadirMm).toBe(-18);
    expect(r.rule).toMatch(/^PR: .*-36\.0 % from baseline/);
    expect(r.perLesion[0]).toMatchObject({
      id: 'liver',
      site: 'liver',
      changeMm: -10,
      changePct: -33.3,
      status: 'present',
    });
    expect(r.warnings).toEqual([]);
  });

  it('SD: 50 → 45 mm', () => {
    const r = assess({ baseline: [L('a', 30), L('b', 20)], followUp: [L('a', 27), L('b', 18)] });
    expect(r.category).toBe('SD');
    expect(r.changeFromBaselinePct).toBe(-10);
    expect(r.rule).toMatch(/^SD: -10\.0 % from baseline/);
  });

  it('PD: 50 → 61 mm is +22 % and +11 mm over the nadir', () => {
    const r = assess({ baseline: [L('a', 30), L('b', 20)], followUp: [L('a', 37), L('b', 24)] });
    expect(r).toMatchObject({ category: 'PD', changeFromNadirPct: 22, absoluteChangeFromNadirMm: 11 });
    expect(r.rule).toMatch(/at least 20 % and 5 mm/);
  });

  it('CR: every target gone', () => {
    const r = assess({ baseline: [L('a', 30), L('b', 20)], followUp: [L('a', 0), L('b', 0)] });
    expect(r).toMatchObject({ category: 'CR', followUpSumMm: 0, changeFromBaselinePct: -100 });
    expect(r.perLesion.map((l) => l.status)).toEqual(['disappeared', 'disappeared']);
    expect(r.warnings.join(' ')).toMatch(/non-target/);
  });
});

describe('assessRecist: edge rules', () => {
  it('exactly +20 % but only +4 mm is not PD', () => {
    const r = assess({ baseline: [L('a', 20)], followUp: [L('a', 24)] });
    expect(r.changeFromNadirPct).toBe(20);
    expect(r.category).toBe('SD');
  });

  it('exactly +20 % and exactly +5 mm is PD', () => {
    expect(assess({ baseline: [L('a', 25)], followUp: [L('a', 30)] }).category).toBe('PD');
  });

  it('+5 mm but only +10 % is not PD', () => {
    expect(assess({ baseline: [L('a', 30), L('b', 20)], followUp: [L('a', 35), L('b', 20)] }).category).toBe('SD');
  });

  it('exactly −30 % is PR, −29.9 % is SD (one-decimal inputs, no float slip)', () => {
    expect(assess({ baseline: [L('a', 30.1), L('b', 19.9)], followUp: [L('a', 20.3), L('b', 14.7)] }).category).toBe(
      'PR'
    );
    expect(assess({ baseline: [L('a', 100)], followUp: [L('a', 70.1)] }).category).toBe('SD');
  });

  it('nodes shrinking below 10 mm with the other targets gone is CR, though the sum is not 0', () => {
    const r = assess({
      baseline: [L('liver', 25, { site: 'liver' }), L('node', 18, { isLymphNode: true })],
      followUp: [L('liver', 0), L('node', 8)],
    });
    expect(r).toMatchObject({ category: 'CR', followUpSumMm: 8 });
    expect(r.perLesion[1].status).toBe('normal-node');
  });

  it('a node still at 12 mm is not CR', () => {
    const r = assess({
      baseline: [L('liver', 25), L('node', 18, { isLymphNode: true })],
      followUp: [L('liver', 0), L('node', 12)],
    });
    expect(r.category).toBe('PR');
    expect(r.perLesion[1].status).toBe('present');
  });

  it('a new lesion is PD whatever the sums, and so is non-target progression', () => {
    const shrinking = { baseline: [L('a', 40)], followUp: [L('a', 10)] };
    const r = assess({ ...shrinking, newLesions: true });
    expect(r.category).toBe('PD');
    expect(r.rule).toBe('PD: new lesion(s) reported');
    expect(r.changeFromBaselinePct).toBe(-75);
    expect(assess({ ...shrinking, nonTargetProgression: true }).rule).toMatch(/non-target/);
    expect(assess({ baseline: [L('a', 40)], followUp: [L('a', 0)], newLesions: true }).category).toBe('PD');
  });

  it('PD is measured from the nadir, even below baseline', () => {
    const r = assess({ baseline: [L('a', 60), L('b', 40)], followUp: [L('a', 37), L('b', 25)], nadirSumMm: 50 });
    expect(r.changeFromBaselinePct).toBe(-38);
    expect(r).toMatchObject({ category: 'PD', nadirSumMm: 50, absoluteChangeFromNadirMm: 12, changeFromNadirPct: 24 });
  });

  it('from a nadir of 0 (after CR), a 5 mm regrowth is PD', () => {
    const r = assess({ baseline: [L('a', 20)], followUp: [L('a', 5)], nadirSumMm: 0 });
    expect(r).toMatchObject({ category: 'PD', changeFromNadirPct: null, absoluteChangeFromNadirMm: 5 });
    expect(assess({ baseline: [L('a', 20)], followUp: [L('a', 4)], nadirSumMm: 0 }).category).toBe('PR');
  });
});

describe('assessRecist: input rules', () => {
  it('refuses 0 or more than 5 baseline targets, unmatched ids and duplicates', () => {
    expect(() => assess({ baseline: [], followUp: [] })).toThrow(/1 to 5 target lesions/);
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((id) => L(id, 20));
    expect(() => assess({ baseline: six, followUp: six })).toThrow(/1 to 5 target lesions at baseline; 6 given/);
    expect(() => assess({ baseline: [L('a', 20)], followUp: [L('a', 20), L('x', 5)] })).toThrow(
      /"x" are not baseline targets.*newLesions/
    );
    expect(() => assess({ baseline: [L('a', 20), L('b', 20)], followUp: [L('a', 20)] })).toThrow(
      /"b" have no follow-up/
    );
    expect(() => assess({ baseline: [L('a', 20), L('a', 30)], followUp: [L('a', 20)] })).toThrow(/twice/);
    expect(() => assess({ baseline: [L('a', 0)], followUp: [L('a', 0)] })).toThrow(/measure 0 mm/);
  });

  it('warns about organ limits, measurability, a nadir above baseline and unstated flags', () => {
    const r = assessRecist({
      baseline: [
        L('l1', 20, { site: 'Liver' }),
        L('l2', 20, { site: 'liver' }),
        L('l3', 8, { site: 'liver ' }),
        L('n1', 12, { isLymphNode: true, site: 'mediastinum' }),
      ],
      followUp: [L('l1', 20), L('l2', 20), L('l3', 8), L('n1', 12)],
      nadirSumMm: 90,
    });
    const text = r.warnings.join('\n');
    expect(text).toMatch(/3 target lesions in liver \(l1, l2, l3\)/);
    expect(text).toMatch(/l3: 8 mm .* below RECIST's measurable size \(10 mm/);
    expect(text).toMatch(/n1: 12 mm .* \(15 mm short axis/);
    expect(text).toMatch(/nadirSumMm 90 exceeds the baseline sum 60/);
    expect(text).toMatch(/not stated: new lesions and non-target progression/);
    expect(r.nadirSumMm).toBe(60);
  });

  it('compares single-slice areas as a supplement', () => {
    const r = assess({
      baseline: [L('a', 30)],
      followUp: [L('a', 24)],
      areas: { baselineMm2: 700, followUpMm2: 455, lesionId: 'a' },
    });
    expect(r.areaComparison).toMatchObject({ lesionId: 'a', ratio: 0.65, changePct: -35 });
    expect(r.areaComparison?.note).toMatch(/not|supplementary/);
    expect(r.category).toBe('SD');
  });
});

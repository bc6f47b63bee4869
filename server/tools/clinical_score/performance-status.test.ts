// ECOG and Karnofsky convert both ways at the standard mapping, describe the grade with its source, and take exactly
// one scale in whole steps.
import { describe, expect, it } from 'vitest';
import { ecogKarnofsky, ecogKarnofskyInput } from './performance-status';

describe('ecogKarnofsky', () => {
  it.each([
    [0, [90, 100], 'KPS 90–100'],
    [1, [70, 80], 'KPS 70–80'],
    [2, [50, 60], 'KPS 50–60'],
    [3, [30, 40], 'KPS 30–40'],
    [4, [10, 20], 'KPS 10–20'],
    [5, [0, 0], 'KPS 0'],
  ])('ECOG %i → %j', (ecog, range, value) => {
    expect(ecogKarnofsky({ score: 'ecog_karnofsky', ecog })).toMatchObject({ ecog, karnofsky: range, value });
  });

  it.each([
    [100, 0],
    [90, 0],
    [80, 1],
    [70, 1],
    [60, 2],
    [50, 2],
    [40, 3],
    [30, 3],
    [20, 4],
    [10, 4],
    [0, 5],
  ])('KPS %i → ECOG %i', (karnofsky, ecog) => {
    const r = ecogKarnofsky({ score: 'ecog_karnofsky', karnofsky });
    expect(r).toMatchObject({ ecog, karnofsky, value: `ECOG ${ecog}` });
  });

  it('describes the grade and cites the scales', () => {
    const r = ecogKarnofsky({ score: 'ecog_karnofsky', ecog: 2 });
    expect(r.interpretation).toMatch(/ECOG 2: ambulatory and capable of self-care/);
    expect(r.source).toMatch(/Oken MM.*1982/);
  });

  it('needs exactly one scale and whole steps', () => {
    expect(() => ecogKarnofsky({ score: 'ecog_karnofsky' })).toThrow(/exactly one/);
    expect(() => ecogKarnofsky({ score: 'ecog_karnofsky', ecog: 1, karnofsky: 80 })).toThrow(/exactly one/);
    expect(ecogKarnofskyInput.safeParse({ score: 'ecog_karnofsky', karnofsky: 75 }).success).toBe(false);
    expect(ecogKarnofskyInput.safeParse({ score: 'ecog_karnofsky', karnofsky: 110 }).success).toBe(false);
    expect(ecogKarnofskyInput.safeParse({ score: 'ecog_karnofsky', ecog: 6 }).success).toBe(false);
    expect(ecogKarnofskyInput.safeParse({ score: 'ecog_karnofsky', ecog: 1.5 }).success).toBe(false);
  });
});

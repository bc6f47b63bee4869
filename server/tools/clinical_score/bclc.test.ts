import { describe, expect, it } from 'vitest';
import { ToolInputError } from '../types';
import { type BclcInput, bclc } from './bclc';

const base: BclcInput = {
  score: 'bclc',
  tumourCount: 1,
  largestTumourCm: 1.5,
  vascularInvasion: false,
  extrahepaticSpread: false,
  ecog: 0,
  childPughClass: 'A',
};
const stage = (patch: Partial<BclcInput>) => bclc({ ...base, ...patch }).stage;

describe('bclc (2022 update)', () => {
  it('stage 0: single ≤ 2 cm, PS 0, preserved liver function', () => {
    const r = bclc(base);
    expect(r).toMatchObject({ stage: '0', value: '0', stageName: 'very early', withinMilan: true });
    expect(r.rule).toMatch(/Single nodule ≤ 2 cm/);
    expect(r.source).toMatch(/Reig M.*2022 update.*J Hepatol 2022/);
    expect(stage({ largestTumourCm: 2 })).toBe('0');
  });

  it('stage A: single > 2 cm of any size, or 2–3 nodules each ≤ 3 cm', () => {
    expect(stage({ largestTumourCm: 2.1 })).toBe('A');
    expect(stage({ largestTumourCm: 9 })).toBe('A');
    expect(stage({ tumourCount: 2, largestTumourCm: 1 })).toBe('A');
    expect(bclc({ ...base, tumourCount: 3, largestTumourCm: 3 }).rule).toMatch(/3 nodules, each ≤ 3 cm/);
  });

  it('stage B: multinodular beyond A', () => {
    expect(stage({ tumourCount: 3, largestTumourCm: 3.1 })).toBe('B');
    expect(stage({ tumourCount: 2, largestTumourCm: 4 })).toBe('B');
    expect(bclc({ ...base, tumourCount: 4, largestTumourCm: 1 })).toMatchObject({
      stage: 'B',
      stageName: 'intermediate',
    });
  });

  it('stage C: portal invasion, extrahepatic spread, or PS 1–2', () => {
    expect(bclc({ ...base, vascularInvasion: true }).rule).toMatch(/Macrovascular/);
    expect(stage({ extrahepaticSpread: true })).toBe('C');
    expect(stage({ ecog: 1 })).toBe('C');
    expect(bclc({ ...base, ecog: 2, tumourCount: 5, largestTumourCm: 6 }).rule).toMatch(/ECOG PS 2 \(1–2/);
    expect(bclc({ ...base, ecog: 2, vascularInvasion: true }).interpretation).toMatch(/systemic therapy/);
  });

  it('stage D: PS > 2 or end-stage liver function, whatever the tumour burden', () => {
    expect(bclc({ ...base, ecog: 3 }).rule).toMatch(/ECOG PS 3 \(> 2\)/);
    expect(stage({ ecog: 4, vascularInvasion: true })).toBe('D');
    expect(bclc({ ...base, childPughClass: 'C' }).rule).toMatch(/End-stage liver function/);
    expect(stage({ childPughClass: undefined, liverFunctionPreserved: false })).toBe('D');
    expect(bclc({ ...base, childPughClass: 'C', extrahepaticSpread: true })).toMatchObject({
      stage: 'D',
      stageName: 'terminal',
    });
  });

  it('lets a liver-function judgement refine Child-Pugh A/B and says so', () => {
    const b = bclc({ ...base, childPughClass: 'B' });
    expect(b.stage).toBe('0');
    expect(b.notes?.join(' ')).toMatch(/Child-Pugh B was taken as preserved/);
    expect(stage({ childPughClass: 'B', liverFunctionPreserved: false })).toBe('D');
    const a = bclc({ ...base, liverFunctionPreserved: false });
    expect(a.stage).toBe('D');
    expect(a.notes?.join(' ')).toMatch(/judged not preserved/);
    expect(stage({ childPughClass: undefined, liverFunctionPreserved: true })).toBe('0');
  });

  it('refuses missing or contradictory liver function', () => {
    expect(() => bclc({ ...base, childPughClass: undefined })).toThrow(ToolInputError);
    expect(() => bclc({ ...base, childPughClass: 'C', liverFunctionPreserved: true })).toThrow(/Contradictory/);
  });

  it('reports Milan status and a transplant note for end-stage liver within Milan', () => {
    expect(bclc({ ...base, largestTumourCm: 5 }).withinMilan).toBe(true);
    expect(bclc({ ...base, largestTumourCm: 5.1 }).withinMilan).toBe(false);
    expect(bclc({ ...base, tumourCount: 3, largestTumourCm: 3 }).withinMilan).toBe(true);
    expect(bclc({ ...base, tumourCount: 4, largestTumourCm: 1 }).withinMilan).toBe(false);
    expect(bclc({ ...base, vascularInvasion: true }).withinMilan).toBe(false);
    const d = bclc({ ...base, childPughClass: 'C', largestTumourCm: 4 });
    expect(d.notes?.join(' ')).toMatch(/within the Milan criteria: liver transplantation/);
    expect(bclc({ ...base, childPughClass: 'C', transplantCandidate: false }).notes?.join(' ')).not.toMatch(/Milan/);
    expect(bclc({ ...base, tumourCount: 4, transplantCandidate: true }).notes?.join(' ')).toMatch(/beyond the Milan/);
  });
});

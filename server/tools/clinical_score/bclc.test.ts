// BCLC 2022 staging of HCC, stage 0 to D, with Child-Pugh B not taken as preserved liver function without a clinical
// judgement (both stages shown instead), contradictions refused, and Milan status reported.
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

  it('stages invasion or spread without a count or size, and refuses a missing burden otherwise', () => {
    const { tumourCount: _c, largestTumourCm: _s, ...noBurden } = base;
    const r = bclc({ ...noBurden, vascularInvasion: true });
    expect(r).toMatchObject({ stage: 'C', withinMilan: false });
    expect(r.inputs).toContainEqual({ name: 'Number of nodules', value: 'not stated' });
    expect(bclc({ ...noBurden, extrahepaticSpread: true, ecog: 3 }).stage).toBe('D');
    expect(() => bclc(noBurden)).toThrow(ToolInputError);
    expect(() => bclc({ ...noBurden, tumourCount: 2 })).toThrow(/largestTumourCm/);
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

  it('lets a liver-function judgement refine Child-Pugh A and says so', () => {
    const a = bclc({ ...base, liverFunctionPreserved: false });
    expect(a.stage).toBe('D');
    expect(a.notes?.join(' ')).toMatch(/judged not preserved/);
    expect(stage({ childPughClass: undefined, liverFunctionPreserved: true })).toBe('0');
    expect(bclc(base).assumptions).toBeUndefined();
  });

  it('does not stage Child-Pugh B as preserved liver function without the judgement', () => {
    const b = bclc({ ...base, childPughClass: 'B', largestTumourCm: 3 });
    expect(b.stage).toBeUndefined();
    expect(b.value).toBe('A or D');
    expect(b.alternatives).toEqual([
      { stage: 'A', if: expect.stringMatching(/preserved \(liverFunctionPreserved: true\)/) },
      { stage: 'D', if: expect.stringMatching(/end-stage \(liverFunctionPreserved: false\)/) },
    ]);
    expect(b.interpretation).toMatch(/^Stage not assigned: with Child-Pugh B, BCLC 2022 needs a clinical judgement/);
    expect(b.interpretation).toMatch(/If preserved, stage A \(early\).*If end-stage, stage D \(terminal\)/);
    expect(b.interpretation).toMatch(/transplantation candidacy should be assessed/);
    expect(b.assumptions).toEqual([
      expect.stringMatching(/liverFunctionPreserved: true would stage this patient A; .*false would stage D/),
    ]);
    expect(b.inputs).toContainEqual({ name: 'Liver function preserved', value: 'not judged' });
    // The stages the judgement decides between follow the tumour burden and ECOG.
    expect(bclc({ ...base, childPughClass: 'B', vascularInvasion: true }).value).toBe('C or D');
    expect(bclc({ ...base, childPughClass: 'B', tumourCount: 5, largestTumourCm: 6 }).value).toBe('B or D');
    expect(bclc({ ...base, childPughClass: 'B', ecog: 1 }).alternatives?.map((x) => x.stage)).toEqual(['C', 'D']);
  });

  it('stages Child-Pugh B as preserved only with liverFunctionPreserved: true, and lists that assumption', () => {
    const b = bclc({ ...base, childPughClass: 'B', liverFunctionPreserved: true });
    expect(b).toMatchObject({ stage: '0', value: '0', stageName: 'very early' });
    expect(b.assumptions).toEqual([
      expect.stringMatching(/^Liver function taken as preserved although Child-Pugh class is B/),
    ]);
    expect(b.interpretation).toMatch(/Assumes preserved liver function on clinical judgement \(Child-Pugh B\)\.$/);
    const endStage = bclc({ ...base, childPughClass: 'B', liverFunctionPreserved: false });
    expect(endStage).toMatchObject({ stage: 'D', value: 'D' });
    expect(endStage.assumptions).toBeUndefined();
  });

  it('needs no judgement for Child-Pugh B when ECOG PS > 2 decides the stage', () => {
    const b = bclc({ ...base, childPughClass: 'B', ecog: 3 });
    expect(b).toMatchObject({ stage: 'D', value: 'D' });
    expect(b.assumptions).toBeUndefined();
    expect(b.notes?.join(' ')).toMatch(/Child-Pugh B did not change the stage/);
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

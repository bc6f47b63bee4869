// Child-Pugh scoring: the worked example, class boundaries, each cut-off on the right side, µmol/L and g/L converted,
// implausible values refused, and bilirubin cut-offs that agree with the knowledge text.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  albuminPoints,
  BILIRUBIN_CUTOFFS_TEXT,
  bilirubinPoints,
  type ChildPughInput,
  childPugh,
  childPughInput,
  inrPoints,
} from './child-pugh';

const base: ChildPughInput = {
  score: 'child_pugh',
  bilirubin: { value: 1, unit: 'mg/dL' },
  albumin: { value: 4, unit: 'g/dL' },
  inr: 1,
  ascites: 'none',
  encephalopathy: 'none',
};

describe('childPugh', () => {
  it('scores the worked example: 9 points, class B', () => {
    const r = childPugh({
      ...base,
      bilirubin: { value: 2.5, unit: 'mg/dL' },
      albumin: { value: 3.0, unit: 'g/dL' },
      inr: 1.8,
      ascites: 'mild',
    });
    expect(r.value).toBe(9);
    expect(r.class).toBe('B');
    expect(r.components.map((c) => c.points)).toEqual([2, 2, 2, 2, 1]);
    expect(r.interpretation).toMatch(/^9 points: Child-Pugh class B/);
    expect(r.source).toMatch(/Pugh RNH.*Br J Surg 1973/);
  });

  it('spans 5 (A) to 15 (C)', () => {
    expect(childPugh(base)).toMatchObject({ value: 5, class: 'A' });
    const worst = childPugh({
      ...base,
      bilirubin: { value: 5, unit: 'mg/dL' },
      albumin: { value: 2, unit: 'g/dL' },
      inr: 3,
      ascites: 'moderate_severe',
      encephalopathy: 'grade_3_4',
    });
    expect(worst).toMatchObject({ value: 15, class: 'C' });
  });

  it('puts class boundaries at 6/7 and 9/10', () => {
    const six = { ...base, bilirubin: { value: 2.5, unit: 'mg/dL' as const } };
    expect(childPugh(six)).toMatchObject({ value: 6, class: 'A' });
    expect(childPugh({ ...six, ascites: 'mild' })).toMatchObject({ value: 7, class: 'B' });
    const ten = { ...six, albumin: { value: 3, unit: 'g/dL' as const }, inr: 1.8, ascites: 'mild' as const };
    expect(childPugh({ ...ten, encephalopathy: 'none' })).toMatchObject({ value: 9, class: 'B' });
    expect(childPugh({ ...ten, encephalopathy: 'grade_1_2' })).toMatchObject({ value: 10, class: 'C' });
  });

  it('applies each component cut-off on the right side', () => {
    expect([1.99, 2, 3, 3.01].map(bilirubinPoints)).toEqual([1, 2, 2, 3]);
    expect([3.51, 3.5, 2.8, 2.79].map(albuminPoints)).toEqual([1, 2, 2, 3]);
    expect([1.69, 1.7, 2.3, 2.31].map(inrPoints)).toEqual([1, 2, 2, 3]);
  });

  it('converts µmol/L and g/L before scoring and reports the converted inputs', () => {
    const points = (bili: number, alb: number) =>
      childPugh({
        ...base,
        bilirubin: { value: bili, unit: 'µmol/L' },
        albumin: { value: alb, unit: 'g/L' },
      }).components.map((c) => c.points);
    expect(points(34, 36).slice(0, 2)).toEqual([1, 1]);
    expect(points(34.2, 35).slice(0, 2)).toEqual([2, 2]);
    expect(points(51.3, 28).slice(0, 2)).toEqual([2, 2]);
    expect(points(51.4, 27.9).slice(0, 2)).toEqual([3, 3]);
    const r = childPugh({ ...base, bilirubin: { value: 51.3, unit: 'umol/L' }, albumin: { value: 30, unit: 'g/L' } });
    expect(r.inputs[0]).toEqual({ name: 'Bilirubin', value: 3, unit: 'mg/dL', given: '51.3 umol/L' });
    expect(r.inputs[1]).toEqual({ name: 'Albumin', value: 3, unit: 'g/dL', given: '30 g/L' });
  });

  it('rejects implausible values and unknown units through the schema', () => {
    expect(childPughInput.safeParse(base).success).toBe(true);
    expect(childPughInput.safeParse({ ...base, inr: 16 }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, inr: 0.4 }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, albumin: { value: 80, unit: 'g/L' } }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, albumin: { value: 35, unit: 'g/dL' } }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, bilirubin: { value: 2, unit: 'mmol/L' } }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, bilirubin: 2 }).success).toBe(false);
    expect(childPughInput.safeParse({ ...base, ascites: 'severe' }).success).toBe(false);
  });

  it('states the same bilirubin cut-offs in both units as the knowledge text, and scores by them', () => {
    const doc = readFileSync(resolve(import.meta.dirname, '../../../knowledge/clinical-scores.md'), 'utf8');
    const row = doc.split('\n').find((l) => l.startsWith('| Total bilirubin |'));
    expect(row).toBe(
      '| Total bilirubin | below 2 mg/dL (below 34.2 µmol/L) | 2–3 mg/dL (34.2–51.3 µmol/L) | above 3 mg/dL (above 51.3 µmol/L) |'
    );
    expect(BILIRUBIN_CUTOFFS_TEXT).toContain('< 2 / 2–3 / > 3 mg/dL (< 34.2 / 34.2–51.3 / > 51.3 µmol/L');
    expect(childPugh(base).notes?.[0]).toContain(BILIRUBIN_CUTOFFS_TEXT);
    // The stated SI limits are where the points change when µmol/L is given.
    const points = (umol: number) =>
      childPugh({ ...base, bilirubin: { value: umol, unit: 'µmol/L' } }).components[0]?.points;
    expect([34.1, 34.2, 51.3, 51.4].map(points)).toEqual([1, 2, 2, 3]);
  });
});

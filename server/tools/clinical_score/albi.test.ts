// ALBI score and grade match hand-worked examples and the published cut-offs, and warn when the score sits next to a
// cut-off.
import { describe, expect, it } from 'vitest';
import { albi, albiGrade } from './albi';

describe('albi', () => {
  it('computes hand-worked examples', () => {
    // log10(10) × 0.66 + 40 × −0.085 = 0.66 − 3.4
    expect(
      albi({ score: 'albi', bilirubin: { value: 10, unit: 'µmol/L' }, albumin: { value: 40, unit: 'g/L' } })
    ).toMatchObject({
      value: -2.74,
      grade: 1,
    });
    // 1 mg/dL = 17.1 µmol/L; log10(17.1) × 0.66 = 0.8138; 35 g/L × −0.085 = −2.975
    const mid = albi({ score: 'albi', bilirubin: { value: 1, unit: 'mg/dL' }, albumin: { value: 3.5, unit: 'g/dL' } });
    expect(mid).toMatchObject({ value: -2.161, grade: 2 });
    expect(mid.inputs).toEqual([
      { name: 'Bilirubin', value: 17.1, unit: 'µmol/L', given: '1 mg/dL' },
      { name: 'Albumin', value: 35, unit: 'g/L', given: '3.5 g/dL' },
    ]);
    expect(mid.interpretation).toMatch(/^ALBI score -2\.16: ALBI grade 2/);
    // log10(100) × 0.66 + 25 × −0.085 = 1.32 − 2.125
    expect(
      albi({ score: 'albi', bilirubin: { value: 100, unit: 'umol/L' }, albumin: { value: 25, unit: 'g/L' } })
    ).toMatchObject({
      value: -0.805,
      grade: 3,
    });
  });

  it('grades at the published cut-offs', () => {
    expect([-3, -2.6, -2.5999, -1.39, -1.3899, 0].map(albiGrade)).toEqual([1, 1, 2, 2, 3, 3]);
  });

  it('warns when the score sits next to a cut-off', () => {
    const near = albi({
      score: 'albi',
      bilirubin: { value: 10, unit: 'µmol/L' },
      albumin: { value: 38.5, unit: 'g/L' },
    });
    expect(near.grade).toBe(1);
    expect(near.notes?.join(' ')).toMatch(/within 0.02 of the -2.60 cut-off/);
    const far = albi({ score: 'albi', bilirubin: { value: 10, unit: 'µmol/L' }, albumin: { value: 40, unit: 'g/L' } });
    expect(far.notes?.join(' ')).not.toMatch(/cut-off/);
    expect(far.source).toMatch(/Johnson PJ.*J Clin Oncol 2015/);
  });
});

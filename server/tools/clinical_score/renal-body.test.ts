// Cockcroft-Gault creatinine clearance (textbook example, 0.85 for women, µmol/L converted) and Mosteller body-surface
// area give the published values and refuse out-of-range inputs.
import { describe, expect, it } from 'vitest';
import { bsaInput, type CrclInput, cockcroftGault, crclInput, mosteller } from './renal-body';

const textbook: CrclInput = {
  score: 'crcl_cockcroft_gault',
  ageYears: 60,
  weightKg: 72,
  creatinine: { value: 1.0, unit: 'mg/dL' },
  sex: 'male',
};

describe('cockcroftGault', () => {
  it('gives 80 mL/min for the textbook example (60 y, 72 kg, Scr 1.0 mg/dL, male)', () => {
    const r = cockcroftGault(textbook);
    expect(r).toMatchObject({ value: 80, unit: 'mL/min' });
    expect(r.interpretation).toMatch(/80 mL\/min: mildly decreased/);
    expect(r.source).toMatch(/Cockcroft DW, Gault MH.*Nephron 1976/);
  });

  it('applies 0.85 for women and converts µmol/L with ÷ 88.4', () => {
    expect(cockcroftGault({ ...textbook, sex: 'female' }).value).toBe(68);
    const si = cockcroftGault({ ...textbook, creatinine: { value: 88.4, unit: 'µmol/L' } });
    expect(si.value).toBe(80);
    expect(si.inputs[2]).toEqual({ name: 'Serum creatinine', value: 1, unit: 'mg/dL', given: '88.4 µmol/L' });
    // (140 − 80) × 60 / (72 × 2) × 0.85 = 21.25
    const low = cockcroftGault({
      ...textbook,
      ageYears: 80,
      weightKg: 60,
      creatinine: { value: 2, unit: 'mg/dL' },
      sex: 'female',
    });
    expect(low.value).toBeCloseTo(21.3, 5);
    expect(low.interpretation).toMatch(/severely decreased/);
  });

  it('validates ranges', () => {
    expect(crclInput.safeParse(textbook).success).toBe(true);
    expect(crclInput.safeParse({ ...textbook, ageYears: 17 }).success).toBe(false);
    expect(crclInput.safeParse({ ...textbook, ageYears: 121 }).success).toBe(false);
    expect(crclInput.safeParse({ ...textbook, creatinine: { value: 88, unit: 'mg/dL' } }).success).toBe(false);
    expect(crclInput.safeParse({ ...textbook, sex: 'unknown' }).success).toBe(false);
  });
});

describe('mosteller', () => {
  it('gives 2.0 m² for 180 cm / 80 kg and 1.63 m² for 160 cm / 60 kg', () => {
    expect(mosteller({ score: 'bsa_mosteller', heightCm: 180, weightKg: 80 })).toMatchObject({ value: 2, unit: 'm²' });
    const r = mosteller({ score: 'bsa_mosteller', heightCm: 160, weightKg: 60 });
    expect(r.value).toBe(1.63);
    expect(r.interpretation).toBe('Body-surface area 1.63 m².');
    expect(r.source).toMatch(/Mosteller RD.*N Engl J Med 1987/);
  });

  it('validates ranges', () => {
    expect(bsaInput.safeParse({ score: 'bsa_mosteller', heightCm: 1.8, weightKg: 80 }).success).toBe(false);
    expect(bsaInput.safeParse({ score: 'bsa_mosteller', heightCm: 180, weightKg: 0 }).success).toBe(false);
  });
});

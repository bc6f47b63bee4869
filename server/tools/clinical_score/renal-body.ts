// Dosing helpers: Cockcroft-Gault creatinine clearance and Mosteller body-surface area.
import { z } from 'zod';
import type { ScoreResult } from './result';
import { creatinineMgDl, creatinineSchema, given, roundTo } from './units';

export const crclInput = z.object({
  score: z.literal('crcl_cockcroft_gault'),
  ageYears: z.number().min(18).max(120).describe('Age in years (18–120).'),
  weightKg: z
    .number()
    .min(20)
    .max(300)
    .describe(
      'Body weight in kg (20–300); the formula uses the weight you give (actual unless you pass ideal or adjusted).'
    ),
  creatinine: creatinineSchema,
  sex: z.enum(['male', 'female']).describe('Sex: "male" or "female" (female × 0.85).'),
});
export type CrclInput = z.infer<typeof crclInput>;

export const bsaInput = z.object({
  score: z.literal('bsa_mosteller'),
  heightCm: z.number().min(30).max(250).describe('Height in cm (30–250).'),
  weightKg: z.number().min(1).max(400).describe('Body weight in kg (1–400).'),
});
export type BsaInput = z.infer<typeof bsaInput>;

export const COCKCROFT_GAULT_SOURCE =
  'Cockcroft DW, Gault MH. Prediction of creatinine clearance from serum creatinine. Nephron 1976;16(1):31–41.';
export const MOSTELLER_SOURCE =
  'Mosteller RD. Simplified calculation of body-surface area. N Engl J Med 1987;317(17):1098.';

/** KDIGO GFR category boundaries, used only to put the clearance in words. */
function renalBand(crcl: number): string {
  if (crcl >= 90) return 'normal or high (≥ 90 mL/min)';
  if (crcl >= 60) return 'mildly decreased (60–89 mL/min)';
  if (crcl >= 45) return 'mildly to moderately decreased (45–59 mL/min)';
  if (crcl >= 30) return 'moderately to severely decreased (30–44 mL/min)';
  if (crcl >= 15) return 'severely decreased (15–29 mL/min)';
  return 'in the kidney-failure range (< 15 mL/min)';
}

/**
 * Cockcroft-Gault creatinine clearance: ((140 − age) × weight) / (72 × Scr mg/dL), × 0.85 if female.
 * @param input - Age, weight, serum creatinine with unit, sex.
 * @returns mL/min (1 decimal; not normalised to body-surface area).
 */
export function cockcroftGault(input: CrclInput): ScoreResult<'crcl_cockcroft_gault', number> {
  const scr = creatinineMgDl(input.creatinine);
  const crcl = (((140 - input.ageYears) * input.weightKg) / (72 * scr)) * (input.sex === 'female' ? 0.85 : 1);
  const value = roundTo(crcl, 1);
  return {
    score: 'crcl_cockcroft_gault',
    title: 'Creatinine clearance (Cockcroft-Gault)',
    inputs: [
      { name: 'Age', value: input.ageYears, unit: 'years' },
      { name: 'Weight', value: input.weightKg, unit: 'kg' },
      {
        name: 'Serum creatinine',
        value: scr,
        unit: 'mg/dL',
        ...(input.creatinine.unit === 'mg/dL' ? {} : { given: given(input.creatinine) }),
      },
      { name: 'Sex', value: input.sex },
    ],
    value,
    unit: 'mL/min',
    interpretation: `Estimated creatinine clearance ${value} mL/min: ${renalBand(crcl)} (KDIGO GFR categories, for orientation).`,
    source: COCKCROFT_GAULT_SOURCE,
    notes: [
      'Creatinine µmol/L is converted with ÷ 88.4.',
      'Assumes stable renal function; with obesity, low muscle mass or rapidly changing creatinine the estimate is unreliable.',
    ],
  };
}

/**
 * Mosteller body-surface area: sqrt(height cm × weight kg / 3600).
 * @param input - Height and weight.
 * @returns m² (2 decimals).
 */
export function mosteller(input: BsaInput): ScoreResult<'bsa_mosteller', number> {
  const bsa = Math.sqrt((input.heightCm * input.weightKg) / 3600);
  const value = roundTo(bsa, 2);
  return {
    score: 'bsa_mosteller',
    title: 'Body-surface area (Mosteller)',
    inputs: [
      { name: 'Height', value: input.heightCm, unit: 'cm' },
      { name: 'Weight', value: input.weightKg, unit: 'kg' },
    ],
    value,
    unit: 'm²',
    interpretation: `Body-surface area ${value.toFixed(2)} m².`,
    source: MOSTELLER_SOURCE,
  };
}

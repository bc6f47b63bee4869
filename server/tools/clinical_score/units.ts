// Lab quantities with explicit units (never guessed) and the conversions the scores need.
import { z } from 'zod';

/** Micromoles per litre, in the three spellings models and lab systems emit (micro sign, Greek mu, ASCII). */
export const MICROMOL_PER_L = ['µmol/L', 'μmol/L', 'umol/L'] as const;

/** mg/dL per µmol/L of bilirubin: 1 mg/dL = 17.1 µmol/L. */
export const BILIRUBIN_UMOL_PER_MG_DL = 17.1;
/** 1 mg/dL of creatinine = 88.4 µmol/L. */
export const CREATININE_UMOL_PER_MG_DL = 88.4;

export const bilirubinSchema = z
  .discriminatedUnion('unit', [
    z.object({ value: z.number().min(0.05).max(50), unit: z.literal('mg/dL') }),
    z.object({ value: z.number().min(1).max(855), unit: z.enum(MICROMOL_PER_L) }),
  ])
  .describe(
    'Total serum bilirubin: { value, unit } with unit "mg/dL" (0.05–50) or "µmol/L" (1–855; "umol/L" also accepted).'
  );

export const albuminSchema = z
  .discriminatedUnion('unit', [
    z.object({ value: z.number().min(0.5).max(7), unit: z.literal('g/dL') }),
    z.object({ value: z.number().min(5).max(70), unit: z.literal('g/L') }),
  ])
  .describe('Serum albumin: { value, unit } with unit "g/dL" (0.5–7) or "g/L" (5–70).');

export const creatinineSchema = z
  .discriminatedUnion('unit', [
    z.object({ value: z.number().min(0.1).max(20), unit: z.literal('mg/dL') }),
    z.object({ value: z.number().min(9).max(1770), unit: z.enum(MICROMOL_PER_L) }),
  ])
  .describe(
    'Serum creatinine: { value, unit } with unit "mg/dL" (0.1–20) or "µmol/L" (9–1770; "umol/L" also accepted).'
  );

export type Bilirubin = z.infer<typeof bilirubinSchema>;
export type Albumin = z.infer<typeof albuminSchema>;
export type Creatinine = z.infer<typeof creatinineSchema>;

// Conversions round away binary noise (51.3 / 17.1 is 2.9999999999999996 in floating point) before thresholds are compared.
const clean = (x: number): number => Math.round(x * 1e9) / 1e9;

/** Bilirubin in mg/dL. */
export const bilirubinMgDl = (b: Bilirubin): number =>
  b.unit === 'mg/dL' ? b.value : clean(b.value / BILIRUBIN_UMOL_PER_MG_DL);
/** Bilirubin in µmol/L. */
export const bilirubinUmolL = (b: Bilirubin): number =>
  b.unit === 'mg/dL' ? clean(b.value * BILIRUBIN_UMOL_PER_MG_DL) : b.value;
/** Albumin in g/dL. */
export const albuminGdl = (a: Albumin): number => (a.unit === 'g/dL' ? a.value : clean(a.value / 10));
/** Albumin in g/L. */
export const albuminGl = (a: Albumin): number => (a.unit === 'g/L' ? a.value : clean(a.value * 10));
/** Creatinine in mg/dL. */
export const creatinineMgDl = (c: Creatinine): number =>
  c.unit === 'mg/dL' ? c.value : clean(c.value / CREATININE_UMOL_PER_MG_DL);

/** "50 µmol/L" as the user gave it, so converted inputs can show their origin. */
export const given = (q: { value: number; unit: string }): string => `${q.value} ${q.unit}`;

/** Rounds for display (the scores themselves use unrounded values). */
export const roundTo = (x: number, digits: number): number => Math.round(x * 10 ** digits) / 10 ** digits;

// Child-Pugh score: five components, 1–3 points each, summed to 5–15 and grouped into class A/B/C.
import { z } from 'zod';
import type { ScoreResult } from './result';
import { albuminGdl, albuminSchema, bilirubinMgDl, bilirubinSchema, given } from './units';

export const childPughInput = z.object({
  score: z.literal('child_pugh'),
  bilirubin: bilirubinSchema,
  albumin: albuminSchema,
  inr: z.number().min(0.5).max(15).describe('INR (international normalised ratio), 0.5–15.'),
  ascites: z
    .enum(['none', 'mild', 'moderate_severe'])
    .describe('Ascites: "none", "mild" (e.g. controlled with diuretics or seen only on imaging), "moderate_severe".'),
  encephalopathy: z
    .enum(['none', 'grade_1_2', 'grade_3_4'])
    .describe('Hepatic encephalopathy (West Haven grade): "none", "grade_1_2", "grade_3_4".'),
});
export type ChildPughInput = z.infer<typeof childPughInput>;

export interface ChildPughComponent {
  name: string;
  value: number | string;
  unit?: string;
  points: 1 | 2 | 3;
}

export interface ChildPughResult extends ScoreResult<'child_pugh', number> {
  class: 'A' | 'B' | 'C';
  components: ChildPughComponent[];
}

export const CHILD_PUGH_SOURCE =
  'Pugh RNH, Murray-Lyon IM, Dawson JL, Pietroni MC, Williams R. Transection of the oesophagus for bleeding oesophageal ' +
  'varices. Br J Surg 1973;60:646–649 (modification of the Child–Turcotte classification; INR in place of prothrombin time as commonly used).';

/**
 * Points for bilirubin in mg/dL: < 2 → 1, 2–3 → 2, > 3 → 3. µmol/L inputs are converted with 17.1 first, so the SI
 * boundaries are exactly 34.2 and 51.3 µmol/L (tables that round them to 34 and 50 or 51 differ only at the edges).
 */
export const bilirubinPoints = (mgDl: number): 1 | 2 | 3 => (mgDl < 2 ? 1 : mgDl <= 3 ? 2 : 3);
/** Points for albumin in g/dL: > 3.5 → 1, 2.8–3.5 → 2, < 2.8 → 3. */
export const albuminPoints = (gDl: number): 1 | 2 | 3 => (gDl > 3.5 ? 1 : gDl >= 2.8 ? 2 : 3);
/** Points for INR: < 1.7 → 1, 1.7–2.3 → 2, > 2.3 → 3. */
export const inrPoints = (inr: number): 1 | 2 | 3 => (inr < 1.7 ? 1 : inr <= 2.3 ? 2 : 3);

/** The bilirubin cut-offs in both units, as the knowledge text (knowledge/clinical-scores.md) states them. */
export const BILIRUBIN_CUTOFFS_TEXT =
  '< 2 / 2–3 / > 3 mg/dL (< 34.2 / 34.2–51.3 / > 51.3 µmol/L, converted with 17.1 µmol/L per mg/dL)';

const ORDINAL_POINTS = { none: 1, mild: 2, moderate_severe: 3, grade_1_2: 2, grade_3_4: 3 } as const;

const CLASS_TEXT = {
  A: 'Child-Pugh class A (5–6 points): well-compensated liver function.',
  B: 'Child-Pugh class B (7–9 points): significant functional compromise.',
  C: 'Child-Pugh class C (10–15 points): decompensated liver disease.',
} as const;

/**
 * Computes the Child-Pugh score.
 * @param input - Bilirubin and albumin with units, INR, ascites and encephalopathy grades.
 * @returns Points 5–15, class, per-component points and the inputs in mg/dL and g/dL.
 */
export function childPugh(input: ChildPughInput): ChildPughResult {
  const bili = bilirubinMgDl(input.bilirubin);
  const alb = albuminGdl(input.albumin);
  const components: ChildPughComponent[] = [
    { name: 'Bilirubin', value: bili, unit: 'mg/dL', points: bilirubinPoints(bili) },
    { name: 'Albumin', value: alb, unit: 'g/dL', points: albuminPoints(alb) },
    { name: 'INR', value: input.inr, points: inrPoints(input.inr) },
    { name: 'Ascites', value: input.ascites, points: ORDINAL_POINTS[input.ascites] },
    { name: 'Hepatic encephalopathy', value: input.encephalopathy, points: ORDINAL_POINTS[input.encephalopathy] },
  ];
  const points = components.reduce((sum, c) => sum + c.points, 0);
  const cls = points <= 6 ? 'A' : points <= 9 ? 'B' : 'C';
  return {
    score: 'child_pugh',
    title: 'Child-Pugh score',
    inputs: [
      {
        name: 'Bilirubin',
        value: bili,
        unit: 'mg/dL',
        ...(input.bilirubin.unit === 'mg/dL' ? {} : { given: given(input.bilirubin) }),
      },
      {
        name: 'Albumin',
        value: alb,
        unit: 'g/dL',
        ...(input.albumin.unit === 'g/dL' ? {} : { given: given(input.albumin) }),
      },
      { name: 'INR', value: input.inr },
      { name: 'Ascites', value: input.ascites },
      { name: 'Hepatic encephalopathy', value: input.encephalopathy },
    ],
    value: points,
    unit: 'points',
    class: cls,
    components,
    interpretation: `${points} points: ${CLASS_TEXT[cls]}`,
    source: CHILD_PUGH_SOURCE,
    notes: [
      `Cut-offs: bilirubin ${BILIRUBIN_CUTOFFS_TEXT}, albumin > 3.5 / 2.8–3.5 / < 2.8 g/dL (> 35 / 28–35 / < 28 g/L), INR < 1.7 / 1.7–2.3 / > 2.3.`,
    ],
  };
}

// ALBI (albumin–bilirubin) grade: an objective liver-function measure for patients with hepatocellular carcinoma.
import { z } from 'zod';
import type { ScoreResult } from './result';
import { albuminGl, albuminSchema, bilirubinSchema, bilirubinUmolL, given, roundTo } from './units';

export const albiInput = z.object({
  score: z.literal('albi'),
  bilirubin: bilirubinSchema,
  albumin: albuminSchema,
});
export type AlbiInput = z.infer<typeof albiInput>;

export interface AlbiResult extends ScoreResult<'albi', number> {
  grade: 1 | 2 | 3;
}

export const ALBI_SOURCE =
  'Johnson PJ, Berhane S, Kagebayashi C, et al. Assessment of liver function in patients with hepatocellular carcinoma: ' +
  'a new evidence-based approach — the ALBI grade. J Clin Oncol 2015;33(6):550–558.';

/** Grade 1 at ≤ −2.60, grade 2 above −2.60 up to −1.39, grade 3 above −1.39. */
export const albiGrade = (score: number): 1 | 2 | 3 => (score <= -2.6 ? 1 : score <= -1.39 ? 2 : 3);

/** Results this close to a cut-off can change grade with ordinary lab variation. */
const NEAR_CUTOFF = 0.02;

const GRADE_TEXT = {
  1: 'ALBI grade 1 (≤ −2.60): best liver function of the three grades.',
  2: 'ALBI grade 2 (> −2.60 to ≤ −1.39): intermediate liver function.',
  3: 'ALBI grade 3 (> −1.39): worst liver function of the three grades.',
} as const;

/**
 * Computes the ALBI score: log10(bilirubin µmol/L) × 0.66 + albumin g/L × −0.085.
 * @param input - Bilirubin and albumin with units.
 * @returns The score (3 decimals), its grade (from the unrounded score) and the converted inputs.
 */
export function albi(input: AlbiInput): AlbiResult {
  const bili = bilirubinUmolL(input.bilirubin);
  const alb = albuminGl(input.albumin);
  const score = Math.log10(bili) * 0.66 + alb * -0.085;
  const grade = albiGrade(score);
  const nearest = [-2.6, -1.39].find((cut) => Math.abs(score - cut) < NEAR_CUTOFF);
  return {
    score: 'albi',
    title: 'ALBI score',
    inputs: [
      {
        name: 'Bilirubin',
        value: bili,
        unit: 'µmol/L',
        ...(input.bilirubin.unit === 'mg/dL' ? { given: given(input.bilirubin) } : {}),
      },
      {
        name: 'Albumin',
        value: alb,
        unit: 'g/L',
        ...(input.albumin.unit === 'g/L' ? {} : { given: given(input.albumin) }),
      },
    ],
    value: roundTo(score, 3),
    grade,
    interpretation: `ALBI score ${roundTo(score, 2).toFixed(2)}: ${GRADE_TEXT[grade]}`,
    source: ALBI_SOURCE,
    notes: [
      'Bilirubin mg/dL is converted with × 17.1 and albumin g/dL with × 10.',
      ...(nearest === undefined
        ? []
        : [
            `The score is within ${NEAR_CUTOFF} of the ${nearest.toFixed(2)} cut-off; the grade is sensitive to lab variation.`,
          ]),
    ],
  };
}

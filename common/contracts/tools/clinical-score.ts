// clinical_score's output as data (every score shares one result shape) and its label.
import { z } from 'zod';
import { argText, defineToolContract } from './contract';

export const ScoreInputValue = z.object({
  name: z.string(),
  value: z.union([z.number(), z.string(), z.boolean()]),
  unit: z.string().optional(),
  /** The value as given when it was converted (e.g. "50 µmol/L"). */
  given: z.string().optional(),
});
export type ScoreInputValue = z.infer<typeof ScoreInputValue>;

/** The result every score shares (score-specific extras such as ALBI's grade are not read outside the tool). */
export const ScoreResult = z.object({
  score: z.string(),
  title: z.string(),
  /** Inputs in the units the formula uses. */
  inputs: z.array(ScoreInputValue),
  value: z.union([z.number(), z.string()]),
  unit: z.string().optional(),
  interpretation: z.string(),
  /** Publication that defines the score or the rule used. */
  source: z.string(),
  /** Caveats the clinician should see with this result. */
  notes: z.array(z.string()).optional(),
  /**
   * Assumptions the result rests on, or that it needs and did not make, for the result card to show with the value
   * (e.g. BCLC: Child-Pugh B staged as preserved liver function only on clinical judgement).
   */
  assumptions: z.array(z.string()).optional(),
  /** Child-Pugh only: the class BCLC staging needs. */
  class: z.enum(['A', 'B', 'C']).optional(),
});
export type ClinicalScoreOutput = z.infer<typeof ScoreResult>;

export const clinicalScoreContract = defineToolContract({
  name: 'clinical_score',
  title: 'Compute a clinical score',
  short: 'score',
  detail: (args) => argText(args, 'score') ?? argText(args, 'name'),
  output: ScoreResult,
});

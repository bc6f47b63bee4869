// assess_response's output as data (the tool's output type is inferred from it), its label and the view the report
// draws: the RECIST category with the sums that decided it.
import { z } from 'zod';
import { defineToolContract, finiteOrUndefined, isRecord, stringOrUndefined } from './contract';

export const RecistCategory = z.enum(['CR', 'PR', 'SD', 'PD']);
export type RecistCategory = z.infer<typeof RecistCategory>;

export const LesionChange = z.object({
  id: z.string(),
  site: z.string().optional(),
  isLymphNode: z.boolean(),
  baselineMm: z.number(),
  followUpMm: z.number(),
  changeMm: z.number(),
  changePct: z.number(),
  /** `disappeared` (non-nodal 0 mm), `normal-node` (short axis < 10 mm), else `present`. */
  status: z.enum(['disappeared', 'normal-node', 'present']),
});
export type LesionChange = z.infer<typeof LesionChange>;

/** What assess_response returns (the assessment without its warnings, which travel as tool warnings). */
export const AssessResponseOutput = z.object({
  category: RecistCategory,
  baselineSumMm: z.number(),
  followUpSumMm: z.number(),
  nadirSumMm: z.number(),
  /** null when the nadir is 0 (any growth is then infinite in percent). */
  changeFromNadirPct: z.number().nullable(),
  changeFromBaselinePct: z.number(),
  absoluteChangeFromNadirMm: z.number(),
  /** Which rule decided, in words. */
  rule: z.string(),
  perLesion: z.array(LesionChange),
  areaComparison: z
    .object({
      lesionId: z.string().optional(),
      baselineMm2: z.number(),
      followUpMm2: z.number(),
      ratio: z.number(),
      changePct: z.number(),
      note: z.string(),
    })
    .optional(),
});
export type AssessResponseOutput = z.infer<typeof AssessResponseOutput>;

export const assessResponseContract = defineToolContract({
  name: 'assess_response',
  title: 'Assess tumour response (RECIST 1.1)',
  short: 'RECIST',
  output: AssessResponseOutput,
});

export type ResponseView = Pick<AssessResponseOutput, 'category' | 'rule'> &
  Partial<Pick<AssessResponseOutput, 'changeFromBaselinePct' | 'baselineSumMm' | 'followUpSumMm'>>;

/**
 * The RECIST category of an assess_response output with the sums it states.
 * @param output - The output of an ok assess_response call.
 * @returns The view, or null without a category.
 */
export function responseView(output: unknown): ResponseView | null {
  const category = isRecord(output) ? stringOrUndefined(output.category) : undefined;
  if (!isRecord(output) || !category) {
    return null;
  }
  return {
    category: category as RecistCategory,
    rule: stringOrUndefined(output.rule) ?? '',
    changeFromBaselinePct: finiteOrUndefined(output.changeFromBaselinePct),
    baselineSumMm: finiteOrUndefined(output.baselineSumMm),
    followUpSumMm: finiteOrUndefined(output.followUpSumMm),
  };
}

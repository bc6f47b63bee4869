// tnm_stage's output as data (the tool's output type is inferred from it) and its label.
import { z } from 'zod';
import { defineToolContract } from './contract';

export const TNM_SITES = ['colorectal', 'lung', 'pancreas', 'liver', 'intrahepatic_bile_duct'] as const;
export const TNM_PREFIXES = ['yp', 'yc', 'rp', 'rc', 'p', 'c', 'y', 'r', 'a'] as const;
const Prefix = z.enum(TNM_PREFIXES).nullable();

export const TnmStage = z.object({
  site: z.enum(TNM_SITES),
  edition: z.literal('AJCC 8th'),
  t: z.string(),
  n: z.string(),
  m: z.string(),
  /** The classification prefix given with each category (c, p, yp…), null when none was given. */
  prefixes: z.object({ t: Prefix, n: Prefix, m: Prefix }),
  stageGroup: z.string(),
  /** The table row(s) that decided the group. */
  rule: z.string(),
  notes: z.array(z.string()).optional(),
});
export type TnmStage = z.infer<typeof TnmStage>;

export const tnmStageContract = defineToolContract({
  name: 'tnm_stage',
  title: 'Determine the TNM stage group',
  short: 'TNM',
  output: TnmStage,
});

// The assess_response tool: RECIST 1.1 response category from target-lesion measurements at two time points.
import { z } from 'zod';
import type { AssessResponseOutput } from '../../../common/contracts/tools/assess-response';
import { defineTool, ok, type ToolResult } from '../types';
import { assessRecist } from './recist';

const lesion = z.object({
  id: z.string().min(1).describe('Stable lesion name, the same at both time points, e.g. "liver-seg7"'),
  site: z.string().optional().describe('Organ, e.g. "liver", "lung" (used to check the 2-per-organ limit)'),
  isLymphNode: z.boolean().optional().describe('true for a lymph node: then diameterMm is its short axis'),
  diameterMm: z
    .number()
    .nonnegative()
    .describe('Longest diameter in mm (short axis for lymph nodes); 0 when the lesion has disappeared'),
});

const parameters = z.object({
  baseline: z
    .array(lesion)
    .min(1)
    .describe('Target lesions at baseline (1–5, at most 2 per organ, all lymph nodes counting as one organ)'),
  followUp: z.array(lesion).describe('The same target lesions (matched by id) at the follow-up time point'),
  nadirSumMm: z
    .number()
    .nonnegative()
    .optional()
    .describe('Smallest sum of diameters so far, baseline included, in mm; default the baseline sum'),
  newLesions: z
    .boolean()
    .optional()
    .describe('true when any new lesion appeared (this alone means PD); state false explicitly'),
  nonTargetProgression: z
    .boolean()
    .optional()
    .describe('true for unequivocal progression of non-target lesions (this alone means PD)'),
  areas: z
    .object({
      baselineMm2: z.number().positive().describe('Lesion area on its baseline slice, mm²'),
      followUpMm2: z.number().nonnegative().describe('Lesion area on its follow-up slice, mm²'),
      lesionId: z.string().optional().describe('Which lesion the areas belong to'),
    })
    .optional()
    .describe('Optional single-slice areas (e.g. from segment_lesion) for a supplementary ratio; not part of RECIST'),
});

export type { AssessResponseOutput } from '../../../common/contracts/tools/assess-response';

export const assessResponseTool = defineTool({
  name: 'assess_response',
  description:
    'RECIST 1.1 response of target lesions between baseline and one follow-up: CR, PR, SD or PD with baseline, follow-up and nadir sums of diameters, % change from baseline and from nadir, absolute change, the rule that decided, and per-lesion changes. PD: sum +20 % and +5 mm over the nadir, or new lesions, or unequivocal non-target progression. CR: all non-nodal targets gone and every target node < 10 mm short axis. PR: sum down 30 % from baseline. Give diameters in mm (e.g. from segment_lesion); optional areas give a supplementary, non-RECIST ratio.',
  parameters,
  async execute(args): Promise<ToolResult<AssessResponseOutput>> {
    const { warnings, ...assessment } = assessRecist(args);
    return ok(assessment, warnings);
  },
});

// variant_actionability's output as data (the tool's output type is inferred from it), its label and the view the
// report draws: matched therapies and resistances with their evidence levels.
import { z } from 'zod';
import { argText, clip, defineToolContract, isRecord, stringOrUndefined } from './contract';

/** OncoKB-style levels: 1 FDA-recognised here, 2 guideline standard here, 3A/3B clinical evidence here/elsewhere, 4 biological, R1/R2 resistance. */
export const Level = z.enum(['1', '2', '3A', '3B', '4', 'R1', 'R2']);
export type Level = z.infer<typeof Level>;

export const MatchType = z.enum(['this tumour type', 'other tumour type']);
export type MatchType = z.infer<typeof MatchType>;

export const TherapyOut = z.object({
  drugs: z.array(z.string()),
  level: Level,
  /** The tumour type the evidence is for. */
  tumorType: z.string(),
  matchType: MatchType,
  source: z.string(),
  year: z.number().optional(),
  note: z.string().optional(),
  pmids: z.array(z.string()).optional(),
});
export type TherapyOut = z.infer<typeof TherapyOut>;

export const ActionabilityOutput = z.object({
  query: z.object({
    gene: z.string().optional(),
    alteration: z.string(),
    tumorType: z.string().optional(),
    partner: z.string().optional(),
    normalised: z.object({
      gene: z.string().optional(),
      alteration: z.string(),
      tumourType: z.string().optional(),
      tumourTypeLabel: z.string().optional(),
      oncotreeCode: z.string().optional(),
    }),
  }),
  source: z.enum(['oncokb', 'offline']),
  knowledgeVersion: z.string(),
  /** 'Oncogenic', 'Likely Oncogenic', 'Unknown', 'Not applicable' (biomarkers), or OncoKB's own value. */
  oncogenicity: z.string(),
  effect: z.string(),
  highestSensitiveLevel: Level.nullable(),
  highestResistanceLevel: Level.nullable(),
  /** OncoKB only, e.g. 'LEVEL_Fda2'. */
  highestFdaLevel: z.string().optional(),
  therapies: z.array(TherapyOut),
  resistance: z.array(TherapyOut),
  notes: z.array(z.string()),
  /** Why OncoKB was not used although a token is configured. */
  fallbackReason: z.string().optional(),
  summary: z.string(),
});
export type ActionabilityOutput = z.infer<typeof ActionabilityOutput>;

export const variantActionabilityContract = defineToolContract({
  name: 'variant_actionability',
  title: 'Look up therapies for an alteration',
  short: 'actionability',
  detail(args) {
    const what = [argText(args, 'gene'), argText(args, 'alteration')].filter(Boolean).join(' ');
    const where = argText(args, 'tumorType');
    return what ? clip(where ? `${what} in ${where}` : what) : undefined;
  },
  output: ActionabilityOutput,
});

export interface ActionabilityView {
  summary: string;
  source?: string;
  knowledgeVersion?: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
}

const therapies = (v: unknown): TherapyOut[] =>
  Array.isArray(v)
    ? v.filter((t): t is TherapyOut => isRecord(t) && Array.isArray(t.drugs) && !!stringOrUndefined(t.level))
    : [];

/**
 * The matched therapies of a variant_actionability output; malformed therapies are left out.
 * @param output - The output of an ok variant_actionability call.
 * @returns The view, or null when the output is not an object.
 */
export function actionabilityView(output: unknown): ActionabilityView | null {
  if (!isRecord(output)) {
    return null;
  }
  return {
    summary: stringOrUndefined(output.summary) ?? '',
    source: stringOrUndefined(output.source),
    knowledgeVersion: stringOrUndefined(output.knowledgeVersion),
    therapies: therapies(output.therapies),
    resistance: therapies(output.resistance),
  };
}

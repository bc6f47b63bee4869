// BCLC stage of hepatocellular carcinoma (2022 update): tumour burden, liver function and performance status.
import { z } from 'zod';
import { ToolInputError } from '../types';
import type { ScoreResult } from './result';

export const bclcInput = z.object({
  score: z.literal('bclc'),
  tumourCount: z.number().int().min(1).max(50).describe('Number of HCC nodules in the liver (1 = single tumour).'),
  largestTumourCm: z.number().positive().max(40).describe('Diameter of the largest nodule, in cm.'),
  vascularInvasion: z
    .boolean()
    .describe('Macrovascular invasion: tumour in the portal vein or hepatic veins (not microvascular).'),
  extrahepaticSpread: z.boolean().describe('Extrahepatic spread: lymph node or distant metastases.'),
  ecog: z.number().int().min(0).max(4).describe('ECOG performance status 0–4, judged on cancer-related symptoms.'),
  childPughClass: z
    .enum(['A', 'B', 'C'])
    .optional()
    .describe('Child-Pugh class; give this and/or liverFunctionPreserved.'),
  liverFunctionPreserved: z
    .boolean()
    .optional()
    .describe(
      'Clinical judgement of liver function: true = preserved, false = end-stage. Takes precedence over Child-Pugh A/B.'
    ),
  transplantCandidate: z
    .boolean()
    .optional()
    .describe('Optional: whether the patient is being considered for liver transplantation.'),
});
export type BclcInput = z.infer<typeof bclcInput>;

export type BclcStage = '0' | 'A' | 'B' | 'C' | 'D';

export interface BclcResult extends ScoreResult<'bclc', BclcStage> {
  stage: BclcStage;
  stageName: string;
  /** The rule that decided the stage. */
  rule: string;
  /** Milan criteria from the tumour inputs: single ≤ 5 cm or 2–3 nodules ≤ 3 cm, no macrovascular invasion or spread. */
  withinMilan: boolean;
}

export const BCLC_SOURCE =
  'Reig M, Forner A, Rimola J, et al. BCLC strategy for prognosis prediction and treatment recommendation: the 2022 update. ' +
  'J Hepatol 2022;76(3):681–693.';

const STAGES: Record<BclcStage, { name: string; survival: string; treatment: string }> = {
  '0': { name: 'very early', survival: '> 5 years', treatment: 'resection or ablation' },
  A: { name: 'early', survival: '> 5 years', treatment: 'resection, liver transplantation or ablation' },
  B: {
    name: 'intermediate',
    survival: '> 2.5 years',
    treatment:
      'liver transplantation within extended criteria, TACE, or systemic therapy for diffuse, infiltrative bilobar disease',
  },
  C: { name: 'advanced', survival: '> 2 years', treatment: 'systemic therapy' },
  D: { name: 'terminal', survival: '3 months', treatment: 'best supportive care' },
};

/** Whether liver function counts as preserved, with any caveat; throws on contradictory inputs. */
function liverFunction(input: BclcInput): { preserved: boolean; note?: string } {
  const { childPughClass: cp, liverFunctionPreserved: flag } = input;
  if (cp === undefined && flag === undefined) {
    throw new ToolInputError('BCLC needs liver function: give childPughClass (A/B/C) and/or liverFunctionPreserved.');
  }
  if (cp === 'C' && flag === true) {
    throw new ToolInputError(
      'Contradictory liver function: Child-Pugh C is end-stage, but liverFunctionPreserved is true.'
    );
  }
  if (flag !== undefined) {
    return flag || cp !== 'A'
      ? { preserved: flag }
      : {
          preserved: false,
          note: 'Child-Pugh A, but liver function was judged not preserved; the judgement was used.',
        };
  }
  if (cp === 'B') {
    return {
      preserved: true,
      note:
        'Child-Pugh B was taken as preserved liver function. BCLC 2022 treats Child-Pugh B as heterogeneous: if liver function is ' +
        'judged end-stage (e.g. refractory ascites, high bilirubin), pass liverFunctionPreserved: false, which gives stage D.',
    };
  }
  return { preserved: cp === 'A' };
}

/**
 * Assigns the BCLC stage (2022 update).
 * @param input - Tumour burden, invasion/spread, ECOG PS and liver function.
 * @returns Stage 0/A/B/C/D, the deciding rule, Milan status and the BCLC 2022 treatment and survival figures for the stage.
 */
export function bclc(input: BclcInput): BclcResult {
  const liver = liverFunction(input);
  const { tumourCount: count, largestTumourCm: size, ecog } = input;
  const withinMilan =
    !input.vascularInvasion && !input.extrahepaticSpread && ((count === 1 && size <= 5) || (count <= 3 && size <= 3));

  const decide = (): [BclcStage, string] => {
    if (ecog > 2) return ['D', `ECOG PS ${ecog} (> 2) → BCLC D regardless of tumour burden`];
    if (!liver.preserved) return ['D', 'End-stage liver function (Child-Pugh C or judged not preserved) → BCLC D'];
    if (input.vascularInvasion || input.extrahepaticSpread) {
      return [
        'C',
        'Macrovascular (portal) invasion and/or extrahepatic spread with preserved liver function, ECOG PS ≤ 2 → BCLC C',
      ];
    }
    if (ecog > 0) return ['C', `ECOG PS ${ecog} (1–2, cancer-related) with preserved liver function → BCLC C`];
    if (count === 1 && size <= 2) return ['0', 'Single nodule ≤ 2 cm, ECOG PS 0, preserved liver function → BCLC 0'];
    if (count === 1) return ['A', `Single nodule (${size} cm), ECOG PS 0, preserved liver function → BCLC A`];
    if (count <= 3 && size <= 3)
      return ['A', `${count} nodules, each ≤ 3 cm, ECOG PS 0, preserved liver function → BCLC A`];
    return [
      'B',
      `Multinodular beyond BCLC A (${count} nodules, largest ${size} cm), ECOG PS 0, preserved liver function → BCLC B`,
    ];
  };
  const [stage, rule] = decide();
  const info = STAGES[stage];
  const notes = [
    ...(liver.note ? [liver.note] : []),
    ...(stage === 'D' && !liver.preserved && withinMilan && ecog <= 2 && input.transplantCandidate !== false
      ? ['Tumour burden is within the Milan criteria: liver transplantation candidacy should be assessed.']
      : []),
    ...(input.transplantCandidate && !withinMilan
      ? [
          'Tumour burden is beyond the Milan criteria: transplant eligibility depends on local extended criteria or downstaging.',
        ]
      : []),
    'BCLC 2022 also weighs individual factors and treatment stage migration; the stage is a starting point, not a decision.',
  ];
  return {
    score: 'bclc',
    title: 'BCLC stage (2022 update)',
    inputs: [
      { name: 'Number of nodules', value: count },
      { name: 'Largest nodule', value: size, unit: 'cm' },
      { name: 'Macrovascular invasion', value: input.vascularInvasion },
      { name: 'Extrahepatic spread', value: input.extrahepaticSpread },
      { name: 'ECOG PS', value: ecog },
      ...(input.childPughClass ? [{ name: 'Child-Pugh class', value: input.childPughClass }] : []),
      { name: 'Liver function preserved', value: liver.preserved },
      ...(input.transplantCandidate === undefined
        ? []
        : [{ name: 'Transplant candidate', value: input.transplantCandidate }]),
    ],
    value: stage,
    stage,
    stageName: info.name,
    rule,
    withinMilan,
    interpretation: `BCLC ${stage} (${info.name}). BCLC 2022 first-line approach: ${info.treatment}; expected survival ${info.survival}.`,
    source: BCLC_SOURCE,
    notes,
  };
}

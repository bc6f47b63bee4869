// BCLC stage of hepatocellular carcinoma (2022 update): tumour burden, liver function and performance status.
import { z } from 'zod';
import { ToolInputError } from '../types';
import { resolveLiverFunction } from './bclc-liver';
import { BCLC_SOURCE, BCLC_STAGES, type BclcStage, describeStage } from './bclc-stages';
import type { ScoreInputValue, ScoreResult } from './result';

export { BCLC_SOURCE, type BclcStage } from './bclc-stages';

export const bclcInput = z.object({
  score: z.literal('bclc'),
  tumourCount: z
    .number()
    .int()
    .min(1)
    .max(50)
    .optional()
    .describe(
      'Number of HCC nodules in the liver (1 = single tumour). May be left out only with macrovascular invasion or ' +
        'extrahepatic spread, which stage the tumour whatever its burden.'
    ),
  largestTumourCm: z
    .number()
    .positive()
    .max(40)
    .optional()
    .describe('Diameter of the largest nodule, in cm. May be left out only as the nodule count may.'),
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
      "The clinician's judgement of liver function: true = preserved, false = end-stage. Only set it when the record " +
        'or the clinician states it. Child-Pugh B is not staged as preserved without true (it spans nearly preserved to ' +
        'clearly decompensated function); false also overrides Child-Pugh A.'
    ),
  transplantCandidate: z
    .boolean()
    .optional()
    .describe('Optional: whether the patient is being considered for liver transplantation.'),
});
export type BclcInput = z.infer<typeof bclcInput>;

export interface BclcResult extends ScoreResult<'bclc', string> {
  /** The stage; absent when it depends on a liver-function judgement that was not given (Child-Pugh B). */
  stage?: BclcStage;
  stageName?: string;
  /** The rule that decided the stage (or why it stays open). */
  rule: string;
  /** Milan criteria from the tumour inputs: single ≤ 5 cm or 2–3 nodules ≤ 3 cm, no macrovascular invasion or spread. */
  withinMilan: boolean;
  /** When the stage stays open: the stage under each answer to the missing judgement. */
  alternatives?: { stage: BclcStage; if: string }[];
}

/** The stage for a given liver function, with the rule that decided it. */
function decide(input: BclcInput, preserved: boolean): [BclcStage, string] {
  const { tumourCount: count = 0, largestTumourCm: size = 0, ecog } = input;
  if (ecog > 2) return ['D', `ECOG PS ${ecog} (> 2) → BCLC D regardless of tumour burden`];
  if (!preserved) return ['D', 'End-stage liver function (Child-Pugh C or judged not preserved) → BCLC D'];
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
}

const TRANSPLANT_WITHIN_MILAN =
  'Tumour burden is within the Milan criteria: liver transplantation candidacy should be assessed.';

/** Whether an end-stage patient's tumour burden calls for a transplant assessment. */
const transplantIndicated = (input: BclcInput, withinMilan: boolean): boolean =>
  withinMilan && input.ecog <= 2 && input.transplantCandidate !== false;

/** The inputs as the result shows them (liver function as decided, or "not judged"). */
function shownInputs(input: BclcInput, liverPreserved: boolean | string): ScoreInputValue[] {
  return [
    { name: 'Number of nodules', value: input.tumourCount ?? 'not stated' },
    input.largestTumourCm === undefined
      ? { name: 'Largest nodule', value: 'not stated' }
      : { name: 'Largest nodule', value: input.largestTumourCm, unit: 'cm' },
    { name: 'Macrovascular invasion', value: input.vascularInvasion },
    { name: 'Extrahepatic spread', value: input.extrahepaticSpread },
    { name: 'ECOG PS', value: input.ecog },
    ...(input.childPughClass ? [{ name: 'Child-Pugh class', value: input.childPughClass }] : []),
    { name: 'Liver function preserved', value: liverPreserved },
    ...(input.transplantCandidate === undefined
      ? []
      : [{ name: 'Transplant candidate', value: input.transplantCandidate }]),
  ];
}

/** Caveats every BCLC result carries. */
function commonNotes(input: BclcInput, withinMilan: boolean): string[] {
  return [
    ...(input.transplantCandidate && !withinMilan
      ? [
          'Tumour burden is beyond the Milan criteria: transplant eligibility depends on local extended criteria or downstaging.',
        ]
      : []),
    'BCLC 2022 also weighs individual factors and treatment stage migration; the stage is a starting point, not a decision.',
  ];
}

/** The result when Child-Pugh B leaves the stage open: the stage under each judgement and the assumption needed. */
function openResult(input: BclcInput, withinMilan: boolean, notes: string[]): BclcResult {
  const [ifPreserved, rulePreserved] = decide(input, true);
  const transplant = transplantIndicated(input, withinMilan)
    ? '; within the Milan criteria, so liver transplantation candidacy should be assessed'
    : '';
  return {
    score: 'bclc',
    title: 'BCLC stage (2022 update)',
    inputs: shownInputs(input, 'not judged'),
    value: `${ifPreserved} or D`,
    rule: `Child-Pugh B without a liver-function judgement. If preserved: ${rulePreserved}. If end-stage: BCLC D`,
    withinMilan,
    alternatives: [
      { stage: ifPreserved, if: 'liver function judged preserved (liverFunctionPreserved: true)' },
      { stage: 'D', if: 'liver function judged end-stage (liverFunctionPreserved: false)' },
    ],
    interpretation:
      'Stage not assigned: with Child-Pugh B, BCLC 2022 needs a clinical judgement of liver function. ' +
      `If preserved, ${describeStage(ifPreserved)}. If end-stage, ${describeStage('D')}${transplant}.`,
    source: BCLC_SOURCE,
    assumptions: [
      'Needed: a clinical judgement of liver function for Child-Pugh B. liverFunctionPreserved: true would stage this ' +
        `patient ${ifPreserved}; liverFunctionPreserved: false would stage D.`,
    ],
    notes: [...notes, ...commonNotes(input, withinMilan)],
  };
}

/**
 * Assigns the BCLC stage (2022 update). Child-Pugh B is not taken as preserved liver function unless the clinician's
 * judgement says so (`liverFunctionPreserved: true`); without it the result names the stage under each judgement and
 * states the assumption that is needed.
 * @param input - Tumour burden, invasion/spread, ECOG PS and liver function.
 * @returns The stage (or the open alternatives), the deciding rule, Milan status, assumptions and the BCLC 2022
 *   treatment and survival figures; throws ToolInputError on missing or contradictory liver function.
 */
export function bclc(input: BclcInput): BclcResult {
  const liver = resolveLiverFunction(input);
  const { tumourCount: count, largestTumourCm: size } = input;
  const advanced = input.vascularInvasion || input.extrahepaticSpread;
  if (!advanced && (count === undefined || size === undefined))
    throw new ToolInputError(
      'BCLC needs tumourCount and largestTumourCm unless macrovascular invasion or extrahepatic spread is present.'
    );
  const withinMilan =
    !advanced && count !== undefined && size !== undefined && ((count === 1 && size <= 5) || (count <= 3 && size <= 3));
  // With ECOG PS > 2 the stage is D whatever the liver function, so an unjudged Child-Pugh B leaves nothing open.
  if (liver.status === 'open' && input.ecog <= 2) return openResult(input, withinMilan, liver.notes);
  const preserved = liver.status === 'decided' ? liver.preserved : undefined;
  const [stage, rule] = decide(input, preserved ?? false);
  const assumptions = liver.status === 'decided' ? liver.assumptions : [];
  const notes = [
    ...(liver.status === 'decided' ? liver.notes : ['Child-Pugh B did not change the stage: ECOG PS > 2 decides it.']),
    ...(preserved === false && transplantIndicated(input, withinMilan) ? [TRANSPLANT_WITHIN_MILAN] : []),
    ...commonNotes(input, withinMilan),
  ];
  const info = BCLC_STAGES[stage];
  const assumed = assumptions.length ? ' Assumes preserved liver function on clinical judgement (Child-Pugh B).' : '';
  return {
    score: 'bclc',
    title: 'BCLC stage (2022 update)',
    inputs: shownInputs(input, preserved ?? 'not judged'),
    value: stage,
    stage,
    stageName: info.name,
    rule,
    withinMilan,
    interpretation: `BCLC ${stage} (${info.name}). BCLC 2022 first-line approach: ${info.treatment}; expected survival ${info.survival}.${assumed}`,
    source: BCLC_SOURCE,
    ...(assumptions.length ? { assumptions } : {}),
    notes,
  };
}

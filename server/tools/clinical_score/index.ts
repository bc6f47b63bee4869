// The `clinical_score` tool: deterministic liver, staging, performance and dosing scores with inputs, units and sources.
import { z } from 'zod';
import type { ClinicalScoreOutput } from '../../../common/contracts/tools/clinical-score';
import { defineTool, ok, type ToolResult } from '../types';
import { albi, albiInput } from './albi';
import { bclc, bclcInput } from './bclc';
import { childPugh, childPughInput } from './child-pugh';
import { ecogKarnofsky, ecogKarnofskyInput } from './performance-status';
import { bsaInput, cockcroftGault, crclInput, mosteller } from './renal-body';
import type { ScoreResult } from './result';

export type { ClinicalScoreOutput } from '../../../common/contracts/tools/clinical-score';
export { type AlbiInput, type AlbiResult, albi, albiGrade } from './albi';
export { type BclcInput, type BclcResult, type BclcStage, bclc } from './bclc';
export { type ChildPughInput, type ChildPughResult, childPugh } from './child-pugh';
export { type EcogKarnofskyInput, ecogFromKarnofsky, ecogKarnofsky, karnofskyFromEcog } from './performance-status';
export { type BsaInput, type CrclInput, cockcroftGault, mosteller } from './renal-body';
export type { ScoreInputValue, ScoreResult } from './result';

export const clinicalScoreInput = z
  .discriminatedUnion('score', [childPughInput, albiInput, bclcInput, ecogKarnofskyInput, crclInput, bsaInput])
  // Model providers want an object at the root of a tool schema; every branch of the union is one.
  .meta({ type: 'object' } as Record<string, unknown>)
  .describe(
    'Choose the score with "score"; each score has its own fields. Lab values are { value, unit } with an explicit unit.'
  );
export type ClinicalScoreInput = z.infer<typeof clinicalScoreInput>;

/**
 * Computes any supported score from its input.
 * @param input - One branch of the union, chosen by `score`.
 * @returns The score's result; throws ToolInputError on inputs that cannot be scored (e.g. contradictory liver function).
 */
export function computeScore(input: ClinicalScoreInput): ScoreResult {
  switch (input.score) {
    case 'child_pugh':
      return childPugh(input);
    case 'albi':
      return albi(input);
    case 'bclc':
      return bclc(input);
    case 'ecog_karnofsky':
      return ecogKarnofsky(input);
    case 'crcl_cockcroft_gault':
      return cockcroftGault(input);
    case 'bsa_mosteller':
      return mosteller(input);
  }
}

export const clinicalScoreTool = defineTool({
  name: 'clinical_score',
  description:
    'Computes a clinical score deterministically and returns the inputs (in the formula units), the value, its interpretation ' +
    'and the published source. Scores: child_pugh (bilirubin, albumin, INR, ascites, encephalopathy → 5–15 points, class A/B/C); ' +
    'albi (bilirubin, albumin → ALBI score and grade 1–3); bclc (HCC nodules, largest size, macrovascular invasion, extrahepatic ' +
    "spread, ECOG, Child-Pugh class and/or the clinician's liver-function judgement → BCLC 0/A/B/C/D, 2022 update; Child-Pugh B " +
    'is staged only with liverFunctionPreserved given, otherwise the stage under each judgement is returned); ecog_karnofsky (ECOG ↔ Karnofsky); ' +
    'crcl_cockcroft_gault (age, weight kg, serum creatinine, sex → mL/min); bsa_mosteller (height cm, weight kg → m²). ' +
    'Units are never guessed: give each lab value with its unit.',
  parameters: clinicalScoreInput,
  // Every score's result is a ClinicalScoreOutput (the shape readers outside the tool parse).
  async execute(input): Promise<ToolResult<ClinicalScoreOutput>> {
    return ok<ClinicalScoreOutput>(computeScore(input));
  },
});

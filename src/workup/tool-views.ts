// Reads the tool outputs the report draws (measurements, response, predictions, therapies) from `unknown`, checking
// shapes instead of trusting them: each view is the tool's own (common/contracts/tools), applied to ok calls only.
import type { WorkupToolCall } from '../../common/contracts';
import {
  type ActionabilityView,
  actionabilityView,
  assessResponseContract,
  type ClinicalScoreOutput,
  clinicalScoreContract,
  type PredictionView,
  predictBiomarkersContract,
  predictionView,
  type ResponseView,
  responseView,
  type SegmentationView,
  segmentationView,
  segmentLesionContract,
  type TnmStage,
  tnmStageContract,
  toolOutput,
  variantActionabilityContract,
} from '../../common/contracts/tools';

export type { ActionabilityView, PredictionView, ResponseView, SegmentationView };

const okOutput = (call: WorkupToolCall, tool: string): unknown =>
  call.tool === tool && call.status === 'ok' ? call.output : undefined;

/** The measurements and overlay of a segment_lesion call, or null for any other call. */
export const segmentationOf = (call: WorkupToolCall): SegmentationView | null =>
  segmentationView(okOutput(call, segmentLesionContract.name));

/** The RECIST category of an assess_response call, or null. */
export const responseOf = (call: WorkupToolCall): ResponseView | null =>
  responseView(okOutput(call, assessResponseContract.name));

/** The predictions of a predict_biomarkers call, or null. */
export const predictionsOf = (call: WorkupToolCall): PredictionView | null =>
  predictionView(okOutput(call, predictBiomarkersContract.name));

/** The matched therapies of a variant_actionability call, or null. */
export const actionabilityOf = (call: WorkupToolCall): ActionabilityView | null =>
  actionabilityView(okOutput(call, variantActionabilityContract.name));

/** A clinical_score result (value, interpretation, the assumptions it rests on), or null. */
export const scoreOf = (call: WorkupToolCall): ClinicalScoreOutput | null =>
  toolOutput(call, clinicalScoreContract.name);

/** A tnm_stage result (categories, stage group, the table row that decided it), or null. */
export const stageOf = (call: WorkupToolCall): TnmStage | null => toolOutput(call, tnmStageContract.name);

// Reads the tool outputs the report draws (measurements, response, predictions, therapies) from `unknown`, checking
// shapes instead of trusting them: a tool that changes its output must not make the report show wrong numbers.
import type { WorkupToolCall } from '../../server/agent/workup-result';
import type { AssessResponseOutput } from '../../server/tools/assess_response';
import type { PredictBiomarkersOutput } from '../../server/tools/predict_biomarkers';
import type { SegmentLesionOutput } from '../../server/tools/segment_lesion';
import type { ActionabilityOutput, TherapyOut } from '../../server/tools/variant_actionability/types';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function okOutput(call: WorkupToolCall, tool: string): Record<string, unknown> | null {
  return call.tool === tool && call.status === 'ok' && isObject(call.output) ? call.output : null;
}

export interface SegmentationView {
  /** A data: URL of the overlay PNG, only when the payload is plain base64. */
  overlaySrc?: string;
  areaMm2?: number;
  longestDiameterMm?: number;
  shortAxisMm?: number;
  longestDiameterPx?: number;
  engine?: string;
  disclaimer?: string;
}

/** The measurements and overlay of a segment_lesion call, or null for any other call. */
export function segmentationOf(call: WorkupToolCall): SegmentationView | null {
  const o = okOutput(call, 'segment_lesion') as Partial<Record<keyof SegmentLesionOutput, unknown>> | null;
  if (!o) {
    return null;
  }
  const png = str(o.overlayPng);
  return {
    overlaySrc: png && /^[A-Za-z0-9+/]+={0,2}$/.test(png) ? `data:image/png;base64,${png}` : undefined,
    areaMm2: num(o.areaMm2),
    longestDiameterMm: num(o.longestDiameterMm),
    shortAxisMm: num(o.shortAxisMm),
    longestDiameterPx: num(o.longestDiameterPx),
    engine: str(o.engine),
    disclaimer: str(o.disclaimer),
  };
}

export type ResponseView = Pick<AssessResponseOutput, 'category' | 'rule'> &
  Partial<Pick<AssessResponseOutput, 'changeFromBaselinePct' | 'baselineSumMm' | 'followUpSumMm'>>;

/** The RECIST category of an assess_response call, or null. */
export function responseOf(call: WorkupToolCall): ResponseView | null {
  const o = okOutput(call, 'assess_response');
  const category = str(o?.category);
  if (!o || !category) {
    return null;
  }
  return {
    category: category as AssessResponseOutput['category'],
    rule: str(o.rule) ?? '',
    changeFromBaselinePct: num(o.changeFromBaselinePct),
    baselineSumMm: num(o.baselineSumMm),
    followUpSumMm: num(o.followUpSumMm),
  };
}

export interface PredictionView {
  predictions: { target: string; label: string; probability?: number; threshold?: number }[];
  model: { id: string; version: string; validation: string };
  disclaimer?: string;
  /** A demo model (or one whose validation status is unknown): labelled "Demo model — not clinically validated". */
  demo: boolean;
  /** What to say about validation; absent only for a clinically validated model. */
  validationLabel?: string;
}

const VALIDATION_LABELS: Record<string, string | undefined> = {
  'demo-not-clinically-validated': 'Demo model — not clinically validated',
  'research-use-only': 'Research use only — not clinically validated',
  'clinically-validated': undefined,
};

/** The predictions of a predict_biomarkers call, or null. */
export function predictionsOf(call: WorkupToolCall): PredictionView | null {
  const o = okOutput(call, 'predict_biomarkers') as Partial<Record<keyof PredictBiomarkersOutput, unknown>> | null;
  if (!o || !Array.isArray(o.predictions)) {
    return null;
  }
  const m = isObject(o.model) ? o.model : {};
  const validation = str(m.validation) ?? 'unknown';
  return {
    predictions: o.predictions.filter(isObject).map((p) => ({
      target: str(p.target) ?? '?',
      label: str(p.label) ?? '?',
      probability: num(p.probability),
      threshold: num(p.threshold),
    })),
    model: { id: str(m.id) ?? 'unknown model', version: str(m.version) ?? '?', validation },
    disclaimer: str(o.disclaimer),
    // A status this app does not know is treated as the demo it may be.
    demo: validation !== 'clinically-validated' && validation !== 'research-use-only',
    validationLabel:
      validation in VALIDATION_LABELS ? VALIDATION_LABELS[validation] : 'Demo model — not clinically validated',
  };
}

export interface ActionabilityView {
  summary: string;
  source?: string;
  knowledgeVersion?: string;
  therapies: TherapyOut[];
  resistance: TherapyOut[];
}

const therapies = (v: unknown): TherapyOut[] =>
  Array.isArray(v) ? v.filter((t): t is TherapyOut => isObject(t) && Array.isArray(t.drugs) && !!str(t.level)) : [];

/** The matched therapies of a variant_actionability call, or null. */
export function actionabilityOf(call: WorkupToolCall): ActionabilityView | null {
  const o = okOutput(call, 'variant_actionability') as Partial<Record<keyof ActionabilityOutput, unknown>> | null;
  if (!o) {
    return null;
  }
  return {
    summary: str(o.summary) ?? '',
    source: str(o.source),
    knowledgeVersion: str(o.knowledgeVersion),
    therapies: therapies(o.therapies),
    resistance: therapies(o.resistance),
  };
}

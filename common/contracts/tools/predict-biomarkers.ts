// predict_biomarkers' output as data (the tool's output type is inferred from it), its label and the view the report
// draws: predictions always with the model's validation status.
import { z } from 'zod';
import { defineToolContract, finiteOrUndefined, isRecord, stringOrUndefined } from './contract';

export const BiomarkerTarget = z.enum(['MSI', 'KRAS', 'BRAF']);

export const BiomarkerPrediction = z.object({
  target: BiomarkerTarget,
  /** Model probability of the positive class, 0–1, rounded to 4 decimals. */
  probability: z.number(),
  label: z.string(),
  threshold: z.number(),
});
export type BiomarkerPrediction = z.infer<typeof BiomarkerPrediction>;

export const PredictBiomarkersOutput = z.object({
  predictions: z.array(BiomarkerPrediction),
  model: z.object({ id: z.string(), version: z.string(), validation: z.string() }),
  disclaimer: z.string(),
  /** Indices (0-based rows of the bag) of the tiles with the highest attention, highest first; at most 5. */
  topTiles: z.array(z.number()),
  bag: z.object({ n: z.number(), d: z.number() }),
  /** Where the bag came from: the DocumentReference, the file path, or 'inline'. */
  source: z.string(),
});
export type PredictBiomarkersOutput = z.infer<typeof PredictBiomarkersOutput>;

export const predictBiomarkersContract = defineToolContract({
  name: 'predict_biomarkers',
  title: 'Predict biomarkers from histology',
  short: 'prediction',
  output: PredictBiomarkersOutput,
});

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

/**
 * The predictions of a predict_biomarkers output; a model of unknown validation reads as a demo.
 * @param output - The output of an ok predict_biomarkers call.
 * @returns The view, or null without a list of predictions.
 */
export function predictionView(output: unknown): PredictionView | null {
  if (!isRecord(output) || !Array.isArray(output.predictions)) {
    return null;
  }
  const m = isRecord(output.model) ? output.model : {};
  const validation = stringOrUndefined(m.validation) ?? 'unknown';
  return {
    predictions: output.predictions.filter(isRecord).map((p) => ({
      target: stringOrUndefined(p.target) ?? '?',
      label: stringOrUndefined(p.label) ?? '?',
      probability: finiteOrUndefined(p.probability),
      threshold: finiteOrUndefined(p.threshold),
    })),
    model: {
      id: stringOrUndefined(m.id) ?? 'unknown model',
      version: stringOrUndefined(m.version) ?? '?',
      validation,
    },
    disclaimer: stringOrUndefined(output.disclaimer),
    // A status this app does not know is treated as the demo it may be.
    demo: validation !== 'clinically-validated' && validation !== 'research-use-only',
    validationLabel:
      validation in VALIDATION_LABELS ? VALIDATION_LABELS[validation] : 'Demo model — not clinically validated',
  };
}

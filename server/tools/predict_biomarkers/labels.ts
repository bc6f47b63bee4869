// The biomarkers the tool predicts, the words used for each call, and the disclaimer that travels with every result.
import type { ModelEntry } from '../models';

export const TARGETS = ['MSI', 'KRAS', 'BRAF'] as const;
export type Target = (typeof TARGETS)[number];

/** How a probability at or above / below the threshold is reported, in the terms pathology reports use. */
const LABELS: Record<Target, { positive: string; negative: string }> = {
  MSI: { positive: 'MSI-H', negative: 'MSS' },
  KRAS: { positive: 'KRAS mutated', negative: 'KRAS wild-type' },
  BRAF: { positive: 'BRAF V600E', negative: 'BRAF wild-type' },
};

/**
 * The label for one prediction.
 * @param target - The biomarker.
 * @param probability - The model's probability of the positive class.
 * @param threshold - Probability at or above which the positive label is given.
 * @returns e.g. 'MSI-H' or 'MSS'.
 */
export function labelFor(target: Target, probability: number, threshold: number): string {
  return probability >= threshold ? LABELS[target].positive : LABELS[target].negative;
}

export const DEMO_DISCLAIMER = 'Demo model, not clinically validated: do not use for patient care.';

/**
 * The sentence every output of a model carries, by its validation status in the manifest.
 * @param validation - The manifest's validation field.
 * @returns The disclaimer.
 */
export function disclaimerFor(validation: ModelEntry['validation']): string {
  if (validation === 'demo-not-clinically-validated') return DEMO_DISCLAIMER;
  if (validation === 'research-use-only') {
    return 'Research-use-only model: not for clinical decisions; confirm with MMR/MSI and RAS/BRAF testing.';
  }
  return 'Histology-based prediction: confirm with MMR/MSI and RAS/BRAF testing before treatment decisions.';
}

// Reads the biomarker-specific fields of a manifest entry and picks the model that answers a request.
import { z } from 'zod';
import type { ModelEntry } from '../models';
import { TARGETS, type Target } from './labels';

/** Manifest fields a `biomarker-mil` entry adds to the common ones. */
const MilFields = z.object({
  /** Column k of the probability output is targets[k]. */
  targets: z.array(z.enum(TARGETS)).min(1),
  /** Features per tile, fixed by the feature extractor the model was trained on. */
  inputDim: z.number().int().positive(),
  /** Probability at or above which the positive label is given, per target (default 0.5). */
  thresholds: z.partialRecord(z.enum(TARGETS), z.number().min(0).max(1)).optional(),
  /** Graph input name. */
  input: z.string().default('features'),
  /** Graph output names. */
  outputs: z
    .object({ probabilities: z.string().default('probabilities'), attention: z.string().default('attention') })
    .default({ probabilities: 'probabilities', attention: 'attention' }),
});

export interface MilModel {
  entry: ModelEntry;
  /** Path of the ONNX file relative to the models folder (`files.model`). */
  file: string;
  targets: Target[];
  inputDim: number;
  thresholds: Partial<Record<Target, number>>;
  input: string;
  outputs: { probabilities: string; attention: string };
}

/**
 * The biomarker view of a manifest entry.
 * @param entry - A manifest entry of kind `biomarker-mil`.
 * @returns Its targets, input width, thresholds and tensor names; throws naming the bad field.
 */
export function milModel(entry: ModelEntry): MilModel {
  const parsed = MilFields.safeParse(entry);
  if (!parsed.success) {
    throw new Error(`Manifest entry ${entry.id} is not a usable biomarker-mil model: ${z.prettifyError(parsed.error)}`);
  }
  const file = entry.files.model;
  if (!file) throw new Error(`Manifest entry ${entry.id} has no files.model`);
  return { entry, file, thresholds: {}, ...parsed.data };
}

/**
 * Chooses the model for a request: the named one, or the first biomarker-mil entry covering every requested target.
 * @param entries - The manifest.
 * @param targets - Requested targets; undefined means "whatever the model predicts".
 * @param modelId - A model the caller asked for.
 * @returns The model, or why none fits (`unavailable` when nothing installed can answer, `error` for a bad request).
 */
export function chooseModel(
  entries: readonly ModelEntry[],
  targets: readonly Target[] | undefined,
  modelId: string | undefined
): { model: MilModel } | { status: 'error' | 'unavailable'; message: string } {
  const covers = (m: MilModel) => (targets ?? []).every((t) => m.targets.includes(t));
  if (modelId) {
    const entry = entries.find((e) => e.id === modelId);
    if (!entry) return { status: 'error', message: `No model ${modelId} in the model manifest` };
    if (entry.kind !== 'biomarker-mil') {
      return { status: 'error', message: `Model ${modelId} is a ${entry.kind} model, not a biomarker-mil model` };
    }
    const model = milModel(entry);
    if (!covers(model)) {
      return {
        status: 'error',
        message: `Model ${modelId} predicts ${model.targets.join(', ')}, not ${targets?.filter((t) => !model.targets.includes(t)).join(', ')}`,
      };
    }
    return { model };
  }
  for (const entry of entries) {
    if (entry.kind !== 'biomarker-mil') continue;
    const model = milModel(entry);
    if (covers(model)) return { model };
  }
  return {
    status: 'unavailable',
    message: `No biomarker-mil model in the model manifest predicts ${targets?.join(', ') ?? 'any target'}`,
  };
}

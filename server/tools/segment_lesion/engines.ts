// Chooses and runs a segmentation engine: MedSAM when asked for (or 'auto' with its files present), else classical.
import type { ModelEntry } from '../models';
import { failed, type ToolResult, unavailable } from '../types';
import { CLASSICAL_VERSION, segmentClassical } from './classical';
import type { LoadedImage } from './decode-image';
import type { Box } from './mask';
import { findMedsam, segmentMedsam } from './medsam';

export type EngineName = 'auto' | 'classical' | 'medsam';

/** What an engine produced, with enough provenance to label the output. */
export interface EngineOutcome {
  mask: Uint8Array;
  engine: 'classical' | 'medsam';
  engineVersion: string;
  /** The model used (MedSAM only): its validation status travels with every output. */
  model?: { id: string; version: string; validation: ModelEntry['validation'] };
  /** Classical only: the levels (HU for CT) the threshold came from. */
  levels?: { lesion: number; background: number; threshold: number; polarity: 'hypo' | 'hyper' };
  warnings: string[];
}

function runClassical(loaded: LoadedImage, box: Box, warnings: string[]): EngineOutcome | ToolResult<never> {
  try {
    const r = segmentClassical(loaded.slice, box);
    const round = (v: number): number => Math.round(v * 10) / 10;
    return {
      mask: r.mask,
      engine: 'classical',
      engineVersion: CLASSICAL_VERSION,
      levels: {
        lesion: round(r.lesionLevel),
        background: round(r.backgroundLevel),
        threshold: round(r.threshold),
        polarity: r.polarity,
      },
      warnings: [...warnings, ...r.warnings],
    };
  } catch (err) {
    return failed(`no lesion outline found: ${(err as Error).message}`);
  }
}

/**
 * Runs the requested engine.
 * @param engine - 'classical', 'medsam', or 'auto' (MedSAM when usable, else classical with a warning saying why).
 * @param loaded - The decoded image.
 * @param box - A checked box.
 * @param modelsDir - Where the model manifest is.
 * @returns The outcome, or the `error` / `unavailable` result to hand back.
 */
export async function runEngine(
  engine: EngineName,
  loaded: LoadedImage,
  box: Box,
  modelsDir: string
): Promise<EngineOutcome | ToolResult<never>> {
  const warnings: string[] = [];
  if (engine === 'classical') return runClassical(loaded, box, warnings);
  const choice = findMedsam(modelsDir);
  if (!choice.entry) {
    if (engine === 'medsam') return unavailable(`MedSAM cannot run here: ${choice.problem}`);
    warnings.push(`MedSAM not used: ${choice.problem}; the classical engine segmented instead`);
    return runClassical(loaded, box, warnings);
  }
  const { entry } = choice;
  const { width, height } = loaded.slice;
  try {
    const r = await segmentMedsam(loaded.rgba, width, height, box, entry, modelsDir);
    if (!r.mask.some((v) => v)) throw new Error('the model found nothing inside the box');
    const validationNote =
      entry.validation === 'clinically-validated'
        ? []
        : [`model ${entry.id} is ${entry.validation}: confirm the outline before using the sizes`];
    return {
      mask: r.mask,
      engine: 'medsam',
      engineVersion: `${entry.id}@${entry.version}`,
      model: { id: entry.id, version: entry.version, validation: entry.validation },
      warnings: [...validationNote, ...r.warnings],
    };
  } catch (err) {
    const message = (err as Error).message;
    if (engine === 'medsam') return failed(`MedSAM failed: ${message}`);
    warnings.push(`MedSAM failed (${message}); the classical engine segmented instead`);
    return runClassical(loaded, box, warnings);
  }
}

/** True when `runEngine` produced a mask rather than a result to return. */
export function isOutcome(value: EngineOutcome | ToolResult<never>): value is EngineOutcome {
  return 'mask' in value;
}

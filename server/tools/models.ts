// The model manifest (models/manifest.json): which model files exist, what they are for and how far to trust them.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';

export const ModelEntry = z.looseObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]*$/),
  /** What the model does: `segmentation` (MedSAM-style box-prompted) or `biomarker-mil` (attention-MIL on feature bags). */
  kind: z.enum(['segmentation', 'biomarker-mil']),
  version: z.string(),
  /** Files relative to the models folder, by role (e.g. encoder, decoder, model). */
  files: z.record(z.string(), z.string()),
  /** Expected sha256 of each file, by the same roles; checked before loading. */
  sha256: z.record(z.string(), z.string().regex(/^[a-f0-9]{64}$/)).optional(),
  /** `demo-not-clinically-validated` models are labelled so in every output. */
  validation: z.enum(['demo-not-clinically-validated', 'research-use-only', 'clinically-validated']),
  /** Model card (markdown), relative to the models folder. */
  card: z.string(),
  /** Where to get the files when they are not shipped in the repository. */
  obtain: z.string().optional(),
});
export type ModelEntry = z.infer<typeof ModelEntry>;

export const Manifest = z.object({ models: z.array(ModelEntry) });

/**
 * Reads and validates `manifest.json` of a models folder.
 * @param modelsDir - The folder.
 * @returns The entries; throws (naming no path) when the manifest is not JSON or is malformed.
 */
export function readManifest(modelsDir: string): ModelEntry[] {
  const path = resolve(modelsDir, 'manifest.json');
  if (!existsSync(path)) return [];
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error('the model manifest (manifest.json in the models folder) cannot be read as JSON');
  }
  const parsed = Manifest.safeParse(json);
  if (!parsed.success) throw new Error(`the model manifest is malformed: ${z.prettifyError(parsed.error)}`);
  return parsed.data.models;
}

/** Why a model cannot be used (missing files, checksum mismatch), or undefined when all its files are present and intact. */
export function modelProblem(modelsDir: string, entry: ModelEntry): string | undefined {
  for (const [role, file] of Object.entries(entry.files)) {
    const path = resolve(modelsDir, file);
    if (!existsSync(path)) {
      const where = 'the models folder (ONCOAGENT_MODELS_DIR)';
      return `model ${entry.id}: ${role} file ${file} is not in ${where}${entry.obtain ? ` (${entry.obtain})` : ''}`;
    }
    const expected = entry.sha256?.[role];
    if (expected && createHash('sha256').update(readFileSync(path)).digest('hex') !== expected) {
      return `model ${entry.id}: ${role} file ${file} does not match its sha256 in the manifest`;
    }
  }
  return undefined;
}

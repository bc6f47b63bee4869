// The MedSAM / LiteMedSAM engine: box-prompted segmentation with ONNX exports of the image encoder and the prompt
// decoder, run by onnxruntime-web (wasm, one thread). Used only when the manifest lists the files and they are present.
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { InferenceSession, Tensor } from 'onnxruntime-web';
import { type ModelEntry, modelProblem, readManifest } from '../models';
import { type Box, fillHoles, largestComponent } from './mask';
import { frameBox, maskFromLogits, modelFrame, prepareImage } from './medsam-io';

/** A usable model, or why there is none. */
export type ModelChoice = { entry: ModelEntry; problem?: undefined } | { entry?: undefined; problem: string };

/**
 * Finds a box-prompted segmentation model (kind `segmentation` with `encoder` and `decoder` files) whose files are present.
 * @param modelsDir - The models folder (ToolConfig.modelsDir).
 * @returns The entry, or the reason none can run (named files, where to get them).
 */
export function findMedsam(modelsDir: string): ModelChoice {
  let entries: ModelEntry[];
  try {
    entries = readManifest(modelsDir);
  } catch (err) {
    return { problem: (err as Error).message };
  }
  const candidates = entries.filter((e) => e.kind === 'segmentation' && e.files.encoder && e.files.decoder);
  if (candidates.length === 0) {
    return {
      problem:
        'no MedSAM-style model (kind "segmentation" with encoder and decoder files) is listed in manifest.json of the models folder',
    };
  }
  const problems = candidates.map((entry) => ({ entry, problem: modelProblem(modelsDir, entry) }));
  const ready = problems.find((p) => !p.problem);
  return ready ? { entry: ready.entry } : { problem: problems[0].problem! };
}

/** Side of the square model input: `inputSize` in the manifest entry, else 256 for LiteMedSAM and 1024 for MedSAM. */
export function inputSizeOf(entry: ModelEntry): number {
  const declared = (entry as { inputSize?: unknown }).inputSize;
  if (typeof declared === 'number' && Number.isInteger(declared) && declared >= 16) return declared;
  return /lite/i.test(entry.id) ? 256 : 1024;
}

type Ort = typeof import('onnxruntime-web');
let ortModule: Promise<Ort> | undefined;
const sessions = new Map<string, Promise<InferenceSession>>();

async function loadOrt(): Promise<Ort> {
  ortModule ??= import('onnxruntime-web').then((ort) => {
    ort.env.wasm.numThreads = 1;
    return ort;
  });
  return ortModule;
}

/** Loads (once per file version) one ONNX file; a failure names the model, the role and the file. */
async function session(ort: Ort, modelsDir: string, entry: ModelEntry, role: string): Promise<InferenceSession> {
  const path = resolve(modelsDir, entry.files[role]);
  let stats: { mtimeMs: number; size: number };
  try {
    stats = statSync(path);
  } catch {
    throw new Error(`model ${entry.id}: the ${role} file ${entry.files[role]} is not readable in the models folder`);
  }
  const { mtimeMs, size } = stats;
  const key = `${path}:${mtimeMs}:${size}`;
  let loading = sessions.get(key);
  if (!loading) {
    loading = readFile(path).then((bytes) => ort.InferenceSession.create(new Uint8Array(bytes)));
    sessions.set(key, loading);
  }
  try {
    return await loading;
  } catch (err) {
    sessions.delete(key);
    throw new Error(
      `model ${entry.id}: the ${role} file ${entry.files[role]} cannot be loaded as ONNX (${(err as Error).message})`
    );
  }
}

/** The decoder's inputs, chosen by name so both SAM-style exports (points + labels) and box-input exports work. */
function decoderFeeds(
  ort: Ort,
  names: readonly string[],
  embedding: Tensor,
  box: number[],
  width: number,
  height: number
) {
  const feeds: Record<string, Tensor> = {};
  const lowRes = embedding.dims.length === 4 ? 4 * Number(embedding.dims[2]) : 256;
  for (const name of names) {
    if (/embed/i.test(name)) feeds[name] = embedding;
    else if (/coord/i.test(name)) feeds[name] = new ort.Tensor('float32', Float32Array.from(box), [1, 2, 2]);
    else if (/label/i.test(name)) feeds[name] = new ort.Tensor('float32', Float32Array.from([2, 3]), [1, 2]);
    else if (/has_mask/i.test(name)) feeds[name] = new ort.Tensor('float32', new Float32Array(1), [1]);
    else if (/mask_input/i.test(name))
      feeds[name] = new ort.Tensor('float32', new Float32Array(lowRes * lowRes), [1, 1, lowRes, lowRes]);
    else if (/im_size|image_size/i.test(name))
      feeds[name] = new ort.Tensor('float32', Float32Array.from([height, width]), [2]);
    else if (/box/i.test(name)) feeds[name] = new ort.Tensor('float32', Float32Array.from(box), [1, 1, 4]);
    else throw new Error(`the decoder asks for an input "${name}" this tool does not know how to fill`);
  }
  return feeds;
}

/** The mask plane to use: `masks` (else the first 4-D output); with several candidates, the best by predicted IoU. */
function pickMask(outputs: InferenceSession.OnnxValueMapType): { plane: Float32Array; rows: number; cols: number } {
  const tensors = Object.entries(outputs) as [string, Tensor][];
  const masks = tensors.find(([n]) => n === 'masks')?.[1] ?? tensors.find(([, t]) => t.dims.length === 4)?.[1];
  if (!masks) throw new Error('the decoder returned no 4-D mask output');
  const [, count, rows, cols] = masks.dims.map(Number);
  const iou = tensors.find(([n]) => /iou/i.test(n))?.[1]?.data as Float32Array | undefined;
  let best = 0;
  if (iou && count > 1) for (let k = 1; k < count; k++) if (iou[k] > iou[best]) best = k;
  const data = masks.data as Float32Array;
  return { plane: data.subarray(best * rows * cols, (best + 1) * rows * cols), rows, cols };
}

/**
 * Runs MedSAM on one slice.
 * @param rgba - The windowed picture (width × height RGBA): MedSAM takes an 8-bit 3-channel image.
 * @param width - Columns.
 * @param height - Rows.
 * @param box - The prompt box (inclusive pixels).
 * @param entry - The manifest entry (from {@link findMedsam}).
 * @param modelsDir - Where its files are.
 * @returns The mask, restricted to the box's largest region with holes filled, and notes on what was changed.
 */
export async function segmentMedsam(
  rgba: Uint8Array,
  width: number,
  height: number,
  box: Box,
  entry: ModelEntry,
  modelsDir: string
): Promise<{ mask: Uint8Array; warnings: string[] }> {
  const ort = await loadOrt();
  const encoder = await session(ort, modelsDir, entry, 'encoder');
  const decoder = await session(ort, modelsDir, entry, 'decoder');
  const frame = modelFrame(width, height, inputSizeOf(entry));
  const image = new ort.Tensor('float32', prepareImage(rgba, width, height, frame), [1, 3, frame.size, frame.size]);
  const encoded = await encoder.run({ [encoder.inputNames[0]]: image });
  const embedding = encoded[encoder.outputNames[0]] as Tensor;
  const outputs = await decoder.run(
    decoderFeeds(ort, decoder.inputNames, embedding, frameBox(box, frame), width, height)
  );
  const { plane, rows, cols } = pickMask(outputs);
  const raw = maskFromLogits(plane, rows, cols, frame, width, height);
  const [x1, y1, x2, y2] = box;
  let rawInside = 0;
  let rawOutside = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!raw[y * width + x]) continue;
      if (x >= x1 && x <= x2 && y >= y1 && y <= y2) rawInside++;
      else rawOutside++;
    }
  }
  const mask = largestComponent(raw, width, box);
  fillHoles(mask, width, box);
  const kept = mask.reduce((sum, v) => sum + v, 0);
  const warnings: string[] = [];
  if (width !== height) {
    warnings.push(
      `the ${width}×${height} image was padded to a square for the model (LiteMedSAM's way); MedSAM's reference script stretches it instead`
    );
  }
  if (rawOutside > 0 || kept < rawInside) {
    warnings.push(
      `the model's mask was limited to the largest region inside the box (${rawOutside} pixels outside the box and ${Math.max(0, rawInside - kept)} in other regions dropped)`
    );
  }
  return { mask, warnings };
}

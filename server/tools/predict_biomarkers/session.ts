// Loads each MIL model into onnxruntime-web once (wasm, one thread, CPU) and runs a feature bag through it.
import { readFile, stat } from 'node:fs/promises';
import * as ort from 'onnxruntime-web';
import type { NpyArray } from '../../../common/npy/npy';
import type { MilModel } from './model-entry';

// Threads would need worker files and cross-origin isolation; one thread is enough for a bag of a few thousand tiles.
ort.env.wasm.numThreads = 1;

/** Sessions by file path; the stamp (size and mtime) makes a replaced file load again. */
const sessions = new Map<string, { stamp: string; session: Promise<ort.InferenceSession> }>();

/** A model file onnxruntime refused. */
export class ModelLoadError extends Error {}

/**
 * The session for a model file, created on first use.
 * @param path - Absolute path of the .onnx file.
 * @returns The session; rejects with ModelLoadError when the file is not a model onnxruntime can run.
 */
export async function loadSession(path: string): Promise<ort.InferenceSession> {
  const info = await stat(path);
  const stamp = `${info.size}:${info.mtimeMs}`;
  const cached = sessions.get(path);
  if (cached?.stamp === stamp) return cached.session;
  const session = readFile(path).then(async (bytes) => {
    try {
      return await ort.InferenceSession.create(new Uint8Array(bytes));
    } catch (err) {
      throw new ModelLoadError(err instanceof Error ? err.message : String(err));
    }
  });
  sessions.set(path, { stamp, session });
  // A failed load is not kept: the next call tries again (the file may have been fixed).
  session.catch(() => {
    if (sessions.get(path)?.session === session) sessions.delete(path);
  });
  return session;
}

/** What the model said about one bag: a probability per model target (manifest order) and one weight per tile. */
export interface MilOutput {
  probabilities: number[];
  attention: Float32Array;
}

/**
 * Runs one bag.
 * @param session - From {@link loadSession}.
 * @param model - Tensor names and targets from the manifest.
 * @param bag - A checked N×D bag.
 * @returns Probabilities and attention; throws naming the mismatch when the graph does not fit its manifest entry.
 */
export async function runMil(session: ort.InferenceSession, model: MilModel, bag: NpyArray): Promise<MilOutput> {
  const id = model.entry.id;
  if (!session.inputNames.includes(model.input)) {
    throw new Error(`model ${id} has no input '${model.input}' (it has ${session.inputNames.join(', ')})`);
  }
  const wanted = [model.outputs.probabilities, model.outputs.attention];
  const missing = wanted.filter((name) => !session.outputNames.includes(name));
  if (missing.length) {
    throw new Error(`model ${id} has no output ${missing.join(', ')} (it has ${session.outputNames.join(', ')})`);
  }
  const input = new ort.Tensor('float32', bag.data, bag.shape);
  const result = await session.run({ [model.input]: input }, wanted);
  const probabilities = Array.from(result[model.outputs.probabilities].data as Float32Array);
  const attention = result[model.outputs.attention].data as Float32Array;
  if (probabilities.length !== model.targets.length) {
    throw new Error(`model ${id} gave ${probabilities.length} probabilities for ${model.targets.length} targets`);
  }
  if (probabilities.some((p) => !(p >= 0 && p <= 1))) {
    throw new Error(`model ${id} gave values outside [0, 1] as probabilities: ${probabilities.join(', ')}`);
  }
  if (attention.length !== bag.shape[0]) {
    throw new Error(`model ${id} gave ${attention.length} attention weights for ${bag.shape[0]} tiles`);
  }
  return { probabilities, attention };
}

// The predict_biomarkers tool: MSI / KRAS / BRAF probabilities from a slide's tile-feature bag with an attention-MIL
// ONNX model from the manifest, each result labelled with the model's validation status.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { PredictBiomarkersOutput } from '../../../common/contracts/tools/predict-biomarkers';
import { modelProblem, readManifest } from '../models';
import { defineTool, failed, ok, type ToolResult, unavailable } from '../types';
import { checkBag, isDocumentReference, loadBag, MAX_TILES, NPY_CONTENT_TYPE } from './bag';
import { DEMO_DISCLAIMER, disclaimerFor, labelFor, TARGETS } from './labels';
import { chooseModel } from './model-entry';
import { loadSession, ModelLoadError, runMil } from './session';

const Parameters = z.object({
  features: z
    .union([
      z.string().min(1),
      z.object({
        shape: z.array(z.number().int().min(0)).length(2).describe('[tiles N, features per tile D]'),
        data: z.array(z.number()).max(1_000_000).describe('N·D values, row by row (tile after tile)'),
      }),
    ])
    .describe(
      'The tile-feature bag of one H&E whole-slide image (one row of features per tile): a FHIR reference ' +
        `"DocumentReference/<id>" to a document with a NumPy .npy float32 attachment (${NPY_CONTENT_TYPE}); ` +
        'outside a workup also a local .npy file path; or inline {shape, data} for small bags. ' +
        `At most ${MAX_TILES} tiles; the width must match the model (the demo model takes 64).`
    ),
  targets: z
    .array(z.enum(TARGETS))
    .min(1)
    .optional()
    .describe(
      'Biomarkers to predict: MSI (MSI-H vs MSS), KRAS (mutated vs wild-type), BRAF (V600E vs wild-type). Default: all the model predicts.'
    ),
  modelId: z
    .string()
    .optional()
    .describe(
      'Id of a biomarker-mil model in the model manifest. Default: the first one that predicts every requested target.'
    ),
});

export type { BiomarkerPrediction, PredictBiomarkersOutput } from '../../../common/contracts/tools/predict-biomarkers';

const errorText = (err: unknown): string => (err instanceof Error ? err.message : String(err));

export const predictBiomarkersTool = defineTool({
  name: 'predict_biomarkers',
  description:
    'Predicts colorectal cancer biomarkers (MSI status, KRAS mutation, BRAF V600E) from an H&E slide that has already ' +
    'been turned into a bag of per-tile feature vectors, using an attention-based multiple-instance learning ONNX ' +
    'model. Returns a probability and a label per biomarker, the model id, version and validation status, a ' +
    'disclaimer, and the most-attended tiles. A histology prediction never replaces MMR/MSI or RAS/BRAF testing.',
  parameters: Parameters,
  async execute(args, ctx): Promise<ToolResult<PredictBiomarkersOutput>> {
    const modelsDir = ctx.config.modelsDir;
    let chosen: ReturnType<typeof chooseModel>;
    try {
      chosen = chooseModel(readManifest(modelsDir), args.targets, args.modelId);
    } catch (err) {
      return failed(errorText(err));
    }
    if (!('model' in chosen)) return chosen.status === 'error' ? failed(chosen.message) : unavailable(chosen.message);
    const { model } = chosen;
    const id = model.entry.id;

    const problem = modelProblem(modelsDir, model.entry);
    if (problem) {
      const allPresent = Object.values(model.entry.files).every((f) => existsSync(resolve(modelsDir, f)));
      return allPresent ? failed(problem) : unavailable(problem);
    }
    if (typeof args.features === 'string' && isDocumentReference(args.features) && !ctx.fhir) {
      return unavailable(`${args.features} cannot be read: no FHIR server is connected`);
    }

    const { bag, source } = await loadBag(args.features, ctx.fhir);
    const { n, d } = checkBag(bag, model.inputDim, id);

    let session: Awaited<ReturnType<typeof loadSession>>;
    try {
      session = await loadSession(resolve(modelsDir, model.file));
    } catch (err) {
      if (!(err instanceof ModelLoadError)) throw err;
      return failed(`model ${id}: ${model.file} is not a model onnxruntime can load (${err.message})`);
    }
    let output: Awaited<ReturnType<typeof runMil>>;
    try {
      output = await runMil(session, model, bag);
    } catch (err) {
      return failed(`Running model ${id} failed: ${errorText(err)}`);
    }

    const predictions = [...new Set(args.targets ?? model.targets)].map((target) => {
      const probability = Math.round(output.probabilities[model.targets.indexOf(target)] * 1e4) / 1e4;
      const threshold = model.thresholds[target] ?? 0.5;
      return { target, probability, label: labelFor(target, probability, threshold), threshold };
    });
    const topTiles = Array.from(output.attention.keys())
      .sort((a, b) => output.attention[b] - output.attention[a] || a - b)
      .slice(0, 5);
    const { validation, version } = model.entry;
    const demo = validation === 'demo-not-clinically-validated';
    return ok(
      {
        predictions,
        model: { id, version, validation },
        disclaimer: disclaimerFor(validation),
        topTiles,
        bag: { n, d },
        source,
      },
      demo ? [DEMO_DISCLAIMER] : undefined
    );
  },
});

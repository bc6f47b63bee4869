// What a caller of predict_biomarkers sees: predictions with labels and the demo disclaimer, and clear results for bad
// bags, missing, tampered or corrupt models — run through runTool as the agent runs it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodeNpy } from '../../../common/npy/npy';
import { createFhirClient } from '../../fhir/fhir-client';
import { readToolConfig } from '../config';
import { runTool, toolSpec } from '../run-tool';
import type { ToolContext } from '../types';
import { buildDemoMilModel } from './demo-model';
import { predictBiomarkersTool as tool } from './index';
import { makeSyntheticBag } from './synthetic-bag';

const ctx: ToolContext = { config: readToolConfig({}) };
const tmp = mkdtempSync(join(tmpdir(), 'predict-biomarkers-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const inline = (bag: { shape: [number, number]; data: Float32Array }) => ({
  shape: bag.shape,
  data: Array.from(bag.data),
});
const DEMO_WARNING = 'Demo model, not clinically validated: do not use for patient care.';

/** A models folder with its own manifest and one biomarker-mil entry whose file holds `bytes` (or nothing). */
function modelsDir(name: string, bytes: Uint8Array | undefined, extra: Record<string, unknown> = {}): ToolContext {
  const dir = join(tmp, name);
  mkdirSync(join(dir, 'm'), { recursive: true });
  if (bytes) writeFileSync(join(dir, 'm', 'model.onnx'), bytes);
  const entry = {
    id: name,
    kind: 'biomarker-mil',
    version: '9.9',
    files: { model: 'm/model.onnx' },
    validation: 'research-use-only',
    card: 'm/README.md',
    targets: ['MSI', 'KRAS', 'BRAF'],
    inputDim: 64,
    ...extra,
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ models: [entry] }));
  return { config: { ...ctx.config, modelsDir: dir } };
}

describe('predict_biomarkers', () => {
  it('predicts each target of a synthetic bag, labels it, and flags the demo model everywhere', async () => {
    const bag = makeSyntheticBag({ seed: 3, n: 96, d: 64, positive: { MSI: true, BRAF: true } });
    const run = await runTool(tool, { features: inline(bag) }, ctx);
    expect(run.status).toBe('ok');
    const out = run.output!;
    expect(out.predictions.map((p) => [p.target, p.label, p.threshold])).toEqual([
      ['MSI', 'MSI-H', 0.5],
      ['KRAS', 'KRAS wild-type', 0.5],
      ['BRAF', 'BRAF V600E', 0.5],
    ]);
    expect(out.predictions[0].probability).toBeGreaterThan(0.5);
    expect(out.predictions[1].probability).toBeLessThan(0.5);
    expect(out.model).toEqual({ id: 'demo-mil-crc', version: '0.1.0', validation: 'demo-not-clinically-validated' });
    expect(out.disclaimer).toBe(DEMO_WARNING);
    expect(run.warnings).toEqual([DEMO_WARNING]);
    expect(out.bag).toEqual({ n: 96, d: 64 });
    expect(out.topTiles).toHaveLength(5);
    const signal = [...(bag.signalTiles.MSI ?? []), ...(bag.signalTiles.BRAF ?? [])];
    expect(signal).toEqual(expect.arrayContaining(out.topTiles));
  });

  it('answers only the requested targets, and says why a bag does not fit the model', async () => {
    const bag = makeSyntheticBag({ seed: 4, n: 50, d: 64, positive: { KRAS: true } });
    const run = await runTool(tool, { features: inline(bag), targets: ['KRAS', 'KRAS'] }, ctx);
    expect(run.output?.predictions).toEqual([expect.objectContaining({ target: 'KRAS', label: 'KRAS mutated' })]);
    const narrow = await runTool(tool, { features: inline(makeSyntheticBag({ seed: 4, n: 50, d: 32 })) }, ctx);
    expect(narrow.status).toBe('error');
    expect(narrow.message).toMatch(/32 features per tile but model demo-mil-crc expects 64/);
    const short = await runTool(tool, { features: { shape: [2, 64], data: [1, 2, 3] } }, ctx);
    expect(short.message).toBe('Inline features: shape [2,64] needs 128 values, got 3');
    const empty = await runTool(tool, { features: { shape: [0, 64], data: [] } }, ctx);
    expect(empty.message).toBe('The feature bag holds no tiles');
  });

  it('reads a local .npy file outside a workup, refuses one inside a workup, and rejects NaN values', async () => {
    const bag = makeSyntheticBag({ seed: 8, n: 20, d: 64 });
    const path = join(tmp, 'bag.npy');
    writeFileSync(path, encodeNpy(bag.shape, bag.data));
    const run = await runTool(tool, { features: path }, ctx);
    expect(run.status).toBe('ok');
    expect(run.output?.source).toBe(basename(path));
    const fhir = createFhirClient({ baseUrl: 'http://127.0.0.1:9/fhir' });
    const refused = await runTool(tool, { features: path }, { ...ctx, fhir });
    expect(refused.message).toMatch(/Local files are not read inside a workup/);
    bag.data[5 * 64 + 7] = Number.NaN;
    writeFileSync(path, encodeNpy(bag.shape, bag.data));
    const nan = await runTool(tool, { features: path }, ctx);
    expect(nan.status).toBe('error');
    expect(nan.message).toMatch(/non-finite value .* at tile 5, feature 7/);
  });

  it('is unavailable for a FHIR reference without a FHIR server, and for targets no model predicts', async () => {
    const ref = await runTool(tool, { features: 'DocumentReference/x' }, ctx);
    expect(ref).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/no FHIR server/) });
    const only = modelsDir('msi-only', buildDemoMilModel(), { targets: ['MSI'] });
    const none = await runTool(tool, { features: 'DocumentReference/x', targets: ['KRAS'] }, only);
    expect(none).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/predicts KRAS/) });
    const unknown = await runTool(tool, { features: 'x.npy', modelId: 'nope' }, ctx);
    expect(unknown).toMatchObject({ status: 'error', message: 'No model nope in the model manifest' });
  });

  it('is unavailable when the model file is missing, an error when it is tampered with or corrupt', async () => {
    const features = inline(makeSyntheticBag({ seed: 1, n: 10, d: 64 }));
    const missing = await runTool(tool, { features }, modelsDir('missing', undefined));
    expect(missing).toMatchObject({ status: 'unavailable', message: expect.stringMatching(/m\/model.onnx is not in/) });
    const wrongSha = modelsDir('tampered', buildDemoMilModel(), { sha256: { model: '0'.repeat(64) } });
    const tampered = await runTool(tool, { features }, wrongSha);
    expect(tampered).toMatchObject({ status: 'error', message: expect.stringMatching(/does not match its sha256/) });
    const garbage = new TextEncoder().encode('this is not an onnx model at all');
    const corrupt = await runTool(tool, { features }, modelsDir('corrupt', garbage));
    expect(corrupt.status).toBe('error');
    expect(corrupt.message).toMatch(/model corrupt: m\/model.onnx is not a model onnxruntime can load/);
  });

  it('uses a replacement model with its own thresholds and validation status', async () => {
    const other = modelsDir('research', buildDemoMilModel(), { thresholds: { MSI: 0.001 } });
    const run = await runTool(tool, { features: inline(makeSyntheticBag({ seed: 2, n: 64, d: 64 })) }, other);
    expect(run.output?.predictions[0]).toMatchObject({ target: 'MSI', label: 'MSI-H', threshold: 0.001 });
    expect(run.output?.model).toEqual({ id: 'research', version: '9.9', validation: 'research-use-only' });
    expect(run.output?.disclaimer).toMatch(/Research-use-only/);
    expect(run.warnings).toBeUndefined();
  });

  it('has a JSON Schema an LLM can call it with', () => {
    const spec = toolSpec(tool) as { parameters: { properties: Record<string, { description?: string }> } };
    expect(Object.keys(spec.parameters.properties)).toEqual(['features', 'targets', 'modelId']);
    expect(spec.parameters.properties.features.description).toMatch(/DocumentReference/);
  });
});

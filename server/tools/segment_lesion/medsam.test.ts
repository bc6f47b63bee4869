// Checks the MedSAM engine's wiring with tiny hand-made ONNX models, its refusal of corrupt files, and the
// published pre/post-processing arithmetic.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { encodePng } from '../../imaging/png';
import { readToolConfig } from '../config';
import { runTool } from '../run-tool';
import { type SegmentLesionOutput, segmentLesionTool } from './index';
import { decodeRle } from './mask';
import { frameBox, maskFromLogits, modelFrame, prepareImage } from './medsam-io';
import { fakeDecoder, fakeEncoder } from './onnx-fixture';

const root = mkdtempSync(join(tmpdir(), 'medsam-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function modelsDir(name: string, encoder: Uint8Array, decoder: Uint8Array): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'medsam'), { recursive: true });
  writeFileSync(join(dir, 'medsam', 'encoder.onnx'), encoder);
  writeFileSync(join(dir, 'medsam', 'decoder.onnx'), decoder);
  const entry = {
    id: 'litemedsam-test',
    kind: 'segmentation',
    version: '0.0.1',
    inputSize: 64,
    files: { encoder: 'medsam/encoder.onnx', decoder: 'medsam/decoder.onnx' },
    validation: 'research-use-only',
    card: 'medsam/README.md',
  };
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify({ models: [entry] }));
  return dir;
}

// 100 × 60 picture: dark background, a bright disc in the box and another bright disc outside it.
const W = 100;
const H = 60;
const inDisc = (x: number, y: number): boolean => (x - 40) ** 2 + (y - 30) ** 2 <= 12 ** 2;
const rgba = new Uint8Array(W * H * 4);
for (let y = 0; y < H; y++) {
  for (let x = 0; x < W; x++) {
    const v = inDisc(x, y) || (x - 85) ** 2 + (y - 30) ** 2 <= 64 ? 200 : 30;
    rgba.set([v, v, v, 255], (y * W + x) * 4);
  }
}
const pngPath = join(root, 'discs.png');
writeFileSync(pngPath, encodePng(rgba, W, H));
const box = [24, 14, 56, 46];

describe('MedSAM engine', () => {
  it('runs encoder and decoder, maps the mask back through resize and padding, and keeps it inside the box', async () => {
    const config = readToolConfig({ ONCOAGENT_MODELS_DIR: modelsDir('ok', fakeEncoder(64), fakeDecoder(64)) });
    const result = await runTool(segmentLesionTool, { image: pngPath, box, engine: 'medsam' }, { config });
    expect(result.status, result.message).toBe('ok');
    const out = result.output as SegmentLesionOutput;
    expect(out.engine).toBe('medsam');
    expect(out.engineVersion).toBe('litemedsam-test@0.0.1');
    expect(out.model).toEqual({ id: 'litemedsam-test', version: '0.0.1', validation: 'research-use-only' });
    const mask = decodeRle(out.mask);
    let both = 0;
    let truth = 0;
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        truth += inDisc(x, y) ? 1 : 0;
        both += inDisc(x, y) && mask[y * W + x] ? 1 : 0;
        if (x < box[0] || x > box[2] || y < box[1] || y > box[3]) expect(mask[y * W + x]).toBe(0);
      }
    }
    expect((2 * both) / (truth + out.areaPx)).toBeGreaterThan(0.9);
    expect(out.longestDiameterPx).toBeGreaterThan(22);
    expect(out.longestDiameterPx).toBeLessThan(27);
    expect(result.warnings?.join(' ')).toMatch(/research-use-only/);
    expect(result.warnings?.join(' ')).toMatch(/pixels outside the box/);
  });

  it('reports a corrupt ONNX file as an error, and auto falls back to classical naming the failure', async () => {
    const garbage = Uint8Array.from({ length: 2048 }, (_, i) => (i * 31 + 7) % 256);
    const config = readToolConfig({ ONCOAGENT_MODELS_DIR: modelsDir('corrupt', garbage, garbage) });
    const medsam = await runTool(segmentLesionTool, { image: pngPath, box, engine: 'medsam' }, { config });
    expect(medsam.status).toBe('error');
    expect(medsam.message).toMatch(
      /model litemedsam-test: the encoder file medsam\/encoder\.onnx cannot be loaded as ONNX/
    );
    const auto = await runTool(segmentLesionTool, { image: pngPath, box, engine: 'auto' }, { config });
    expect(auto.status).toBe('ok');
    expect((auto.output as SegmentLesionOutput).engine).toBe('classical');
    expect(auto.warnings?.join(' ')).toMatch(/MedSAM failed \(model litemedsam-test/);
  });
});

describe('MedSAM pre- and post-processing', () => {
  it('resizes the longest side to the input size and scales the box with it', () => {
    expect(modelFrame(512, 512, 1024)).toEqual({ size: 1024, scale: 2, newWidth: 1024, newHeight: 1024 });
    const frame = modelFrame(100, 60, 256);
    expect(frame).toMatchObject({ newWidth: 256, newHeight: 154 });
    expect(frameBox([10, 20, 50, 40], frame)).toEqual([25.6, 51.2, 128, 102.4]);
  });

  it('normalises to [0, 1] and pads with zeros', () => {
    const frame = modelFrame(W, H, 64);
    const input = prepareImage(rgba, W, H, frame);
    expect(input.length).toBe(3 * 64 * 64);
    expect(Math.min(...input)).toBe(0);
    expect(Math.max(...input)).toBeCloseTo(1, 5);
    expect(input[63 * 64 + 10]).toBe(0); // a padded row
    expect(input[Math.round(30 * frame.scale) * 64 + Math.round(40 * frame.scale)]).toBeCloseTo(1, 5);
  });

  it('thresholds logits at 0, directly when the decoder already returns the image size', () => {
    const logits = Float32Array.from([-1, 2, 0, 0.5, -0.1, 3]);
    expect(Array.from(maskFromLogits(logits, 2, 3, modelFrame(3, 2, 1024), 3, 2))).toEqual([0, 1, 0, 1, 0, 1]);
  });
});

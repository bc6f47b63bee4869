// The shipped demo model must be the one the code builds, compute the documented gated-attention MIL, and respond to
// the planted synthetic signal as designed (positive bags above 0.5, negative below).
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import * as ort from 'onnxruntime-web';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_MODELS_DIR } from '../config';
import { readManifest } from '../models';
import { buildDemoMilModel, DEMO_INPUT_DIM, DEMO_MODEL_ID, DEMO_TARGETS, demoGraph } from './demo-model';
import { makeSyntheticBag } from './synthetic-bag';

ort.env.wasm.numThreads = 1;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Plain-JavaScript forward pass of the documented architecture, with the weights read back from the graph. */
function referenceForward(x: Float32Array, n: number): { p: number[]; a: number[] } {
  const w = Object.fromEntries(demoGraph().initializers.map((i) => [i.name, i]));
  const matmul = (a: ArrayLike<number>, rows: number, name: string) => {
    const [k, m] = w[name].dims;
    const b = w[name].data as Float32Array;
    const out = new Float64Array(rows * m);
    for (let r = 0; r < rows; r++)
      for (let j = 0; j < m; j++) for (let i = 0; i < k; i++) out[r * m + j] += a[r * k + i] * b[i * m + j];
    return out;
  };
  const sig = (v: number) => 1 / (1 + Math.exp(-v));
  const b1 = w.b1.data as Float32Array;
  const h = matmul(x, n, 'W1').map((v, i) => Math.max(0, v + b1[i % b1.length]));
  const hv = matmul(h, n, 'V');
  const hu = matmul(h, n, 'U');
  const scores = matmul(
    hv.map((v, i) => Math.tanh(v) * sig(hu[i])),
    n,
    'w_a'
  );
  const max = Math.max(...scores);
  const e = Array.from(scores, (s) => Math.exp(s - max));
  const a = e.map((v) => v / e.reduce((s, t) => s + t, 0));
  const width = h.length / n;
  const z = Array.from({ length: width }, (_, j) => a.reduce((s, ai, r) => s + ai * h[r * width + j], 0));
  const bOut = w.b_out.data as Float32Array;
  return { p: Array.from(matmul(z, 1, 'W_out'), (v, k) => sig(v + bOut[k])), a };
}

let session: ort.InferenceSession;
beforeAll(async () => {
  session = await ort.InferenceSession.create(buildDemoMilModel());
});

async function predict(bag: { shape: [number, number]; data: Float32Array }) {
  const r = await session.run({ features: new ort.Tensor('float32', bag.data, bag.shape) });
  return { p: Array.from(r.probabilities.data as Float32Array), a: Array.from(r.attention.data as Float32Array) };
}

describe('demo MIL model', () => {
  it('regenerates byte for byte: the shipped file and the manifest sha256 match the code', () => {
    const built = buildDemoMilModel();
    const entry = readManifest(DEFAULT_MODELS_DIR).find((m) => m.id === DEMO_MODEL_ID);
    expect(entry?.sha256?.model).toBe(sha256(built));
    expect(sha256(readFileSync(resolve(DEFAULT_MODELS_DIR, entry?.files.model ?? '')))).toBe(sha256(built));
    expect(built.length).toBeLessThan(1024 * 1024);
  });

  it('declares features [N, 64] in, probabilities and attention out', () => {
    expect(session.inputNames).toEqual(['features']);
    expect(session.outputNames).toEqual(['probabilities', 'attention']);
  });

  it('computes the gated-attention MIL forward pass the card describes', async () => {
    const bag = makeSyntheticBag({ seed: 5, n: 40, d: DEMO_INPUT_DIM, positive: { KRAS: true } });
    const got = await predict(bag);
    const want = referenceForward(bag.data, 40);
    got.p.forEach((p, k) => {
      expect(p).toBeCloseTo(want.p[k], 5);
    });
    got.a.forEach((a, i) => {
      expect(a).toBeCloseTo(want.a[i], 6);
    });
  });

  it('gives > 0.5 for each planted target and < 0.5 for the others, across seeds and bag sizes', async () => {
    const cases = Array.from({ length: 24 }, (_, i) => ({
      seed: 100 + i,
      n: [48, 96, 400][i % 3],
      positive: { MSI: i % 2 === 0, KRAS: i % 3 === 0, BRAF: i % 4 === 1 },
    }));
    for (const c of cases) {
      const { p } = await predict(makeSyntheticBag({ ...c, d: DEMO_INPUT_DIM }));
      const called = DEMO_TARGETS.map((t, k) => [t, p[k] > 0.5]);
      expect(called, JSON.stringify(c)).toEqual(DEMO_TARGETS.map((t) => [t, Boolean(c.positive[t])]));
    }
  });

  it('has attention that sums to 1 over the bag and peaks on the tiles carrying the signal', async () => {
    const bag = makeSyntheticBag({ seed: 11, n: 96, d: DEMO_INPUT_DIM, positive: { BRAF: true } });
    const { a } = await predict(bag);
    expect(a).toHaveLength(96);
    expect(a.every((v) => v > 0)).toBe(true);
    expect(a.reduce((s, v) => s + v, 0)).toBeCloseTo(1, 5);
    const top = a
      .map((v, i) => [v, i])
      .sort((x, y) => y[0] - x[0])
      .slice(0, 5)
      .map(([, i]) => i);
    expect(bag.signalTiles.BRAF).toEqual(expect.arrayContaining(top));
  });
});

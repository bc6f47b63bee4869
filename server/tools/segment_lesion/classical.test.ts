// Checks the classical engine against phantoms with known outlines, and its refusals.
import { describe, expect, it } from 'vitest';
import { decodeSlice } from '../../../common/dicom/decode';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { phantomLesionMask } from '../../sandbox/dicom/phantom-anatomy';
import { lesionBoxPx, lesionKeySlice, type PhantomLesion } from '../../sandbox/dicom/phantom-spec';
import { benchSegmentation, benchSpec } from './bench';
import { segmentClassical } from './classical';
import type { GreySlice } from './mask';

function phantom(lesion: PhantomLesion, seed = 5) {
  const spec = benchSpec(lesion, seed);
  const key = lesionKeySlice(spec, lesion);
  const dicom = decodeSlice(generatePhantomSlice(spec, key).bytes);
  const slice: GreySlice = {
    width: dicom.columns,
    height: dicom.rows,
    values: dicom.values,
    pixelSpacingMm: dicom.pixelSpacingMm,
  };
  return { slice, truth: phantomLesionMask(spec, lesion, key), box: lesionBoxPx(spec, lesion) };
}

function compare(mask: Uint8Array, truth: Uint8Array): { dice: number; areaErrorPct: number } {
  let both = 0;
  let a = 0;
  let b = 0;
  for (let i = 0; i < truth.length; i++) {
    a += truth[i];
    b += mask[i];
    both += truth[i] & mask[i];
  }
  return { dice: (2 * both) / (a + b), areaErrorPct: (Math.abs(b - a) / a) * 100 };
}

describe('segmentClassical', () => {
  it.each([
    ['small round hypodense', { centerMm: [128.3, 172.1, 10], radiiMm: [5, 5, 5], hu: 35 }],
    ['oval hypodense', { centerMm: [141.7, 185.6, 10], radiiMm: [15, 10, 10], hu: 35 }],
    ['large hypodense', { centerMm: [121.9, 190.2, 10], radiiMm: [20, 18, 20], hu: 35 }],
    ['hyperdense', { centerMm: [135.2, 176.4, 10], radiiMm: [9, 7, 8], hu: 120 }],
  ])('outlines a %s lesion with Dice ≥ 0.9 and area error ≤ 5 %%', (_, shape) => {
    const { slice, truth, box } = phantom({ id: 'l', ...shape } as PhantomLesion);
    const result = segmentClassical(slice, box);
    const { dice, areaErrorPct } = compare(result.mask, truth);
    expect(dice).toBeGreaterThanOrEqual(0.9);
    expect(areaErrorPct).toBeLessThanOrEqual(5);
    expect(result.polarity).toBe(shape.hu > 60 ? 'hyper' : 'hypo');
    expect(Math.abs(result.lesionLevel - shape.hu)).toBeLessThan(5);
    expect(Math.abs(result.backgroundLevel - 60)).toBeLessThan(5);
  });

  it('fills holes, stays inside the box and warns when the box cuts the lesion', () => {
    const width = 40;
    const values = new Float32Array(width * width).fill(100);
    for (let y = 10; y < 30; y++) for (let x = 10; x < 30; x++) values[y * width + x] = 0;
    for (let y = 18; y < 22; y++) for (let x = 18; x < 22; x++) values[y * width + x] = 100; // a 4×4 "hole"
    const count = (mask: Uint8Array): number => mask.reduce((n, v) => n + v, 0);
    const result = segmentClassical({ width, height: width, values }, [5, 5, 34, 34]);
    // The 3×3 majority vote rounds the four right-angle corners off; lesions have no such corners.
    expect(count(result.mask)).toBe(400 - 4);
    expect(result.mask[20 * width + 20]).toBe(1);
    expect(result.warnings).toEqual([]);
    const solid = values.map((v, i) =>
      i % width >= 18 && i % width < 22 && i >= 18 * width && i < 22 * width ? 0 : v
    );
    const tight = segmentClassical({ width, height: width, values: solid }, [10, 10, 29, 29]);
    expect(count(tight.mask)).toBe(400 - 4);
    expect(tight.warnings.join(' ')).toMatch(/runs along \d+ % of the box edge/);
  });

  it('refuses a box without contrast and bad boxes', () => {
    const flat: GreySlice = { width: 20, height: 20, values: new Float32Array(400).fill(40) };
    expect(() => segmentClassical(flat, [2, 2, 17, 17])).toThrow(/same level/);
    expect(() => segmentClassical(flat, [5, 5, 5, 9])).toThrow(/empty or inverted/);
    expect(() => segmentClassical(flat, [9, 9, 2, 2])).toThrow(/empty or inverted/);
    expect(() => segmentClassical(flat, [10, 10, 25, 15])).toThrow(/outside the 20×20 image/);
  });
});

describe('benchSegmentation', () => {
  it('meets the quality bar on phantoms of 8–40 mm: mean Dice ≥ 0.9, area error ≤ 5 %', async () => {
    const bench = await benchSegmentation();
    expect(bench.cases).toBeGreaterThanOrEqual(20);
    expect(bench.meanDice).toBeGreaterThanOrEqual(0.9);
    expect(bench.maxAreaErrorPct).toBeLessThanOrEqual(5);
    expect(bench.meanAreaErrorPct).toBeLessThanOrEqual(5);
    expect(bench.msPerSlice512).toBeGreaterThan(0);
  });
});

// Checks diameters on shapes whose true sizes are known, and the run-length encoding.
import { describe, expect, it } from 'vitest';
import { phantomLesionMask } from '../../sandbox/dicom/phantom-anatomy';
import type { PhantomLesion } from '../../sandbox/dicom/phantom-spec';
import { benchSpec } from './bench';
import { feretDiameters } from './feret';
import { decodeRle, encodeRle } from './mask';

function rectangle(width: number, height: number, [x1, y1, x2, y2]: number[]): Uint8Array {
  const mask = new Uint8Array(width * height);
  for (let y = y1; y <= y2; y++) for (let x = x1; x <= x2; x++) mask[y * width + x] = 1;
  return mask;
}

describe('feretDiameters', () => {
  it('measures a 20 × 10 pixel rectangle: diagonal and the chord perpendicular to it', () => {
    const d = feretDiameters(rectangle(40, 30, [10, 10, 29, 19]), 40, 30)!;
    // The edge runs through the crack midpoints, which cut each pixel corner: at most half a pixel short.
    expect(d.longest.length).toBeLessThanOrEqual(Math.hypot(20, 10));
    expect(d.longest.length).toBeGreaterThan(Math.hypot(20, 10) - 0.5);
    // Perpendicular to the diagonal, the longest chord spans the 10-pixel side: 10 / cos(atan(10/20)) = 11.18.
    expect(Math.abs(d.short.length - Math.hypot(10, 5))).toBeLessThan(0.5);
  });

  it('uses row and column spacing separately', () => {
    // 20 × 20 pixels, rows 2 mm apart, columns 1 mm: a 20 mm wide, 40 mm tall rectangle.
    const d = feretDiameters(rectangle(30, 30, [5, 5, 24, 24]), 30, 30, [2, 1])!;
    expect(d.longest.length).toBeLessThanOrEqual(Math.hypot(20, 40));
    expect(d.longest.length).toBeGreaterThan(Math.hypot(20, 40) - 1);
    // Perpendicular to the diagonal the chord spans the 20 mm side: 20 / cos(atan(20/40)) = 22.4.
    expect(Math.abs(d.short.length - Math.hypot(20, 10))).toBeLessThan(1);
  });

  it('gives 1 pixel for a single pixel and nothing for an empty mask', () => {
    const one = new Uint8Array(9);
    one[4] = 1;
    expect(feretDiameters(one, 3, 3)!.longest.length).toBeCloseTo(1, 5);
    expect(feretDiameters(new Uint8Array(9), 3, 3)).toBeUndefined();
  });

  it.each([
    [{ centerMm: [120.5, 170.3, 10], radiiMm: [15, 10, 10] }],
    [{ centerMm: [133.1, 181.7, 10], radiiMm: [12, 12, 10] }],
    [{ centerMm: [125, 165, 10], radiiMm: [20, 14, 10] }],
  ])('matches a phantom ellipse %o within 3 %', (shape) => {
    const lesion = { id: 'e', hu: 35, ...shape } as PhantomLesion;
    const spec = benchSpec(lesion, 1);
    const d = feretDiameters(phantomLesionMask(spec, lesion, 2), 512, 512, [0.78, 0.78])!;
    expect(Math.abs(d.longest.length / (2 * shape.radiiMm[0]) - 1)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(d.short.length / (2 * shape.radiiMm[1]) - 1)).toBeLessThanOrEqual(0.03);
  });
});

describe('RLE', () => {
  it('starts with a background run and round-trips', () => {
    const mask = rectangle(5, 4, [0, 0, 1, 0]);
    mask[19] = 1;
    const rle = encodeRle(mask, 5, 4);
    expect(rle.counts).toEqual([0, 2, 17, 1]);
    expect(rle.counts.reduce((a, b) => a + b, 0)).toBe(20);
    expect(decodeRle(rle)).toEqual(mask);
    expect(encodeRle(new Uint8Array(6), 3, 2).counts).toEqual([6]);
  });
});

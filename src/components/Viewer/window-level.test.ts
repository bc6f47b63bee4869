// Window/level as a clinician sees it: a value at the window's centre is mid-grey, values outside the window are
// black or white, each preset shows its tissue, and lesion outlines are painted over the grey.
import { describe, expect, it } from 'vitest';
import type { DicomSlice } from '../../../common/dicom/decode';
import { maskOutline, readMask } from './mask-outline';
import { greyLevel, OUTLINE_RGB, PRESETS, windowPixels } from './window-level';

const preset = (id: string) => PRESETS.find((p) => p.id === id)!.window;

const slice = (values: number[], photometric: DicomSlice['photometricInterpretation'] = 'MONOCHROME2'): DicomSlice => ({
  rows: 1,
  columns: values.length,
  pixelSpacingMm: [1, 1],
  rescaleSlope: 1,
  rescaleIntercept: 0,
  photometricInterpretation: photometric,
  values: Float32Array.from(values),
});

describe('window/level', () => {
  it('maps the window linearly to grey and clamps outside it', () => {
    const liver = preset('liver');
    expect(liver).toEqual({ center: 60, width: 160 });
    expect(greyLevel(60, liver)).toBe(128);
    expect(greyLevel(-20, liver)).toBe(0);
    expect(greyLevel(-500, liver)).toBe(0);
    expect(greyLevel(140, liver)).toBe(255);
    expect(greyLevel(100, liver)).toBe(191);
  });

  it('shows each tissue in its own preset: lung mid-grey in the lung window, black in the liver window', () => {
    expect(greyLevel(-600, preset('lung'))).toBe(128);
    expect(greyLevel(-600, preset('liver'))).toBe(0);
    expect(greyLevel(400, preset('bone'))).toBe(128);
    expect(greyLevel(400, preset('soft-tissue'))).toBe(255);
  });

  it('windows a slice into RGBA, inverting MONOCHROME1', () => {
    const rgba = windowPixels(slice([-20, 60, 140]), preset('liver'));
    expect([...rgba]).toEqual([0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255]);
    const inverted = windowPixels(slice([-20], 'MONOCHROME1'), preset('liver'));
    expect([...inverted.slice(0, 3)]).toEqual([255, 255, 255]);
  });

  it('paints the outline of a lesion mask over the grey', () => {
    // 5 × 4 mask with a 3 × 2 block: every block pixel touches the outside, so all six are outline.
    const mask = readMask({ width: 5, height: 4, counts: [6, 3, 2, 3, 6] })!;
    expect(maskOutline(mask)).toEqual([6, 7, 8, 11, 12, 13]);
    const s = { ...slice(new Array(20).fill(60)), rows: 4, columns: 5 };
    const rgba = windowPixels(s, preset('liver'), maskOutline(mask));
    expect([...rgba.slice(6 * 4, 6 * 4 + 3)]).toEqual([...OUTLINE_RGB]);
    expect([...rgba.slice(0, 3)]).toEqual([128, 128, 128]);
  });

  it('keeps the inside of a larger mask unpainted and ignores a mask whose runs do not fit', () => {
    const block = readMask({ width: 5, height: 5, counts: [6, 3, 2, 3, 2, 3, 6] })!;
    expect(maskOutline(block)).not.toContain(12);
    expect(maskOutline(block)).toHaveLength(8);
    expect(readMask({ width: 5, height: 5, counts: [6, 3] })).toBeUndefined();
  });
});

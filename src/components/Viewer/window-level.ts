// Window/level for the viewer, applied in the browser to the slice's rescaled values (HU for CT): a preset changes
// the picture without fetching anything again. Lesion outlines are painted on top of the windowed pixels.
import type { DicomSlice } from '../../../common/dicom/decode';

/** A display window in the slice's units (HU for CT). */
export interface Window {
  center: number;
  width: number;
}

/** The presets a clinician picks from, with the centre/width radiology uses for each tissue. */
export const PRESETS = [
  { id: 'soft-tissue', label: 'Soft tissue', window: { center: 40, width: 400 } },
  { id: 'lung', label: 'Lung', window: { center: -600, width: 1500 } },
  { id: 'liver', label: 'Liver', window: { center: 60, width: 160 } },
  { id: 'bone', label: 'Bone', window: { center: 400, width: 1800 } },
] as const satisfies readonly { id: string; label: string; window: Window }[];
export type PresetId = (typeof PRESETS)[number]['id'];

/** The RGB of lesion outlines: a yellow that stands out on grey in every preset. */
export const OUTLINE_RGB: readonly [number, number, number] = [255, 214, 0];

/**
 * The grey level (0–255) of one value under a window: linear between centre ± width/2, clamped outside.
 * @param value - The rescaled value (HU for CT).
 * @param window - Centre and width.
 * @returns The grey level, rounded.
 */
export function greyLevel(value: number, window: Window): number {
  const low = window.center - window.width / 2;
  const level = ((value - low) / Math.max(1, window.width)) * 255;
  return Math.round(Math.min(255, Math.max(0, level)));
}

/**
 * The slice's pixels under a window, full size, with outline pixels painted in {@link OUTLINE_RGB}.
 * @param slice - The decoded slice.
 * @param window - Centre and width.
 * @param outline - Indices (row × columns + column) of the outline pixels to paint, if any.
 * @returns RGBA bytes, rows × columns × 4.
 */
export function windowPixels(slice: DicomSlice, window: Window, outline?: Iterable<number>): Uint8ClampedArray {
  const { rows, columns, values } = slice;
  const rgba = new Uint8ClampedArray(rows * columns * 4);
  const invert = slice.photometricInterpretation === 'MONOCHROME1';
  for (let i = 0; i < rows * columns; i++) {
    const grey = greyLevel(values[i] ?? 0, window);
    const o = i * 4;
    rgba[o] = rgba[o + 1] = rgba[o + 2] = invert ? 255 - grey : grey;
    rgba[o + 3] = 255;
  }
  for (const i of outline ?? []) {
    if (i < 0 || i >= rows * columns) continue;
    rgba.set(OUTLINE_RGB, i * 4);
  }
  return rgba;
}

/** The slice header's own window, else soft tissue. */
export function defaultWindow(slice: DicomSlice | undefined): Window {
  return slice?.windowCenter !== undefined && slice.windowWidth !== undefined && slice.windowWidth > 0
    ? { center: slice.windowCenter, width: slice.windowWidth }
    : PRESETS[0].window;
}

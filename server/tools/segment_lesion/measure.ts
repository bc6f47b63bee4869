// Sizes of a segmented lesion in pixels and, when the image has a pixel spacing, in millimetres.
import { type Axis, feretDiameters } from './feret';
import type { GreySlice } from './mask';

export interface Measurements {
  areaPx: number;
  areaMm2?: number;
  longestDiameterMm?: number;
  shortAxisMm?: number;
  longestDiameterPx: number;
  shortAxisPx: number;
  /** [row spacing, column spacing] in mm. */
  pixelSpacingMm?: [number, number];
  /** [x, y] in pixels. */
  centroidPx: [number, number];
  /** Axes to draw (from the mm measurement when there is a spacing, since that decides the direction). */
  longAxis: Axis;
  shortAxis: Axis;
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

/**
 * Measures a mask: area, centroid, longest diameter (maximum Feret) and perpendicular short axis.
 * @param mask - width × height bytes, 1 inside.
 * @param slice - The image (size and spacing).
 * @returns The measurements (one decimal), or undefined when the mask is empty.
 */
export function measureMask(mask: Uint8Array, slice: GreySlice): Measurements | undefined {
  const { width, height, pixelSpacingMm } = slice;
  let areaPx = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    areaPx++;
    sumX += i % width;
    sumY += Math.floor(i / width);
  }
  if (areaPx === 0) return undefined;
  const px = feretDiameters(mask, width, height);
  const mm = pixelSpacingMm ? feretDiameters(mask, width, height, pixelSpacingMm) : undefined;
  if (!px) return undefined;
  const axes = mm ?? px;
  return {
    areaPx,
    ...(pixelSpacingMm && mm
      ? {
          areaMm2: round1(areaPx * pixelSpacingMm[0] * pixelSpacingMm[1]),
          longestDiameterMm: round1(mm.longest.length),
          shortAxisMm: round1(mm.short.length),
          pixelSpacingMm,
        }
      : {}),
    longestDiameterPx: round1(px.longest.length),
    shortAxisPx: round1(px.short.length),
    centroidPx: [round1(sumX / areaPx), round1(sumY / areaPx)],
    longAxis: axes.longest,
    shortAxis: axes.short,
  };
}

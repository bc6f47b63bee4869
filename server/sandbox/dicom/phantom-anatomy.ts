// Draws a phantom slice in Hounsfield units: body, organs and lesions as sharp ellipses, plus seeded noise.
import { mulberry32 } from '../../../common/random';
import { lesionSectionMm, type PhantomLesion, type PhantomSeriesSpec } from './phantom-spec';

/** One organ drawn as an ellipse in the slice plane (mm from the first pixel's centre, like lesions). */
export interface PhantomOrgan {
  name: string;
  centerMm: [number, number];
  radiiMm: [number, number];
  hu: number;
}

/** Default noise, small enough that a threshold separates liver (60 HU) from a 40 HU lesion. */
export const DEFAULT_NOISE_SD_HU = 5;

type Shape = [name: string, cx: number, cy: number, rx: number, ry: number, hu: number];

// Fractions of the field of view. Image left = patient right (radiological convention), top = anterior.
const ABDOMEN: Shape[] = [
  ['body-fat', 0.5, 0.5, 0.42, 0.32, -100],
  ['body', 0.5, 0.5, 0.395, 0.295, 40],
  ['liver', 0.34, 0.45, 0.16, 0.15, 60],
  ['spleen', 0.71, 0.44, 0.06, 0.08, 50],
  ['aorta', 0.47, 0.6, 0.022, 0.022, 45],
  ['kidney-right', 0.38, 0.63, 0.045, 0.06, 30],
  ['kidney-left', 0.62, 0.63, 0.045, 0.06, 30],
  ['vertebra', 0.5, 0.68, 0.045, 0.045, 700],
  ['spinal-canal', 0.5, 0.745, 0.018, 0.015, 10],
];
const CHEST: Shape[] = [
  ['body-fat', 0.5, 0.5, 0.44, 0.34, -100],
  ['body', 0.5, 0.5, 0.415, 0.315, 40],
  ['lung-right', 0.32, 0.47, 0.13, 0.22, -850],
  ['lung-left', 0.68, 0.47, 0.13, 0.22, -850],
  ['mediastinum', 0.5, 0.4, 0.05, 0.16, 40],
  ['heart', 0.55, 0.46, 0.11, 0.1, 40],
  ['aorta', 0.45, 0.62, 0.025, 0.025, 45],
  ['sternum', 0.5, 0.19, 0.03, 0.012, 400],
  ['vertebra', 0.5, 0.72, 0.045, 0.045, 700],
  ['spinal-canal', 0.5, 0.785, 0.018, 0.015, 10],
];

/**
 * The organs of a series, painted in order (later ones cover earlier ones), so lesions can be placed inside them.
 * @param spec - The series.
 * @returns Organs in mm; the same for every slice.
 */
export function phantomOrgans(spec: PhantomSeriesSpec): PhantomOrgan[] {
  const w = (spec.columns - 1) * spec.pixelSpacingMm;
  const h = (spec.rows - 1) * spec.pixelSpacingMm;
  return (spec.region === 'chest' ? CHEST : ABDOMEN).map(([name, cx, cy, rx, ry, hu]) => ({
    name,
    centerMm: [cx * w, cy * h],
    radiiMm: [rx * w, ry * h],
    hu,
  }));
}

/** Calls `visit(offset)` for each pixel whose centre lies inside the ellipse (pixel j's centre is at j·spacing mm). */
function forEachInEllipse(
  spec: PhantomSeriesSpec,
  [cx, cy]: [number, number],
  [rx, ry]: [number, number],
  visit: (offset: number) => void
): void {
  if (rx <= 0 || ry <= 0) return;
  const ps = spec.pixelSpacingMm;
  const y0 = Math.max(0, Math.ceil((cy - ry) / ps));
  const y1 = Math.min(spec.rows - 1, Math.floor((cy + ry) / ps));
  for (let y = y0; y <= y1; y++) {
    const dy = (y * ps - cy) / ry;
    const half = rx * Math.sqrt(Math.max(0, 1 - dy * dy));
    const x0 = Math.max(0, Math.ceil((cx - half) / ps));
    const x1 = Math.min(spec.columns - 1, Math.floor((cx + half) / ps));
    for (let x = x0; x <= x1; x++) visit(y * spec.columns + x);
  }
}

/**
 * The ground-truth mask of a lesion on one slice (1 inside, 0 outside), for checking segmentations.
 * @param spec - The series.
 * @param lesion - The lesion.
 * @param index - Slice index (0-based).
 * @returns rows × columns bytes.
 */
export function phantomLesionMask(spec: PhantomSeriesSpec, lesion: PhantomLesion, index: number): Uint8Array {
  const mask = new Uint8Array(spec.rows * spec.columns);
  const centre: [number, number] = [lesion.centerMm[0], lesion.centerMm[1]];
  forEachInEllipse(spec, centre, lesionSectionMm(spec, lesion, index), (o) => {
    mask[o] = 1;
  });
  return mask;
}

/**
 * Renders one slice in HU (integers): air, body, organs, lesions, then Gaussian noise seeded per slice.
 * @param spec - The series.
 * @param index - Slice index (0-based).
 * @param noiseSdHu - Noise standard deviation in HU (0 for a clean image).
 * @returns rows × columns HU values, row-major.
 */
export function renderPhantomSliceHu(
  spec: PhantomSeriesSpec,
  index: number,
  noiseSdHu = DEFAULT_NOISE_SD_HU
): Int16Array {
  const hu = new Int16Array(spec.rows * spec.columns).fill(-1000);
  for (const organ of phantomOrgans(spec)) {
    forEachInEllipse(spec, organ.centerMm, organ.radiiMm, (o) => {
      hu[o] = organ.hu;
    });
  }
  for (const lesion of spec.lesions) {
    const centre: [number, number] = [lesion.centerMm[0], lesion.centerMm[1]];
    forEachInEllipse(spec, centre, lesionSectionMm(spec, lesion, index), (o) => {
      hu[o] = lesion.hu;
    });
  }
  if (noiseSdHu > 0) {
    const random = mulberry32((spec.seed + Math.imul(index + 1, 0x9e3779b9)) >>> 0);
    for (let i = 0; i < hu.length; i += 2) {
      // Box-Muller gives two independent normal samples per pair of uniforms.
      const r = noiseSdHu * Math.sqrt(-2 * Math.log(1 - random()));
      const theta = 2 * Math.PI * random();
      hu[i] += Math.round(r * Math.cos(theta));
      if (i + 1 < hu.length) hu[i + 1] += Math.round(r * Math.sin(theta));
    }
  }
  return hu;
}

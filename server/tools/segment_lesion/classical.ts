// The offline segmentation engine: a threshold halfway between the box centre's level and its border's, then the
// connected region under the centre, holes filled. Fast, deterministic, and good on well-contrasted focal lesions.
import { type Box, boxProblem, componentAt, fillHoles, type GreySlice } from './mask';

export const CLASSICAL_VERSION = 'classical-threshold-1.0';

/** What the classical engine found, with the levels it used so a reader can judge the contrast. */
export interface ClassicalResult {
  /** width × height bytes, 1 inside the lesion. */
  mask: Uint8Array;
  /** Median (smoothed) value of the box's inner core and of its border ring, and the threshold between them. */
  lesionLevel: number;
  backgroundLevel: number;
  threshold: number;
  /** `hypo`: lesion darker than its surroundings (most liver metastases); `hyper`: brighter. */
  polarity: 'hypo' | 'hyper';
  /** Noise estimate (SD) of the raw border values. */
  noiseSd: number;
  warnings: string[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** 3×3 mean of the image over `region` (clamped at the image edge): noise drops threefold, a step edge stays put. */
function smooth(slice: GreySlice, region: Box): Float32Array {
  const { width, height, values } = slice;
  const out = new Float32Array(width * height);
  const [x1, y1, x2, y2] = region;
  for (let y = y1; y <= y2; y++) {
    for (let x = x1; x <= x2; x++) {
      let sum = 0;
      for (let dy = -1; dy <= 1; dy++) {
        const yy = Math.min(height - 1, Math.max(0, y + dy)) * width;
        for (let dx = -1; dx <= 1; dx++) sum += values[yy + Math.min(width - 1, Math.max(0, x + dx))];
      }
      out[y * width + x] = sum / 9;
    }
  }
  return out;
}

/** Pixels of the box's inner core (an ellipse of 30 % of its half-size) and of a ring straddling its edge. */
function sampleRegions(slice: GreySlice, box: Box, smoothed: Float32Array) {
  const { width, height, values } = slice;
  const [x1, y1, x2, y2] = box;
  const cx = (x1 + x2) / 2;
  const cy = (y1 + y2) / 2;
  const hw = (x2 - x1 + 1) / 2;
  const hh = (y2 - y1 + 1) / 2;
  const ring = Math.max(1, Math.round(0.08 * Math.min(x2 - x1 + 1, y2 - y1 + 1)));
  const core: { o: number; d: number }[] = [];
  const border: number[] = [];
  const borderRaw: number[] = [];
  for (let y = Math.max(0, y1 - ring); y <= Math.min(height - 1, y2 + ring); y++) {
    for (let x = Math.max(0, x1 - ring); x <= Math.min(width - 1, x2 + ring); x++) {
      const o = y * width + x;
      const edgeDistance = Math.min(x - x1, x2 - x, y - y1, y2 - y);
      if (edgeDistance < ring) {
        border.push(smoothed[o]);
        borderRaw.push(values[o]);
      }
      const d = ((x - cx) / hw) ** 2 + ((y - cy) / hh) ** 2;
      if (d <= 0.09) core.push({ o, d });
    }
  }
  if (core.length === 0) core.push({ o: Math.round(cy) * width + Math.round(cx), d: 0 });
  return { core, border, borderRaw };
}

/**
 * Segments the lesion inside a box on one slice, without any model.
 * @param slice - The image (HU for CT).
 * @param box - [x1, y1, x2, y2] inclusive pixel box drawn around the lesion.
 * @returns The mask and the levels used; throws an Error when the box is unusable or holds no contrast.
 */
export function segmentClassical(slice: GreySlice, box: Box): ClassicalResult {
  const problem = boxProblem(box, slice.width, slice.height);
  if (problem) throw new Error(problem);
  const { width, height } = slice;
  const [x1, y1, x2, y2] = box;
  const region: Box = [
    Math.max(0, x1 - 3),
    Math.max(0, y1 - 3),
    Math.min(width - 1, x2 + 3),
    Math.min(height - 1, y2 + 3),
  ];
  const smoothed = smooth(slice, region);
  const { core, border, borderRaw } = sampleRegions(slice, box, smoothed);
  const lesionLevel = median(core.map((c) => smoothed[c.o]));
  const backgroundLevel = median(border);
  const rawMedian = median(borderRaw);
  const noiseSd = 1.4826 * median(borderRaw.map((v) => Math.abs(v - rawMedian)));
  const contrast = lesionLevel - backgroundLevel;
  if (contrast === 0) throw new Error('the centre of the box has the same level as its border: nothing to separate');
  const warnings: string[] = [];
  if (Math.abs(contrast) < 2 * noiseSd) {
    warnings.push(
      `low contrast: lesion ${lesionLevel.toFixed(0)} vs surroundings ${backgroundLevel.toFixed(0)} with noise SD ${noiseSd.toFixed(0)}; the outline is unreliable`
    );
  }
  const sign = Math.sign(contrast);
  const threshold = (lesionLevel + backgroundLevel) / 2;
  // Smoothing shrinks small convex lesions by a fraction of a pixel all round; with clear contrast the raw values
  // are classified instead and the majority vote below removes the isolated noise pixels.
  const levels = Math.abs(contrast) >= 4 * noiseSd ? slice.values : smoothed;
  const candidate = new Uint8Array(width * height);
  for (let y = y1; y <= y2; y++) {
    for (let o = y * width + x1; o <= y * width + x2; o++) candidate[o] = sign * (levels[o] - threshold) > 0 ? 1 : 0;
  }
  majorityFilter(candidate, width, box);
  // The region under the box centre; when the centre itself falls outside, the candidate core pixel nearest to it.
  const seed = core.filter((c) => candidate[c.o]).sort((a, b) => a.d - b.d)[0];
  if (!seed)
    throw new Error('no pixel near the box centre differs from the box border: is the box centred on the lesion?');
  const mask = componentAt(candidate, width, box, seed.o);
  fillHoles(mask, width, box);
  const touching = edgeContact(mask, width, box);
  if (touching > 0.25) {
    warnings.push(
      `the outline runs along ${Math.round(touching * 100)} % of the box edge: the box may be too tight, or the lesion merges with tissue of similar density`
    );
  }
  return { mask, lesionLevel, backgroundLevel, threshold, polarity: sign < 0 ? 'hypo' : 'hyper', noiseSd, warnings };
}

/**
 * One pass of a 3×3 majority vote inside the box: noise leaves single-pixel spurs and notches on a thresholded edge,
 * which would add a pixel to a diameter; a smooth edge survives unchanged.
 */
function majorityFilter(mask: Uint8Array, width: number, box: Box): void {
  const [x1, y1, x2, y2] = box;
  const source = mask.slice();
  const at = (x: number, y: number): number => (x < x1 || x > x2 || y < y1 || y > y2 ? 0 : source[y * width + x]);
  for (let y = y1; y <= y2; y++) {
    for (let x = x1; x <= x2; x++) {
      let votes = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) votes += at(x + dx, y + dy);
      mask[y * width + x] = votes >= 5 ? 1 : 0;
    }
  }
}

/** Fraction of the box's edge pixels that the mask covers: a lesion cut by its box, or a leak, shows up here. */
export function edgeContact(mask: Uint8Array, width: number, box: Box): number {
  const [x1, y1, x2, y2] = box;
  let covered = 0;
  let total = 0;
  for (let x = x1; x <= x2; x++) {
    covered += mask[y1 * width + x] + mask[y2 * width + x];
    total += 2;
  }
  for (let y = y1 + 1; y < y2; y++) {
    covered += mask[y * width + x1] + mask[y * width + x2];
    total += 2;
  }
  return covered / total;
}

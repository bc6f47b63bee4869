// Binary-mask plumbing shared by both engines: the slice and box types, box checks, connected components, hole
// filling and the run-length encoding the tool returns.

/** A single-channel image: rescaled values (HU for CT, luminance 0–255 for PNG), row-major. */
export interface GreySlice {
  width: number;
  height: number;
  values: Float32Array;
  /** [row spacing, column spacing] in mm, when the source says so. */
  pixelSpacingMm?: [number, number];
}

/** [x1, y1, x2, y2] in pixels, inclusive: columns x1…x2 and rows y1…y2 belong to the box. */
export type Box = [number, number, number, number];

/** Smallest box side the engines accept: below this there is no border to compare the centre against. */
export const MIN_BOX_SIDE = 3;

/**
 * Explains why a box cannot be used on an image of this size, or returns undefined when it can.
 * @param box - The box.
 * @param width - Image columns.
 * @param height - Image rows.
 */
export function boxProblem(box: Box, width: number, height: number): string | undefined {
  const [x1, y1, x2, y2] = box;
  if (![x1, y1, x2, y2].every(Number.isInteger))
    return `box ${JSON.stringify(box)} must hold integer pixel coordinates`;
  if (x2 <= x1 || y2 <= y1) return `box ${JSON.stringify(box)} is empty or inverted: it needs x2 > x1 and y2 > y1`;
  if (x1 < 0 || y1 < 0 || x2 >= width || y2 >= height) {
    return `box ${JSON.stringify(box)} lies (partly) outside the ${width}×${height} image: x must be 0…${width - 1}, y 0…${height - 1}`;
  }
  if (x2 - x1 + 1 < MIN_BOX_SIDE || y2 - y1 + 1 < MIN_BOX_SIDE) {
    return `box ${JSON.stringify(box)} is smaller than ${MIN_BOX_SIDE}×${MIN_BOX_SIDE} pixels`;
  }
  return undefined;
}

/**
 * The 4-connected component of `mask` that contains `seed`, limited to the box.
 * @param mask - 1 = candidate pixel, full image.
 * @param width - Image columns.
 * @param box - Region to search.
 * @param seed - Offset (y·width + x) of a candidate pixel.
 * @returns A full-size mask of the component.
 */
export function componentAt(mask: Uint8Array, width: number, box: Box, seed: number): Uint8Array {
  const [x1, y1, x2, y2] = box;
  const out = new Uint8Array(mask.length);
  if (!mask[seed]) return out;
  const stack = [seed];
  out[seed] = 1;
  while (stack.length > 0) {
    const o = stack.pop()!;
    const x = o % width;
    const y = (o - x) / width;
    const visit = (n: number): void => {
      if (mask[n] && !out[n]) {
        out[n] = 1;
        stack.push(n);
      }
    };
    if (x > x1) visit(o - 1);
    if (x < x2) visit(o + 1);
    if (y > y1) visit(o - width);
    if (y < y2) visit(o + width);
  }
  return out;
}

/**
 * The largest 4-connected component of `mask` inside the box (ties: the first found), or an empty mask.
 * @param mask - Full-image binary mask.
 * @param width - Image columns.
 * @param box - Region to search.
 */
export function largestComponent(mask: Uint8Array, width: number, box: Box): Uint8Array {
  const [x1, y1, x2, y2] = box;
  const label = new Int32Array(mask.length);
  let bestLabel = 0;
  let bestSize = 0;
  let next = 0;
  const stack: number[] = [];
  for (let y = y1; y <= y2; y++) {
    for (let x = x1; x <= x2; x++) {
      const start = y * width + x;
      if (!mask[start] || label[start]) continue;
      next++;
      let size = 0;
      label[start] = next;
      stack.push(start);
      while (stack.length > 0) {
        const o = stack.pop()!;
        size++;
        const ox = o % width;
        const oy = (o - ox) / width;
        for (const n of [
          ox > x1 ? o - 1 : -1,
          ox < x2 ? o + 1 : -1,
          oy > y1 ? o - width : -1,
          oy < y2 ? o + width : -1,
        ]) {
          if (n >= 0 && mask[n] && !label[n]) {
            label[n] = next;
            stack.push(n);
          }
        }
      }
      if (size > bestSize) {
        bestSize = size;
        bestLabel = next;
      }
    }
  }
  const out = new Uint8Array(mask.length);
  if (bestLabel === 0) return out;
  for (let i = 0; i < label.length; i++) if (label[i] === bestLabel) out[i] = 1;
  return out;
}

/**
 * Fills holes: background pixels of the box that cannot reach the box edge through background become foreground.
 * @param mask - Full-image binary mask, changed in place.
 * @param width - Image columns.
 * @param box - Region treated as the whole world.
 */
export function fillHoles(mask: Uint8Array, width: number, box: Box): void {
  const [x1, y1, x2, y2] = box;
  const outside = new Uint8Array(mask.length);
  const stack: number[] = [];
  const seed = (o: number): void => {
    if (!mask[o] && !outside[o]) {
      outside[o] = 1;
      stack.push(o);
    }
  };
  for (let x = x1; x <= x2; x++) {
    seed(y1 * width + x);
    seed(y2 * width + x);
  }
  for (let y = y1; y <= y2; y++) {
    seed(y * width + x1);
    seed(y * width + x2);
  }
  while (stack.length > 0) {
    const o = stack.pop()!;
    const x = o % width;
    const y = (o - x) / width;
    if (x > x1) seed(o - 1);
    if (x < x2) seed(o + 1);
    if (y > y1) seed(o - width);
    if (y < y2) seed(o + width);
  }
  for (let y = y1; y <= y2; y++) {
    for (let o = y * width + x1; o <= y * width + x2; o++) if (!outside[o]) mask[o] = 1;
  }
}

/** A mask as alternating run lengths, row-major, the first run being background (possibly 0 long). */
export interface RleMask {
  encoding: 'rle-row-major';
  width: number;
  height: number;
  counts: number[];
}

/**
 * Run-length encodes a mask.
 * @param mask - width × height bytes, non-zero = inside.
 * @param width - Columns.
 * @param height - Rows.
 */
export function encodeRle(mask: Uint8Array, width: number, height: number): RleMask {
  const counts: number[] = [];
  let current = 0;
  let run = 0;
  for (let i = 0; i < width * height; i++) {
    const v = mask[i] ? 1 : 0;
    if (v !== current) {
      counts.push(run);
      current = v;
      run = 0;
    }
    run++;
  }
  counts.push(run);
  return { encoding: 'rle-row-major', width, height, counts };
}

/** Decodes {@link encodeRle} output back to width × height bytes (1 inside). */
export function decodeRle(rle: RleMask): Uint8Array {
  const mask = new Uint8Array(rle.width * rle.height);
  let at = 0;
  rle.counts.forEach((run, i) => {
    if (i % 2 === 1) mask.fill(1, at, at + run);
    at += run;
  });
  return mask;
}

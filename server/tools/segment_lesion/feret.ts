// RECIST-style sizes of a mask: the longest diameter (maximum Feret) and the longest chord perpendicular to it.
//
// Convention: the lesion edge lies halfway between the last pixel centre inside and the first outside, so a run of
// n pixels measures n pixel lengths (not n − 1). Coordinates are pixel centres; sizes are in the units of `spacing`.

/** A measured axis: length and its two end points in pixel coordinates (x = column, y = row). */
export interface Axis {
  length: number;
  from: [number, number];
  to: [number, number];
}

export interface FeretDiameters {
  longest: Axis;
  /** Longest chord inside the mask perpendicular to `longest` (RECIST short axis). */
  short: Axis;
}

type Point = [number, number];

/** Midpoints of the edges between mask pixels and outside pixels (the "cracks"), in mm. */
function boundaryPoints(mask: Uint8Array, width: number, height: number, sx: number, sy: number): Point[] {
  const points: Point[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = y * width + x;
      if (!mask[o]) continue;
      if (x === 0 || !mask[o - 1]) points.push([(x - 0.5) * sx, y * sy]);
      if (x === width - 1 || !mask[o + 1]) points.push([(x + 0.5) * sx, y * sy]);
      if (y === 0 || !mask[o - width]) points.push([x * sx, (y - 0.5) * sy]);
      if (y === height - 1 || !mask[o + width]) points.push([x * sx, (y + 0.5) * sy]);
    }
  }
  return points;
}

/** Convex hull by Andrew's monotone chain. */
function convexHull(points: Point[]): Point[] {
  const sorted = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (sorted.length < 3) return sorted;
  const cross = (o: Point, a: Point, b: Point): number => (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const half = (list: Point[]): Point[] => {
    const chain: Point[] = [];
    for (const p of list) {
      while (chain.length >= 2 && cross(chain[chain.length - 2], chain[chain.length - 1], p) <= 0) chain.pop();
      chain.push(p);
    }
    chain.pop();
    return chain;
  };
  return [...half(sorted), ...half(sorted.reverse())];
}

/**
 * Longest diameter and perpendicular short axis of a mask.
 * @param mask - width × height bytes, non-zero inside; should hold one lesion.
 * @param width - Columns.
 * @param height - Rows.
 * @param spacing - [row spacing, column spacing] (mm); default [1, 1] gives pixels.
 * @returns Both axes, or undefined for an empty mask.
 */
export function feretDiameters(
  mask: Uint8Array,
  width: number,
  height: number,
  spacing: [number, number] = [1, 1]
): FeretDiameters | undefined {
  const [sy, sx] = spacing;
  const hull = convexHull(boundaryPoints(mask, width, height, sx, sy));
  if (hull.length === 0) return undefined;
  let best = -1;
  let a: Point = hull[0];
  let b: Point = hull[0];
  for (let i = 0; i < hull.length; i++) {
    for (let j = i + 1; j < hull.length; j++) {
      const d = (hull[i][0] - hull[j][0]) ** 2 + (hull[i][1] - hull[j][1]) ** 2;
      if (d > best) {
        best = d;
        a = hull[i];
        b = hull[j];
      }
    }
  }
  const toPx = (p: Point): [number, number] => [p[0] / sx, p[1] / sy];
  const longest: Axis = { length: Math.sqrt(best), from: toPx(a), to: toPx(b) };
  return { longest, short: shortAxis(mask, width, height, sx, sy, hull, axisDirection(hull, a, b, Math.min(sx, sy))) };
}

/**
 * The long axis direction: the mean orientation of the hull pairs within half a pixel of the maximum and within
 * 20° of it. A staircase edge gives tied diagonals across the flat ends of an ellipse; picking one of them would
 * tilt the perpendicular short axis by several degrees and lengthen it. Distinct diameters (a rectangle's two
 * diagonals) lie further apart and are left alone.
 */
function axisDirection(hull: Point[], a: Point, b: Point, pixel: number): Point {
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
  const limit = (len - pixel / 2) ** 2;
  // Doubled angles average orientations, so a pair and its reverse count the same.
  const c0 = ((b[0] - a[0]) ** 2 - (b[1] - a[1]) ** 2) / len ** 2;
  const s0 = (2 * (b[0] - a[0]) * (b[1] - a[1])) / len ** 2;
  const near = Math.cos((40 * Math.PI) / 180);
  let c = 0;
  let s = 0;
  for (let i = 0; i < hull.length; i++) {
    for (let j = i + 1; j < hull.length; j++) {
      const dx = hull[j][0] - hull[i][0];
      const dy = hull[j][1] - hull[i][1];
      const d2 = dx * dx + dy * dy;
      if (d2 < limit) continue;
      const c2 = (dx * dx - dy * dy) / d2;
      const s2 = (2 * dx * dy) / d2;
      if (c2 * c0 + s2 * s0 < near) continue;
      c += c2;
      s += s2;
    }
  }
  const angle = Math.atan2(s, c) / 2;
  return [Math.cos(angle), Math.sin(angle)];
}

/** Scans lines perpendicular to the long axis (half a pixel apart) and keeps the longest run inside the mask. */
function shortAxis(
  mask: Uint8Array,
  width: number,
  height: number,
  sx: number,
  sy: number,
  hull: Point[],
  u: Point
): Axis {
  const v: Point = [-u[1], u[0]];
  const along = hull.map((p) => p[0] * u[0] + p[1] * u[1]);
  const across = hull.map((p) => p[0] * v[0] + p[1] * v[1]);
  const [sMin, sMax] = [Math.min(...along), Math.max(...along)];
  const [tMin, tMax] = [Math.min(...across), Math.max(...across)];
  const pixel = Math.min(sx, sy);
  const sStep = pixel / 2;
  const tStep = pixel / 4;
  const at = (x: number, y: number): number =>
    x >= 0 && y >= 0 && x < width && y < height && mask[y * width + x] !== 0 ? 1 : 0;
  // Bilinear interpolation of the 0/1 mask, cut at ½: the edge passes through the crack midpoints and cuts pixel
  // corners, so a line crossing the staircase at a slant gains no spurious length.
  const inside = (X: number, Y: number): boolean => {
    const x = X / sx;
    const y = Y / sy;
    const x0 = Math.floor(x);
    const y0 = Math.floor(y);
    const fx = x - x0;
    const fy = y - y0;
    const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
    const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
    return top * (1 - fy) + bottom * fy >= 0.5;
  };
  let best: Axis = { length: 0, from: [0, 0], to: [0, 0] };
  for (let s = sMin + sStep / 2; s < sMax; s += sStep) {
    let runStart: number | undefined;
    for (let t = tMin + tStep / 2; t < tMax + tStep; t += tStep) {
      const X = s * u[0] + t * v[0];
      const Y = s * u[1] + t * v[1];
      if (t < tMax && inside(X, Y)) {
        runStart ??= t;
        continue;
      }
      if (runStart !== undefined) {
        // Each sample stands for tStep of line, so a run from t0 to t1 spans t1 − t0 + tStep.
        const start = runStart - tStep / 2;
        const end = t - tStep / 2;
        if (end - start > best.length) {
          const p = (q: number): [number, number] => [(s * u[0] + q * v[0]) / sx, (s * u[1] + q * v[1]) / sy];
          best = { length: end - start, from: p(start), to: p(end) };
        }
        runStart = undefined;
      }
    }
  }
  return best;
}

// The outline of a segment_lesion mask (run-length encoded, row-major over the whole slice): the mask pixels with a
// neighbour outside the mask, which the viewer paints over the slice.

/** The mask as segment_lesion returns it. */
export interface RleMask {
  width: number;
  height: number;
  /** Alternating runs, starting with pixels outside the mask. */
  counts: number[];
}

/**
 * Reads a mask field without trusting it: a mask whose runs do not add up to width × height is ignored.
 * @param value - The `mask` of a segment_lesion output.
 * @returns The mask, or undefined.
 */
export function readMask(value: unknown): RleMask | undefined {
  const m = value as Partial<RleMask> | null | undefined;
  if (!m || !Number.isInteger(m.width) || !Number.isInteger(m.height) || !Array.isArray(m.counts)) return undefined;
  const { width, height, counts } = m as RleMask;
  if (width <= 0 || height <= 0 || width * height > 5120 * 5120) return undefined;
  if (!counts.every((c) => Number.isInteger(c) && c >= 0)) return undefined;
  return counts.reduce((a, b) => a + b, 0) === width * height ? { width, height, counts } : undefined;
}

/**
 * The outline pixels of a mask.
 * @param mask - The run-length encoded mask.
 * @returns Pixel indices (row × width + column) of mask pixels touching a pixel outside it (4-neighbourhood).
 */
export function maskOutline(mask: RleMask): number[] {
  const { width, height } = mask;
  const inside = new Uint8Array(width * height);
  let at = 0;
  mask.counts.forEach((run, i) => {
    if (i % 2 === 1) inside.fill(1, at, at + run);
    at += run;
  });
  const out: number[] = [];
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (!inside[i]) continue;
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === height - 1 ||
        !inside[i - 1] ||
        !inside[i + 1] ||
        !inside[i - width] ||
        !inside[i + width];
      if (edge) out.push(i);
    }
  }
  return out;
}

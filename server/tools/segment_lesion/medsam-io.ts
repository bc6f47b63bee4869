// MedSAM's published pre- and post-processing as pure functions: resize the longest side to the model's input size,
// scale to [0, 1], pad bottom/right, move the box into that frame; map the decoder's logits back to the image.
import type { Box } from './mask';

/** How the image sits in the model's square input. */
export interface ModelFrame {
  /** Side of the square input (1024 for MedSAM ViT-B, 256 for LiteMedSAM). */
  size: number;
  /** Model pixels per image pixel. */
  scale: number;
  /** The resized image before padding. */
  newWidth: number;
  newHeight: number;
}

/** The frame of an image of this size for a model of input side `size`. */
export function modelFrame(width: number, height: number, size: number): ModelFrame {
  const scale = size / Math.max(width, height);
  return {
    size,
    scale,
    newWidth: Math.min(size, Math.floor(width * scale + 0.5)),
    newHeight: Math.min(size, Math.floor(height * scale + 0.5)),
  };
}

/** Samples channel `c` of an RGBA image at (x, y) in pixel-centre coordinates, bilinearly, clamped at the edges. */
function bilinear(rgba: Uint8Array, width: number, height: number, x: number, y: number, c: number): number {
  const cx = Math.min(width - 1, Math.max(0, x));
  const cy = Math.min(height - 1, Math.max(0, y));
  const x0 = Math.floor(cx);
  const y0 = Math.floor(cy);
  const x1 = Math.min(width - 1, x0 + 1);
  const y1 = Math.min(height - 1, y0 + 1);
  const fx = cx - x0;
  const fy = cy - y0;
  const v = (xx: number, yy: number): number => rgba[(yy * width + xx) * 4 + c];
  return (v(x0, y0) * (1 - fx) + v(x1, y0) * fx) * (1 - fy) + (v(x0, y1) * (1 - fx) + v(x1, y1) * fx) * fy;
}

/** Mean of channel `c` over the image pixels whose centres fall in model pixel (ox, oy): area resampling when shrinking. */
function areaMean(
  rgba: Uint8Array,
  width: number,
  height: number,
  frame: ModelFrame,
  ox: number,
  oy: number,
  c: number
): number {
  const xs = Math.floor(ox / frame.scale);
  const xe = Math.max(xs + 1, Math.min(width, Math.ceil((ox + 1) / frame.scale)));
  const ys = Math.floor(oy / frame.scale);
  const ye = Math.max(ys + 1, Math.min(height, Math.ceil((oy + 1) / frame.scale)));
  let sum = 0;
  for (let y = ys; y < ye; y++) for (let x = xs; x < xe; x++) sum += rgba[(y * width + x) * 4 + c];
  return sum / ((xe - xs) * (ye - ys));
}

/**
 * The encoder input: RGB resized into the frame, min–max scaled to [0, 1], zero-padded, channels first.
 * @param rgba - The windowed picture (width × height RGBA).
 * @param width - Columns.
 * @param height - Rows.
 * @param frame - From {@link modelFrame}.
 * @returns 3 × size × size floats.
 */
export function prepareImage(rgba: Uint8Array, width: number, height: number, frame: ModelFrame): Float32Array {
  const { size, newWidth, newHeight, scale } = frame;
  const plane = size * size;
  const out = new Float32Array(3 * plane);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let c = 0; c < 3; c++) {
    for (let oy = 0; oy < newHeight; oy++) {
      for (let ox = 0; ox < newWidth; ox++) {
        const v =
          scale < 1
            ? areaMean(rgba, width, height, frame, ox, oy, c)
            : bilinear(rgba, width, height, (ox + 0.5) / scale - 0.5, (oy + 0.5) / scale - 0.5, c);
        out[c * plane + oy * size + ox] = v;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
  }
  const range = Math.max(max - min, 1e-8);
  for (let c = 0; c < 3; c++) {
    for (let oy = 0; oy < newHeight; oy++) {
      for (let ox = 0; ox < newWidth; ox++) {
        const o = c * plane + oy * size + ox;
        out[o] = (out[o] - min) / range;
      }
    }
  }
  return out;
}

/** The box in model coordinates, as MedSAM's scripts compute it (corner coordinates times the scale). */
export function frameBox(box: Box, frame: ModelFrame): [number, number, number, number] {
  return [box[0] * frame.scale, box[1] * frame.scale, box[2] * frame.scale, box[3] * frame.scale];
}

/**
 * Thresholds decoder logits at 0 on the image grid.
 * @param logits - One mask plane, rows × cols (row-major).
 * @param rows - Plane height.
 * @param cols - Plane width.
 * @param frame - The model frame (the plane covers the padded square unless it already has the image's size).
 * @param width - Image columns.
 * @param height - Image rows.
 * @returns width × height bytes, 1 where the logit is positive.
 */
export function maskFromLogits(
  logits: Float32Array,
  rows: number,
  cols: number,
  frame: ModelFrame,
  width: number,
  height: number
): Uint8Array {
  const mask = new Uint8Array(width * height);
  if (rows === height && cols === width) {
    for (let i = 0; i < mask.length; i++) mask[i] = logits[i] > 0 ? 1 : 0;
    return mask;
  }
  const ratioX = cols / frame.size;
  const ratioY = rows / frame.size;
  const at = (x: number, y: number): number => logits[y * cols + x];
  for (let y = 0; y < height; y++) {
    const py = Math.min(rows - 1, Math.max(0, (y + 0.5) * frame.scale * ratioY - 0.5));
    const y0 = Math.floor(py);
    const y1 = Math.min(rows - 1, y0 + 1);
    const fy = py - y0;
    for (let x = 0; x < width; x++) {
      const px = Math.min(cols - 1, Math.max(0, (x + 0.5) * frame.scale * ratioX - 0.5));
      const x0 = Math.floor(px);
      const x1 = Math.min(cols - 1, x0 + 1);
      const fx = px - x0;
      const v = (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) + (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
      mask[y * width + x] = v > 0 ? 1 : 0;
    }
  }
  return mask;
}

// Draws what the tool measured onto the image, so a clinician can check the outline and the two diameters at a glance.
import { encodePng } from '../../imaging/png';
import type { Axis } from './feret';
import type { Box } from './mask';

export interface OverlayInput {
  /** The picture (width × height RGBA). */
  rgba: Uint8Array;
  width: number;
  height: number;
  mask: Uint8Array;
  box: Box;
  longAxis?: Axis;
  shortAxis?: Axis;
  /** `region`: a crop around the box, enlarged to at least 256 px; `full`: the whole slice. */
  extent: 'region' | 'full';
}

export interface Overlay {
  png: Buffer;
  /** The drawn part of the image, [x1, y1, x2, y2] inclusive, in image pixels. */
  region: Box;
  /** Output pixels per image pixel. */
  scale: number;
}

type Rgb = [number, number, number];
const FILL: Rgb = [255, 60, 60];
const OUTLINE: Rgb = [255, 220, 0];
const BOX: Rgb = [0, 200, 255];
const LONG: Rgb = [60, 255, 60];
const SHORT: Rgb = [255, 80, 255];

function crop(input: OverlayInput): Box {
  if (input.extent === 'full') return [0, 0, input.width - 1, input.height - 1];
  const [x1, y1, x2, y2] = input.box;
  const margin = Math.max(32, x2 - x1 + 1, y2 - y1 + 1);
  return [
    Math.max(0, x1 - margin),
    Math.max(0, y1 - margin),
    Math.min(input.width - 1, x2 + margin),
    Math.min(input.height - 1, y2 + margin),
  ];
}

/**
 * Renders the overlay: mask filled translucent red with a yellow outline, the box in cyan, long axis green, short axis magenta.
 * @param input - Picture, mask, box and axes.
 * @returns The PNG and where it sits in the image.
 */
export function renderOverlay(input: OverlayInput): Overlay {
  const { width, mask } = input;
  const region = crop(input);
  const [rx1, ry1, rx2, ry2] = region;
  const rw = rx2 - rx1 + 1;
  const rh = ry2 - ry1 + 1;
  const scale = input.extent === 'full' ? 1 : Math.min(4, Math.max(1, Math.floor(256 / Math.max(rw, rh))));
  const ow = rw * scale;
  const oh = rh * scale;
  const out = new Uint8Array(ow * oh * 4);
  const paint = (ox: number, oy: number, colour: Rgb, alpha = 1): void => {
    if (ox < 0 || oy < 0 || ox >= ow || oy >= oh) return;
    const o = (oy * ow + ox) * 4;
    for (let c = 0; c < 3; c++) out[o + c] = Math.round(out[o + c] * (1 - alpha) + colour[c] * alpha);
  };
  for (let oy = 0; oy < oh; oy++) {
    const y = ry1 + Math.floor(oy / scale);
    for (let ox = 0; ox < ow; ox++) {
      const x = rx1 + Math.floor(ox / scale);
      const i = y * width + x;
      out.set(input.rgba.subarray(i * 4, i * 4 + 3), (oy * ow + ox) * 4);
      out[(oy * ow + ox) * 4 + 3] = 255;
      if (!mask[i]) continue;
      const edge =
        x === 0 ||
        y === 0 ||
        x === width - 1 ||
        y === input.height - 1 ||
        !mask[i - 1] ||
        !mask[i + 1] ||
        !mask[i - width] ||
        !mask[i + width];
      paint(ox, oy, edge ? OUTLINE : FILL, edge ? 1 : 0.3);
    }
  }
  const [bx1, by1, bx2, by2] = input.box;
  const toOut = (x: number, y: number): [number, number] => [(x - rx1 + 0.5) * scale, (y - ry1 + 0.5) * scale];
  const line = (a: [number, number], b: [number, number], colour: Rgb): void => {
    const steps = Math.ceil(Math.hypot(b[0] - a[0], b[1] - a[1])) + 1;
    for (let k = 0; k <= steps; k++) {
      paint(Math.floor(a[0] + ((b[0] - a[0]) * k) / steps), Math.floor(a[1] + ((b[1] - a[1]) * k) / steps), colour);
    }
  };
  // The box is drawn along the outer edges of its border pixels, so it does not hide the outline.
  const left = (bx1 - rx1) * scale - 1;
  const right = (bx2 - rx1 + 1) * scale;
  const top = (by1 - ry1) * scale - 1;
  const bottom = (by2 - ry1 + 1) * scale;
  const corners: [number, number][] = [
    [left, top],
    [right, top],
    [right, bottom],
    [left, bottom],
  ];
  for (let k = 0; k < 4; k++) line(corners[k], corners[(k + 1) % 4], BOX);
  if (input.longAxis) line(toOut(...input.longAxis.from), toOut(...input.longAxis.to), LONG);
  if (input.shortAxis) line(toOut(...input.shortAxis.from), toOut(...input.shortAxis.to), SHORT);
  return { png: encodePng(out, ow, oh), region, scale };
}

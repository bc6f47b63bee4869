// The box arithmetic of the viewer's editor: moving and resizing a box in image pixels, always kept inside the image
// and at least a few pixels wide, so what the clinician draws is a box segment_lesion accepts.
import type { Box } from './lesions';

/** Smallest side segment_lesion accepts, in pixels. */
export const MIN_SIDE = 3;

/** Which part of the box a drag or key moves. */
export type BoxPart = 'move' | 'top-left' | 'bottom-right';

/**
 * Moves one part of a box by (dx, dy) pixels.
 * @param box - [x1, y1, x2, y2], inclusive.
 * @param part - The whole box or one corner.
 * @param dx - Columns to move.
 * @param dy - Rows to move.
 * @param columns - Image width.
 * @param rows - Image height.
 * @returns The new box, inside the image and at least {@link MIN_SIDE} pixels on each side.
 */
export function shiftBox(box: Box, part: BoxPart, dx: number, dy: number, columns: number, rows: number): Box {
  const [x1, y1, x2, y2] = box.map(Math.round) as Box;
  const [ix, iy] = [Math.round(dx), Math.round(dy)];
  if (part === 'move') {
    const mx = Math.min(Math.max(ix, -x1), columns - 1 - x2);
    const my = Math.min(Math.max(iy, -y1), rows - 1 - y2);
    return [x1 + mx, y1 + my, x2 + mx, y2 + my];
  }
  const gap = MIN_SIDE - 1;
  if (part === 'top-left') {
    return [Math.min(Math.max(0, x1 + ix), x2 - gap), Math.min(Math.max(0, y1 + iy), y2 - gap), x2, y2];
  }
  return [x1, y1, Math.max(Math.min(columns - 1, x2 + ix), x1 + gap), Math.max(Math.min(rows - 1, y2 + iy), y1 + gap)];
}

/** Whether two boxes are the same. */
export const sameBox = (a: Box, b: Box): boolean => a.every((v, i) => v === b[i]);

/** Arrow keys as pixel steps. */
export const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

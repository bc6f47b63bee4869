// The box a clinician drags or moves with the keys stays a box segment_lesion accepts: inside the image, not inverted,
// at least three pixels on each side.
import { describe, expect, it } from 'vitest';
import { shiftBox } from './box';

describe('shiftBox', () => {
  it('moves the whole box, stopping at the image edge without changing its size', () => {
    expect(shiftBox([10, 10, 20, 30], 'move', 5, -3, 100, 100)).toEqual([15, 7, 25, 27]);
    expect(shiftBox([10, 10, 20, 30], 'move', -50, 200, 100, 100)).toEqual([0, 79, 10, 99]);
  });

  it('resizes from a corner, never inverting or shrinking below three pixels', () => {
    expect(shiftBox([10, 10, 20, 30], 'bottom-right', 4, -5, 100, 100)).toEqual([10, 10, 24, 25]);
    expect(shiftBox([10, 10, 20, 30], 'bottom-right', -40, -40, 100, 100)).toEqual([10, 10, 12, 12]);
    expect(shiftBox([10, 10, 20, 30], 'top-left', -40, 40, 100, 100)).toEqual([0, 28, 20, 30]);
    expect(shiftBox([90, 90, 95, 95], 'bottom-right', 10, 10, 100, 100)).toEqual([90, 90, 99, 99]);
  });
});

import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from './png';

describe('png', () => {
  it('round-trips RGBA pixels', () => {
    const rgba = new Uint8Array(5 * 3 * 4).map((_, i) => (i * 37) % 256);
    const decoded = decodePng(encodePng(rgba, 5, 3));
    expect(decoded.width).toBe(5);
    expect(decoded.height).toBe(3);
    expect(Array.from(decoded.rgba)).toEqual(Array.from(rgba));
  });

  it('rejects what is not a PNG', () => {
    expect(() => decodePng(new Uint8Array([1, 2, 3]))).toThrow('Not a PNG file');
    const png = encodePng(new Uint8Array(16), 2, 2);
    expect(() => decodePng(png.subarray(0, 40))).toThrow(/truncated|no image data/);
  });
});

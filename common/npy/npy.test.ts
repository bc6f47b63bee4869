// The .npy codec must round-trip and produce files numpy itself would read (header layout, alignment, dtype).
import { describe, expect, it } from 'vitest';
import { decodeNpy, encodeNpy, syntheticFeatureBag } from './npy';

describe('npy', () => {
  it('writes a v1.0 header padded to 64 bytes, then little-endian float32 data', () => {
    const bytes = encodeNpy([2, 3], new Float32Array([1, 2, 3, 4, 5, 1.5]));
    expect([...bytes.subarray(0, 8)]).toEqual([0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59, 1, 0]);
    const headerLength = bytes[8] + 256 * bytes[9];
    expect((10 + headerLength) % 64).toBe(0);
    const header = new TextDecoder().decode(bytes.subarray(10, 10 + headerLength));
    expect(header).toMatch(/^\{'descr': '<f4', 'fortran_order': False, 'shape': \(2, 3\), \} *\n$/);
    expect(bytes.length).toBe(10 + headerLength + 6 * 4);
    const last = new DataView(bytes.buffer).getFloat32(bytes.length - 4, true);
    expect(last).toBe(1.5);
  });

  it('round-trips shapes of one and two dimensions', () => {
    const data = syntheticFeatureBag(7, 5, 4);
    expect(decodeNpy(encodeNpy([5, 4], data))).toEqual({ shape: [5, 4], data });
    expect(decodeNpy(encodeNpy([3], new Float32Array([0, -1, 2])))).toEqual({
      shape: [3],
      data: new Float32Array([0, -1, 2]),
    });
  });

  it('refuses a shape that does not match the data, and files that are not float32 .npy', () => {
    expect(() => encodeNpy([2, 2], new Float32Array(3))).toThrow(/does not hold 3 values/);
    expect(() => decodeNpy(new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))).toThrow(/magic/);
    const f8 = encodeNpy([1], new Float32Array([1]));
    const text = new TextDecoder('latin1').decode(f8).replace('<f4', '<f8');
    expect(() => decodeNpy(Uint8Array.from(text, (c) => c.charCodeAt(0)))).toThrow(/dtype <f8/);
    expect(() => decodeNpy(f8.subarray(0, f8.length - 1))).toThrow(/expected 1 values/);
  });

  it('generates the same synthetic features for the same seed, different ones for another seed', () => {
    const a = syntheticFeatureBag(42, 96, 64);
    expect(a).toEqual(syntheticFeatureBag(42, 96, 64));
    expect(a).not.toEqual(syntheticFeatureBag(43, 96, 64));
    expect(a.every(Number.isFinite)).toBe(true);
  });
});

// PNG decoding round-trips pixels, refuses non-PNG bytes, and stops a decompression bomb (absurd IHDR or image data
// inflating past its declared size) before it eats the server's memory.
import { deflateSync } from 'node:zlib';
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

/** A PNG whose IHDR says `width`×`height` RGBA and whose IDAT is `raw` deflated (a crafted file, not via encodePng). */
function crafted(width: number, height: number, raw: Buffer): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    return Buffer.concat([head, data, Buffer.alloc(4)]);
  };
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('png decompression limits', () => {
  it('refuses an absurd IHDR before inflating anything', () => {
    const bomb = crafted(60_000, 60_000, Buffer.alloc(1));
    expect(bomb.length).toBeLessThan(100);
    expect(() => decodePng(bomb)).toThrow(/PNG is 60000×60000 pixels; at most 16777216/);
    expect(() => decodePng(crafted(5, 5, Buffer.alloc(200)), { maxPixels: 16 })).toThrow(/at most 16 pixels/);
    expect(() => decodePng(crafted(0, 5, Buffer.alloc(1)))).toThrow('PNG IHDR declares an empty image');
  });

  it('stops inflating at the size the IHDR declares (a small file that would expand to 32 MiB)', () => {
    const bomb = crafted(16, 16, Buffer.alloc(32 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(64 * 1024);
    const before = process.memoryUsage().arrayBuffers;
    expect(() => decodePng(bomb)).toThrow('PNG image data inflates to more than its IHDR declares');
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(8 * 1024 * 1024);
  });

  it('still decodes an image at the limit that is honest about its size', () => {
    const raw = Buffer.alloc((64 * 4 + 1) * 64);
    const decoded = decodePng(crafted(64, 64, raw), { maxPixels: 64 * 64 });
    expect(decoded).toMatchObject({ width: 64, height: 64 });
  });
});

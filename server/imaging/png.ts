// Minimal PNG encoder and decoder (8-bit RGBA/RGB/grey, no interlace) for overlays, thumbnails and PNG inputs.
import { deflateSync, inflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Encodes RGBA pixels as a PNG.
 * @param rgba - width × height × 4 bytes.
 * @param width - Pixels per row.
 * @param height - Rows.
 * @returns The PNG file.
 */
export function encodePng(rgba: Uint8Array | Uint8ClampedArray, width: number, height: number): Buffer {
  if (rgba.length !== width * height * 4)
    throw new Error(`encodePng: expected ${width * height * 4} bytes, got ${rgba.length}`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width * 4 + 1)] = 0;
    raw.set(rgba.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** Most pixels a PNG may declare (4096 × 4096): RGBA output of 64 MiB, whatever the file's compressed size. */
export const MAX_PNG_PIXELS = 4096 * 4096;
/** Longest side a PNG may declare. */
export const MAX_PNG_SIDE = 16_384;

export interface DecodePngOptions {
  /** Refuse images with more pixels than this (default MAX_PNG_PIXELS). */
  maxPixels?: number;
}

export interface DecodedPng {
  width: number;
  height: number;
  /** width × height × 4 bytes. */
  rgba: Uint8Array;
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** Refuses dimensions before anything is inflated or allocated: the IHDR alone decides the memory a decode needs. */
function checkSize(width: number, height: number, maxPixels: number): void {
  if (width > MAX_PNG_SIDE || height > MAX_PNG_SIDE || width * height > maxPixels) {
    throw new Error(
      `PNG is ${width}×${height} pixels; at most ${maxPixels} pixels (${MAX_PNG_SIDE} a side) are accepted`
    );
  }
}

/** Inflates the image data, never to more than the IHDR's size: a zlib bomb stops at the declared size. */
function inflateImage(data: Buffer, expected: number): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: expected });
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new Error('PNG image data inflates to more than its IHDR declares');
    throw new Error('PNG image data is corrupt');
  }
}

/**
 * Decodes an 8-bit, non-interlaced PNG (grey, grey+alpha, RGB, RGBA) to RGBA.
 * @param file - The PNG bytes.
 * @param options - `maxPixels`: the largest image accepted (default 4096 × 4096).
 * @returns Width, height and RGBA pixels; throws an Error naming the problem for anything else, including an image
 *   larger than allowed or image data that inflates beyond the declared size.
 */
export function decodePng(file: Uint8Array, options: DecodePngOptions = {}): DecodedPng {
  const buf = Buffer.from(file);
  if (buf.length < 8 || !buf.subarray(0, 8).equals(SIGNATURE)) throw new Error('Not a PNG file');
  let width = 0;
  let height = 0;
  let colorType = 0;
  const idat: Buffer[] = [];
  for (let at = 8; at + 8 <= buf.length; ) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('ascii', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    if (data.length !== length) throw new Error('PNG is truncated');
    if (type === 'IHDR') {
      if (data.length < 13) throw new Error('PNG IHDR is too short');
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      colorType = data[9]!;
      if (data[8] !== 8) throw new Error(`PNG bit depth ${data[8]} is not supported (8 only)`);
      if (data[12] !== 0) throw new Error('Interlaced PNG is not supported');
      if (![0, 2, 4, 6].includes(colorType)) throw new Error(`PNG colour type ${colorType} is not supported`);
      if (!width || !height) throw new Error('PNG IHDR declares an empty image');
      checkSize(width, height, options.maxPixels ?? MAX_PNG_PIXELS);
    } else if (type === 'IDAT') idat.push(data);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  if (!width || !height || idat.length === 0) throw new Error('PNG has no image data');
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[colorType] ?? 4;
  const stride = width * channels;
  const raw = inflateImage(Buffer.concat(idat), (stride + 1) * height);
  if (raw.length < (stride + 1) * height) throw new Error('PNG image data is truncated');
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let x = 0; x < stride; x++) {
      const a = x >= channels ? pixels[y * stride + x - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + x]! : 0;
      const c = x >= channels && y > 0 ? pixels[(y - 1) * stride + x - channels]! : 0;
      const predictor = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      if (predictor === undefined) throw new Error(`PNG filter ${filter} is invalid`);
      pixels[y * stride + x] = (line[x]! + predictor) & 0xff;
    }
  }
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    const p = pixels.subarray(i * channels, (i + 1) * channels);
    const [r, g, b, alpha] =
      channels === 1
        ? [p[0]!, p[0]!, p[0]!, 255]
        : channels === 2
          ? [p[0]!, p[0]!, p[0]!, p[1]!]
          : channels === 3
            ? [p[0]!, p[1]!, p[2]!, 255]
            : [p[0]!, p[1]!, p[2]!, p[3]!];
    rgba.set([r, g, b, alpha], i * 4);
  }
  return { width, height, rgba };
}

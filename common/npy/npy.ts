// NumPy .npy files of float32 matrices: how histology feature bags travel inside FHIR attachments.

import { badRequest, OperationOutcomeError } from '@medplum/core';
import { mulberry32 } from '../random';

const MAGIC = [0x93, 0x4e, 0x55, 0x4d, 0x50, 0x59]; // "\x93NUMPY"

/** A decoded float32 array and its shape (C order). */
export interface NpyArray {
  shape: number[];
  data: Float32Array;
}

/**
 * Encodes a little-endian float32 array as an .npy v1.0 file.
 * @param shape - Dimensions; their product must equal `data.length`.
 * @param data - Values in C (row-major) order.
 * @returns The file bytes; preamble + header length is a multiple of 64, as numpy writes it.
 */
export function encodeNpy(shape: number[], data: Float32Array): Uint8Array {
  const count = shape.reduce((a, b) => a * b, 1);
  if (count !== data.length) {
    throw new OperationOutcomeError(badRequest(`Shape (${shape.join(', ')}) does not hold ${data.length} values`));
  }
  const tuple = shape.length === 1 ? `(${shape[0]},)` : `(${shape.join(', ')})`;
  let header = `{'descr': '<f4', 'fortran_order': False, 'shape': ${tuple}, }`;
  const unpadded = MAGIC.length + 4 + header.length + 1;
  header += ' '.repeat((64 - (unpadded % 64)) % 64) + '\n';
  const headerBytes = new TextEncoder().encode(header);
  const out = new Uint8Array(MAGIC.length + 4 + headerBytes.length + data.length * 4);
  out.set(MAGIC, 0);
  out.set([1, 0], MAGIC.length);
  const view = new DataView(out.buffer);
  view.setUint16(MAGIC.length + 2, headerBytes.length, true);
  out.set(headerBytes, MAGIC.length + 4);
  const offset = MAGIC.length + 4 + headerBytes.length;
  for (let i = 0; i < data.length; i++) view.setFloat32(offset + i * 4, data[i], true);
  return out;
}

function fail(message: string): never {
  throw new OperationOutcomeError(badRequest(`Not a float32 .npy file: ${message}`));
}

/**
 * Decodes an .npy file (v1, v2 or v3) holding little-endian float32 values in C order.
 * @param bytes - The file bytes.
 * @returns The shape and values.
 */
export function decodeNpy(bytes: Uint8Array): NpyArray {
  if (bytes.length < 10 || MAGIC.some((b, i) => bytes[i] !== b)) fail('missing magic string');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const major = bytes[6];
  if (major < 1 || major > 3) fail(`unsupported version ${major}`);
  const headerLength = major === 1 ? view.getUint16(8, true) : view.getUint32(8, true);
  const headerStart = major === 1 ? 10 : 12;
  const dataStart = headerStart + headerLength;
  if (dataStart > bytes.length) fail('truncated header');
  const header = new TextDecoder(major === 3 ? 'utf-8' : 'latin1').decode(bytes.subarray(headerStart, dataStart));
  const descr = /'descr':\s*'([^']*)'/.exec(header)?.[1];
  if (descr !== '<f4') fail(`dtype ${descr ?? 'missing'} (expected <f4)`);
  if (!/'fortran_order':\s*False/.test(header)) fail('Fortran order is not supported');
  const tuple = /'shape':\s*\(([^)]*)\)/.exec(header)?.[1];
  if (tuple === undefined) fail('missing shape');
  const shape = tuple
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .map(Number);
  if (shape.some((n) => !Number.isInteger(n) || n < 0)) fail(`bad shape (${tuple})`);
  const count = shape.reduce((a, b) => a * b, 1);
  if (dataStart + count * 4 !== bytes.length) fail(`expected ${count} values, found ${(bytes.length - dataStart) / 4}`);
  const data = new Float32Array(count);
  for (let i = 0; i < count; i++) data[i] = view.getFloat32(dataStart + i * 4, true);
  return { shape, data };
}

/**
 * Synthetic per-tile features: each tile is one of a few seeded "tissue prototypes" plus Gaussian noise,
 * so the bag has structure (like tumour, stroma, mucosa tiles) without coming from any real slide.
 * @param seed - PRNG seed.
 * @param tiles - Rows (N).
 * @param features - Columns (D).
 * @returns N×D values in C order.
 */
export function syntheticFeatureBag(seed: number, tiles: number, features: number): Float32Array {
  const random = mulberry32(seed);
  const gaussian = (): number => Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  const prototypes = Array.from({ length: 4 }, () => Array.from({ length: features }, gaussian));
  const out = new Float32Array(tiles * features);
  for (let t = 0; t < tiles; t++) {
    const proto = prototypes[Math.floor(random() * prototypes.length)];
    for (let d = 0; d < features; d++) out[t * features + d] = proto[d] + 0.35 * gaussian();
  }
  return out;
}

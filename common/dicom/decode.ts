// Decodes an uncompressed grayscale DICOM slice to rescaled values, in the browser and in Node.
import dicomParser, { type DataSet } from 'dicom-parser';

/** A decoded slice: geometry, display defaults, identifiers, and rescaled pixel values (HU for CT). */
export interface DicomSlice {
  rows: number;
  columns: number;
  /** [row spacing, column spacing] in mm. */
  pixelSpacingMm: [number, number] | undefined;
  sliceThicknessMm?: number;
  windowCenter?: number;
  windowWidth?: number;
  rescaleSlope: number;
  rescaleIntercept: number;
  /** MONOCHROME1 shows low values bright. */
  photometricInterpretation: 'MONOCHROME1' | 'MONOCHROME2';
  modality?: string;
  sopInstanceUid?: string;
  studyInstanceUid?: string;
  seriesInstanceUid?: string;
  instanceNumber?: number;
  /** Row-major, rows × columns, stored value × slope + intercept. Multi-frame files give the first frame. */
  values: Float32Array;
}

/** Most pixels a slice may declare (5120 × 5120, the largest mammography detectors): 100 MiB of Float32 values. */
export const MAX_SLICE_PIXELS = 5120 * 5120;

const IMPLICIT_LE = '1.2.840.10008.1.2';
const EXPLICIT_LE = '1.2.840.10008.1.2.1';

/** dicom-parser throws strings, Errors, or `{ exception, dataSet }`. */
function messageOf(thrown: unknown): string {
  if (thrown instanceof Error) return thrown.message;
  if (typeof thrown === 'object' && thrown !== null && 'exception' in thrown) return messageOf(thrown.exception);
  return String(thrown);
}

function checkTransferSyntax(bytes: Uint8Array): void {
  let meta: DataSet;
  try {
    meta = dicomParser.readPart10Header(bytes);
  } catch (e) {
    throw new Error(`DICOM file meta cannot be read (truncated or corrupt?): ${messageOf(e)}`);
  }
  const ts = meta.string('x00020010');
  if (ts === IMPLICIT_LE || ts === EXPLICIT_LE) return;
  const metaEnd = 144 + (meta.uint32('x00020000') ?? 0);
  if (metaEnd > bytes.length)
    throw new Error(`DICOM file meta is truncated: ${metaEnd} bytes needed, ${bytes.length} present`);
  if (!ts) throw new Error('DICOM file meta has no TransferSyntaxUID (0002,0010)');
  const kind =
    ts === '1.2.840.10008.1.2.2' ? 'big endian' : ts === '1.2.840.10008.1.2.1.99' ? 'deflated' : 'compressed';
  throw new Error(`DICOM transfer syntax ${ts} (${kind}) is not supported; only uncompressed little endian is`);
}

function required(ds: DataSet, tag: string, name: string): number {
  const value = ds.uint16(tag);
  if (value === undefined)
    throw new Error(`DICOM has no ${name} (${tag.slice(1, 5).toUpperCase()},${tag.slice(5).toUpperCase()})`);
  return value;
}

/** Bytes of one frame, after refusing empty or oversized geometry and impossible bit depths from the header. */
function checkedFrameBytes(ds: DataSet, rows: number, columns: number, bitsAllocated: number): number {
  if (rows === 0 || columns === 0) throw new Error(`DICOM declares an empty image (${rows}×${columns})`);
  if (rows * columns > MAX_SLICE_PIXELS) {
    throw new Error(`DICOM slice is ${rows}×${columns} pixels; at most ${MAX_SLICE_PIXELS} are accepted`);
  }
  const bitsStored = ds.uint16('x00280101') ?? bitsAllocated;
  if (bitsStored < 1 || bitsStored > bitsAllocated) {
    throw new Error(`DICOM BitsStored ${bitsStored} does not fit BitsAllocated ${bitsAllocated}`);
  }
  return rows * columns * (bitsAllocated / 8);
}

/** NumberOfFrames (0028,0008), 1 when absent; a value that is not a positive integer is a header lie. */
function numberOfFrames(ds: DataSet): number {
  if (!ds.elements['x00280008']) return 1;
  const frames = ds.intString('x00280008');
  if (frames === undefined || !Number.isInteger(frames) || frames < 1)
    throw new Error(`DICOM NumberOfFrames "${ds.string('x00280008') ?? ''}" is not a positive integer`);
  return frames;
}

/** Stored pixel values as integers, honouring BitsStored and the sign bit. */
function storedValues(raw: Uint8Array, bitsAllocated: number, bitsStored: number, signed: boolean): Int32Array {
  const count = raw.length / (bitsAllocated / 8);
  const out = new Int32Array(count);
  const words = bitsAllocated === 16 ? new Uint16Array(raw.buffer, raw.byteOffset, count) : raw;
  const bits = Math.min(bitsStored, bitsAllocated);
  const mask = 2 ** bits - 1;
  const sign = 2 ** (bits - 1);
  for (let i = 0; i < count; i++) {
    const v = words[i] & mask;
    out[i] = signed && v >= sign ? v - 2 ** bits : v;
  }
  return out;
}

/**
 * Decodes one uncompressed grayscale slice (8 or 16 bits, MONOCHROME1/2, implicit or explicit VR little endian).
 * @param bytes - A DICOM Part 10 file.
 * @returns The slice with rescaled values.
 * @throws Error naming the problem: not DICOM, compressed, missing Rows/Columns/PixelData, truncated, header lies.
 */
export function decodeSlice(bytes: Uint8Array): DicomSlice {
  try {
    return decode(bytes);
  } catch (e) {
    // dicom-parser reads element values lazily and throws plain strings for elements running past the end.
    if (e instanceof Error) throw e;
    throw new Error(`DICOM cannot be parsed (truncated or corrupt?): ${messageOf(e)}`);
  }
}

function decode(bytes: Uint8Array): DicomSlice {
  const magic = bytes.length >= 132 ? String.fromCharCode(...bytes.subarray(128, 132)) : '';
  if (magic !== 'DICM') throw new Error('not a DICOM Part 10 file: no "DICM" marker at byte 128');
  checkTransferSyntax(bytes);
  let ds: DataSet;
  try {
    ds = dicomParser.parseDicom(bytes);
  } catch (e) {
    // dicom-parser hands back what it read; a PixelData element running past the end means a cut-off download.
    const partial = typeof e === 'object' && e !== null && 'dataSet' in e ? (e.dataSet as DataSet) : undefined;
    const pixel = partial?.elements['x7fe00010'];
    if (pixel && pixel.dataOffset + pixel.length > bytes.length) {
      const present = Math.max(0, bytes.length - pixel.dataOffset);
      throw new Error(`DICOM PixelData is truncated: ${pixel.length} bytes needed, ${present} present`);
    }
    throw new Error(`DICOM cannot be parsed (truncated or corrupt?): ${messageOf(e)}`);
  }
  const rows = required(ds, 'x00280010', 'Rows');
  const columns = required(ds, 'x00280011', 'Columns');
  const samples = ds.uint16('x00280002') ?? 1;
  if (samples !== 1) throw new Error(`DICOM has ${samples} samples per pixel; only grayscale is supported`);
  const photometric = ds.string('x00280004') ?? 'MONOCHROME2';
  if (photometric !== 'MONOCHROME1' && photometric !== 'MONOCHROME2') {
    throw new Error(`DICOM photometric interpretation ${photometric} is not supported`);
  }
  const bitsAllocated = required(ds, 'x00280100', 'BitsAllocated');
  if (bitsAllocated !== 8 && bitsAllocated !== 16)
    throw new Error(`DICOM BitsAllocated ${bitsAllocated} is not supported`);
  const pixel = ds.elements['x7fe00010'];
  if (!pixel) throw new Error('DICOM has no PixelData (7FE0,0010)');
  if (pixel.encapsulatedPixelData) throw new Error('DICOM PixelData is encapsulated (compressed)');
  const need = checkedFrameBytes(ds, rows, columns, bitsAllocated);
  const available = Math.min(pixel.length, bytes.length - pixel.dataOffset);
  if (available < need)
    throw new Error(`DICOM PixelData is truncated: ${need} bytes needed, ${Math.max(0, available)} present`);
  const frames = numberOfFrames(ds);
  if (frames * need > available) {
    throw new Error(
      `DICOM declares ${frames} frames of ${rows}×${columns} (${frames * need} bytes) but PixelData holds ${available}`
    );
  }
  // Copy out: the element may start at an odd offset, which a Uint16Array view cannot (and Buffer#slice is a view).
  const raw = Uint8Array.prototype.slice.call(bytes, pixel.dataOffset, pixel.dataOffset + need);
  const stored = storedValues(
    raw,
    bitsAllocated,
    ds.uint16('x00280101') ?? bitsAllocated,
    ds.uint16('x00280103') === 1
  );
  const rescaleSlope = ds.floatString('x00281053') ?? 1;
  const rescaleIntercept = ds.floatString('x00281052') ?? 0;
  const values = new Float32Array(stored.length);
  for (let i = 0; i < stored.length; i++) values[i] = stored[i] * rescaleSlope + rescaleIntercept;
  const spacingTag = ds.elements['x00280030'] ? 'x00280030' : 'x00181164';
  const spacing = [ds.floatString(spacingTag, 0), ds.floatString(spacingTag, 1)];
  return {
    rows,
    columns,
    pixelSpacingMm: spacing[0] && spacing[1] ? [spacing[0], spacing[1]] : undefined,
    sliceThicknessMm: ds.floatString('x00180050'),
    windowCenter: ds.floatString('x00281050', 0),
    windowWidth: ds.floatString('x00281051', 0),
    rescaleSlope,
    rescaleIntercept,
    photometricInterpretation: photometric,
    modality: ds.string('x00080060'),
    sopInstanceUid: ds.string('x00080018'),
    studyInstanceUid: ds.string('x0020000d'),
    seriesInstanceUid: ds.string('x0020000e'),
    instanceNumber: ds.intString('x00200013'),
    values,
  };
}

/**
 * Applies a window to a slice and returns RGBA pixels, e.g. for a thumbnail canvas.
 * @param slice - The decoded slice.
 * @param center - Window centre (default: the header's, else 40).
 * @param width - Window width (default: the header's, else 400).
 * @param outSize - Longest side of the output; larger images are shrunk (nearest neighbour), smaller kept.
 * @returns Width, height and RGBA bytes.
 */
export function windowToRgba(
  slice: DicomSlice,
  center?: number,
  width?: number,
  outSize?: number
): { width: number; height: number; rgba: Uint8ClampedArray } {
  const c = center ?? slice.windowCenter ?? 40;
  const w = Math.max(1, width ?? slice.windowWidth ?? 400);
  const scale = outSize && outSize > 0 ? Math.min(1, outSize / Math.max(slice.rows, slice.columns)) : 1;
  const outW = Math.max(1, Math.round(slice.columns * scale));
  const outH = Math.max(1, Math.round(slice.rows * scale));
  const rgba = new Uint8ClampedArray(outW * outH * 4);
  const invert = slice.photometricInterpretation === 'MONOCHROME1';
  const low = c - w / 2;
  for (let y = 0; y < outH; y++) {
    const sy = Math.min(slice.rows - 1, Math.floor(((y + 0.5) * slice.rows) / outH));
    for (let x = 0; x < outW; x++) {
      const sx = Math.min(slice.columns - 1, Math.floor(((x + 0.5) * slice.columns) / outW));
      const level = ((slice.values[sy * slice.columns + sx] - low) / w) * 255;
      const gray = invert ? 255 - level : level;
      const o = (y * outW + x) * 4;
      rgba[o] = rgba[o + 1] = rgba[o + 2] = gray;
      rgba[o + 3] = 255;
    }
  }
  return { width: outW, height: outH, rgba };
}

// Turns the bytes of the `image` argument into a slice to segment and a picture to draw on: DICOM or PNG, by sniffing.
import { type DicomSlice, decodeSlice, windowToRgba } from '../../../common/dicom/decode';
import { decodePng } from '../../imaging/png';
import type { GreySlice } from './mask';

/** Display window in the image's units (HU for CT). */
export interface Window {
  center: number;
  width: number;
}

/** Named CT windows (centre/width in HU), the usual presets of a PACS viewer. */
export const WINDOW_PRESETS = {
  'soft-tissue': { center: 40, width: 400 },
  liver: { center: 60, width: 160 },
  lung: { center: -600, width: 1500 },
  bone: { center: 400, width: 1800 },
  mediastinum: { center: 50, width: 350 },
} as const satisfies Record<string, Window>;

/** What was segmented, for the report: never PHI beyond the UIDs already in the request. */
export interface SourceSummary {
  format: 'dicom' | 'png';
  /** The `image` argument as given (a path is reduced to its file name). */
  source: string;
  rows: number;
  columns: number;
  modality?: string;
  pixelSpacingMm?: [number, number];
  sliceThicknessMm?: number;
  studyInstanceUid?: string;
  seriesInstanceUid?: string;
  sopInstanceUid?: string;
  instanceNumber?: number;
  /** Window used for the overlay and for the model's input (DICOM only). */
  window?: Window;
}

export interface LoadedImage {
  slice: GreySlice;
  /** RGBA picture of the slice (windowed for DICOM, the original colours for PNG). */
  rgba: Uint8Array;
  summary: SourceSummary;
  warnings: string[];
}

const PNG_MAGIC = [137, 80, 78, 71, 13, 10, 26, 10];

function isPng(bytes: Uint8Array): boolean {
  return bytes.length >= 8 && PNG_MAGIC.every((b, i) => bytes[i] === b);
}

function isDicom(bytes: Uint8Array): boolean {
  return bytes.length >= 132 && String.fromCharCode(...bytes.subarray(128, 132)) === 'DICM';
}

function fromDicom(dicom: DicomSlice, source: string, window: Window | undefined): LoadedImage {
  const warnings: string[] = [];
  const w = window ?? {
    center: dicom.windowCenter ?? WINDOW_PRESETS['soft-tissue'].center,
    width: dicom.windowWidth ?? WINDOW_PRESETS['soft-tissue'].width,
  };
  if (!dicom.pixelSpacingMm) warnings.push('the DICOM has no PixelSpacing: sizes are in pixels only');
  const { rgba } = windowToRgba(dicom, w.center, w.width);
  return {
    slice: { width: dicom.columns, height: dicom.rows, values: dicom.values, pixelSpacingMm: dicom.pixelSpacingMm },
    rgba: new Uint8Array(rgba.buffer, rgba.byteOffset, rgba.length),
    summary: {
      format: 'dicom',
      source,
      rows: dicom.rows,
      columns: dicom.columns,
      modality: dicom.modality,
      pixelSpacingMm: dicom.pixelSpacingMm,
      sliceThicknessMm: dicom.sliceThicknessMm,
      studyInstanceUid: dicom.studyInstanceUid,
      seriesInstanceUid: dicom.seriesInstanceUid,
      sopInstanceUid: dicom.sopInstanceUid,
      instanceNumber: dicom.instanceNumber,
      window: w,
    },
    warnings,
  };
}

/**
 * Decodes DICOM Part 10 (uncompressed grayscale) or PNG bytes.
 * @param bytes - The file.
 * @param source - How the caller named it (kept in the summary).
 * @param window - Display window for DICOM; default the header's, else soft tissue.
 * @returns The slice, an RGBA picture and a summary; throws an Error naming the problem for anything else.
 */
export function decodeImage(bytes: Uint8Array, source: string, window?: Window): LoadedImage {
  if (isDicom(bytes)) {
    let dicom: DicomSlice;
    try {
      dicom = decodeSlice(bytes);
    } catch (err) {
      throw new Error(`the DICOM file cannot be used: ${(err as Error).message}`);
    }
    return fromDicom(dicom, source, window);
  }
  if (isPng(bytes)) {
    let png: ReturnType<typeof decodePng>;
    try {
      png = decodePng(bytes);
    } catch (err) {
      throw new Error(`the PNG file cannot be used: ${(err as Error).message}`);
    }
    const values = new Float32Array(png.width * png.height);
    const rgba = png.rgba.slice();
    for (let i = 0; i < values.length; i++) {
      const o = i * 4;
      values[i] = 0.299 * rgba[o] + 0.587 * rgba[o + 1] + 0.114 * rgba[o + 2];
      rgba[o + 3] = 255;
    }
    return {
      slice: { width: png.width, height: png.height, values },
      rgba,
      summary: { format: 'png', source, rows: png.height, columns: png.width },
      warnings: [
        'a PNG carries no pixel spacing: sizes are in pixels only, and grey levels are display values, not HU',
      ],
    };
  }
  throw new Error(
    `the image is neither DICOM Part 10 (no "DICM" marker at byte 128) nor PNG (${bytes.length} bytes read)`
  );
}

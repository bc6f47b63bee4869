// Turns a DICOM slice or a PNG into the small PNG a vision model reads: windowed, at most 512 px, pixels only.
import { type DicomSlice, decodeSlice, windowToRgba } from '../../../common/dicom/decode';
import { decodePng, encodePng } from '../../imaging/png';
import { ToolInputError } from '../types';

/** Longest side sent to the model: enough for lesions of a few mm on a CT slice, cheap in image tokens. */
export const MAX_SIDE_PX = 512;

export interface RenderedImage {
  /** PNG bytes, re-encoded from pixels only: no DICOM header or PNG text chunk (names, ids) reaches the model. */
  png: Buffer;
  width: number;
  height: number;
  format: 'dicom' | 'png';
  modality?: string;
  /** Millimetres per pixel of the rendered image, when the source says (DICOM PixelSpacing). */
  pixelSpacingMm?: number;
  /** Display window applied, DICOM only. */
  window?: { center: number; width: number };
  /** DICOM Study Instance UID: slices of one study belong to one time point. */
  studyInstanceUid?: string;
}

/** Window when neither the caller nor the header gives one: soft tissue for CT, the 1st–99th percentile otherwise. */
function defaultWindow(slice: DicomSlice): { center: number; width: number } {
  if (slice.windowCenter !== undefined && slice.windowWidth !== undefined && slice.windowWidth > 0) {
    return { center: slice.windowCenter, width: slice.windowWidth };
  }
  if (slice.modality === 'CT') return { center: 40, width: 400 };
  const sorted = Float32Array.from(slice.values).sort();
  const low = sorted[Math.floor(sorted.length * 0.01)] ?? 0;
  const high = sorted[Math.floor(sorted.length * 0.99)] ?? 1;
  return { center: (low + high) / 2, width: Math.max(1, high - low) };
}

function renderDicom(bytes: Uint8Array, window?: { center: number; width: number }): RenderedImage {
  const slice = decodeSlice(bytes);
  const w = window ?? defaultWindow(slice);
  const out = windowToRgba(slice, w.center, w.width, MAX_SIDE_PX);
  const spacing = slice.pixelSpacingMm ? (slice.pixelSpacingMm[1] * slice.columns) / out.width : undefined;
  return {
    png: encodePng(out.rgba, out.width, out.height),
    width: out.width,
    height: out.height,
    format: 'dicom',
    modality: slice.modality,
    ...(spacing ? { pixelSpacingMm: Math.round(spacing * 1000) / 1000 } : {}),
    window: w,
    studyInstanceUid: slice.studyInstanceUid,
  };
}

/** Nearest-neighbour shrink so the longest side is at most `max` (medical images: no smoothing across edges). */
function shrink(
  rgba: Uint8Array,
  width: number,
  height: number,
  max: number
): { rgba: Uint8Array; width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  if (scale === 1) return { rgba, width, height };
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / h));
    for (let x = 0; x < w; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / w));
      out.set(rgba.subarray((sy * width + sx) * 4, (sy * width + sx) * 4 + 4), (y * w + x) * 4);
    }
  }
  return { rgba: out, width: w, height: h };
}

/**
 * Renders DICOM (windowed) or PNG input for a vision model.
 * @param bytes - The file.
 * @param window - Display window for DICOM (centre and width, in the image's units: HU for CT).
 * @returns The PNG and what is known about it; throws ToolInputError for other formats or broken files.
 */
export function renderForModel(bytes: Uint8Array, window?: { center: number; width: number }): RenderedImage {
  const isDicom = bytes.length >= 132 && String.fromCharCode(...bytes.subarray(128, 132)) === 'DICM';
  const isPng = bytes.length >= 8 && bytes[0] === 0x89 && String.fromCharCode(...bytes.subarray(1, 4)) === 'PNG';
  try {
    if (isDicom) return renderDicom(bytes, window);
    if (isPng) {
      const decoded = decodePng(bytes);
      const small = shrink(decoded.rgba, decoded.width, decoded.height, MAX_SIDE_PX);
      return {
        png: encodePng(small.rgba, small.width, small.height),
        width: small.width,
        height: small.height,
        format: 'png',
      };
    }
  } catch (err) {
    throw new ToolInputError(err instanceof Error ? err.message : String(err));
  }
  throw new ToolInputError('Not a DICOM Part 10 file or a PNG (JPEG and compressed DICOM are not supported)');
}

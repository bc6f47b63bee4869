// What a synthetic CT series looks like: the contract between the demo patients and the phantom generator.

/** One lesion, an ellipsoid in patient space (millimetres from the image's top-left corner). */
export interface PhantomLesion {
  /** Stable name used in reports and tests, e.g. "liver-seg7". */
  id: string;
  /** Centre in mm: x (columns), y (rows), z (slice position from the first slice). */
  centerMm: [number, number, number];
  /** Semi-axes in mm along x, y, z. */
  radiiMm: [number, number, number];
  /** Mean attenuation of the lesion in HU (liver metastases ~40, liver ~60, so lesions are hypodense). */
  hu: number;
}

/** One CT series to generate deterministically. */
export interface PhantomSeriesSpec {
  studyInstanceUid: string;
  seriesInstanceUid: string;
  /** Patient id and name written into the DICOM header (the FHIR Patient's MRN and name). */
  patientId: string;
  patientName: string;
  /** YYYYMMDD */
  studyDate: string;
  studyDescription: string;
  seriesDescription: string;
  seriesNumber: number;
  /** Body region of the anatomy drawn: abdomen (liver, spleen, kidneys, spine) or chest (lungs, heart, spine). */
  region: 'abdomen' | 'chest';
  /** Number of axial slices (small: 3–9). */
  slices: number;
  rows: number;
  columns: number;
  /** Pixel spacing in mm (row spacing = column spacing). */
  pixelSpacingMm: number;
  sliceThicknessMm: number;
  lesions: PhantomLesion[];
  /** Seed for the noise, so the same spec always gives the same bytes. */
  seed: number;
  /** Noise standard deviation in HU (default 5; 0 gives a clean image). */
  noiseSdHu?: number;
}

/** Slice position (mm from the first slice) of slice `index`. */
export function slicePositionMm(spec: PhantomSeriesSpec, index: number): number {
  return index * spec.sliceThicknessMm;
}

/** The slice (0-based) that cuts the lesion closest to its centre: the one a radiologist measures on. */
export function lesionKeySlice(spec: PhantomSeriesSpec, lesion: PhantomLesion): number {
  const i = Math.round(lesion.centerMm[2] / spec.sliceThicknessMm);
  return Math.min(spec.slices - 1, Math.max(0, i));
}

/** The lesion's cross-section on a slice: semi-axes in mm (0 when the slice misses it). */
export function lesionSectionMm(spec: PhantomSeriesSpec, lesion: PhantomLesion, index: number): [number, number] {
  const dz = slicePositionMm(spec, index) - lesion.centerMm[2];
  const f = 1 - (dz / lesion.radiiMm[2]) ** 2;
  if (f <= 0) return [0, 0];
  const s = Math.sqrt(f);
  return [lesion.radiiMm[0] * s, lesion.radiiMm[1] * s];
}

/**
 * The box a radiologist would draw around the lesion on its key slice, in pixel coordinates.
 * @param spec - The series.
 * @param lesion - The lesion.
 * @param marginPx - Pixels added on every side.
 * @returns [x1, y1, x2, y2], integers, clamped to the image.
 */
export function lesionBoxPx(
  spec: PhantomSeriesSpec,
  lesion: PhantomLesion,
  marginPx = 4
): [number, number, number, number] {
  const [rx, ry] = lesionSectionMm(spec, lesion, lesionKeySlice(spec, lesion));
  const ps = spec.pixelSpacingMm;
  const clampX = (v: number): number => Math.min(spec.columns - 1, Math.max(0, Math.round(v)));
  const clampY = (v: number): number => Math.min(spec.rows - 1, Math.max(0, Math.round(v)));
  return [
    clampX((lesion.centerMm[0] - rx) / ps - marginPx),
    clampY((lesion.centerMm[1] - ry) / ps - marginPx),
    clampX((lesion.centerMm[0] + rx) / ps + marginPx),
    clampY((lesion.centerMm[1] + ry) / ps + marginPx),
  ];
}

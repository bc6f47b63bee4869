// Turns a phantom spec into byte-identical CT Part 10 files: the images the sandbox PACS serves.
import { CT_IMAGE_STORAGE, type DicomElement, writeDicomFile } from './dicom-writer';
import { DEFAULT_NOISE_SD_HU, renderPhantomSliceHu } from './phantom-anatomy';
import { type PhantomSeriesSpec, slicePositionMm } from './phantom-spec';

/** One generated slice. */
export interface PhantomInstance {
  sopInstanceUid: string;
  /** 1-based, slice index + 1. */
  instanceNumber: number;
  bytes: Uint8Array<ArrayBuffer>;
}

/** Stored value = HU − intercept; 12 bits unsigned covers −1024…3071 HU. */
const RESCALE_INTERCEPT = -1024;
const MAX_STORED = 4095;

/**
 * A UID for `name` under `base`: `${base}.${name}` when that fits in 64 characters, else a 2.25 UID hashed from both.
 * @param base - The parent UID.
 * @param name - A positive integer (or any text, which forces the hashed form).
 * @returns A valid, deterministic UID.
 */
export function deriveUid(base: string, name: number | string): string {
  const child = `${base}.${name}`;
  if (typeof name === 'number' && Number.isInteger(name) && name > 0 && child.length <= 64) return child;
  // FNV-1a 128-bit: deterministic, and 2.25 + a decimal < 2^128 always fits in 64 characters.
  let hash = 0x6c62272e07bb014262b821756295c58dn;
  const prime = 0x0000000001000000000000000000013bn;
  for (const byte of new TextEncoder().encode(child)) {
    hash = ((hash ^ BigInt(byte)) * prime) & ((1n << 128n) - 1n);
  }
  return `2.25.${hash.toString(10)}`;
}

/**
 * The header of slice `index`, without pixel data: also the source of the WADO-RS metadata.
 * @param spec - The series.
 * @param index - Slice index (0-based).
 * @returns The dataset elements.
 */
export function phantomSliceElements(spec: PhantomSeriesSpec, index: number): DicomElement[] {
  if (!/^\d{8}$/.test(spec.studyDate)) throw new Error(`studyDate must be YYYYMMDD, got "${spec.studyDate}"`);
  const ps = spec.pixelSpacingMm;
  const z = slicePositionMm(spec, index);
  // Image centred on the patient's origin; pixel (0,0) sits at the spec's (0,0) mm.
  const origin = [(-(spec.columns - 1) * ps) / 2, (-(spec.rows - 1) * ps) / 2, z];
  return [
    { tag: 0x00080005, vr: 'CS', value: 'ISO_IR 192' },
    { tag: 0x00080008, vr: 'CS', value: 'ORIGINAL\\PRIMARY\\AXIAL' },
    { tag: 0x00080016, vr: 'UI', value: CT_IMAGE_STORAGE },
    { tag: 0x00080018, vr: 'UI', value: deriveUid(spec.seriesInstanceUid, index + 1) },
    { tag: 0x00080020, vr: 'DA', value: spec.studyDate },
    { tag: 0x00080021, vr: 'DA', value: spec.studyDate },
    { tag: 0x00080023, vr: 'DA', value: spec.studyDate },
    { tag: 0x00080030, vr: 'TM', value: '090000' },
    { tag: 0x00080050, vr: 'SH', value: '' },
    { tag: 0x00080060, vr: 'CS', value: 'CT' },
    { tag: 0x00080070, vr: 'LO', value: 'OncoAgent phantom' },
    { tag: 0x00080090, vr: 'PN', value: '' },
    { tag: 0x00081030, vr: 'LO', value: spec.studyDescription },
    { tag: 0x0008103e, vr: 'LO', value: spec.seriesDescription },
    { tag: 0x00100010, vr: 'PN', value: spec.patientName },
    { tag: 0x00100020, vr: 'LO', value: spec.patientId },
    { tag: 0x00100030, vr: 'DA', value: '' },
    { tag: 0x00100040, vr: 'CS', value: '' },
    { tag: 0x00180050, vr: 'DS', value: spec.sliceThicknessMm },
    { tag: 0x00180060, vr: 'DS', value: 120 },
    { tag: 0x0020000d, vr: 'UI', value: spec.studyInstanceUid },
    { tag: 0x0020000e, vr: 'UI', value: spec.seriesInstanceUid },
    { tag: 0x00200010, vr: 'SH', value: '1' },
    { tag: 0x00200011, vr: 'IS', value: spec.seriesNumber },
    { tag: 0x00200013, vr: 'IS', value: index + 1 },
    { tag: 0x00200032, vr: 'DS', value: origin },
    { tag: 0x00200037, vr: 'DS', value: [1, 0, 0, 0, 1, 0] },
    { tag: 0x00200052, vr: 'UI', value: deriveUid(spec.studyInstanceUid, 'frame-of-reference') },
    { tag: 0x00201041, vr: 'DS', value: z },
    { tag: 0x00280002, vr: 'US', value: 1 },
    { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
    { tag: 0x00280010, vr: 'US', value: spec.rows },
    { tag: 0x00280011, vr: 'US', value: spec.columns },
    { tag: 0x00280030, vr: 'DS', value: [ps, ps] },
    { tag: 0x00280100, vr: 'US', value: 16 },
    { tag: 0x00280101, vr: 'US', value: 12 },
    { tag: 0x00280102, vr: 'US', value: 11 },
    { tag: 0x00280103, vr: 'US', value: 0 },
    { tag: 0x00281050, vr: 'DS', value: 40 },
    { tag: 0x00281051, vr: 'DS', value: 400 },
    { tag: 0x00281052, vr: 'DS', value: RESCALE_INTERCEPT },
    { tag: 0x00281053, vr: 'DS', value: 1 },
    { tag: 0x00281054, vr: 'LO', value: 'HU' },
  ];
}

/**
 * Generates one slice as a Part 10 file.
 * @param spec - The series.
 * @param index - Slice index (0-based).
 * @returns The instance.
 */
export function generatePhantomSlice(spec: PhantomSeriesSpec, index: number): PhantomInstance {
  const hu = renderPhantomSliceHu(spec, index, spec.noiseSdHu ?? DEFAULT_NOISE_SD_HU);
  const stored = new Uint16Array(hu.length);
  for (let i = 0; i < hu.length; i++) {
    stored[i] = Math.min(MAX_STORED, Math.max(0, hu[i] - RESCALE_INTERCEPT));
  }
  const elements = phantomSliceElements(spec, index);
  elements.push({ tag: 0x7fe00010, vr: 'OW', value: stored });
  return {
    sopInstanceUid: deriveUid(spec.seriesInstanceUid, index + 1),
    instanceNumber: index + 1,
    bytes: writeDicomFile(elements),
  };
}

/**
 * Generates every slice of a series; the same spec always gives the same bytes.
 * @param spec - The series.
 * @returns One instance per slice, in slice order.
 */
export function generatePhantomSeries(spec: PhantomSeriesSpec): PhantomInstance[] {
  return Array.from({ length: spec.slices }, (_, index) => generatePhantomSlice(spec, index));
}

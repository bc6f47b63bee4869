// Writes DICOM Part 10 files from typed elements, so the sandbox can serve phantoms without a DICOM toolkit.

const TEXT_VR_LIST = [
  'AE',
  'AS',
  'CS',
  'DA',
  'DS',
  'DT',
  'IS',
  'LO',
  'LT',
  'PN',
  'SH',
  'ST',
  'TM',
  'UI',
  'UT',
] as const;
/** Bytes per value of the binary number VRs. */
const NUMBER_SIZES = { US: 2, SS: 2, UL: 4, SL: 4, FL: 4, FD: 8 } as const;

/** Value representations this writer can encode. */
export type DicomVr = (typeof TEXT_VR_LIST)[number] | keyof typeof NUMBER_SIZES | 'OB' | 'OW' | 'UN';

/** One data element: a tag as 0xGGGGEEEE, its VR, and its value (strings for text, numbers or bytes otherwise). */
export interface DicomElement {
  tag: number;
  vr: DicomVr;
  value: string | number | number[] | Uint8Array | Uint16Array | Int16Array;
}

export const CT_IMAGE_STORAGE = '1.2.840.10008.5.1.4.1.1.2';
export const EXPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2.1';
export const IMPLICIT_VR_LITTLE_ENDIAN = '1.2.840.10008.1.2';
/** Our own implementation class: a made-up 2.25 (UUID-derived) root, fixed forever. */
export const IMPLEMENTATION_CLASS_UID = '2.25.231946170372890162958301827445813705331';
export const IMPLEMENTATION_VERSION_NAME = 'ONCOAGENT_1';

const TEXT_VRS = new Set<DicomVr>(TEXT_VR_LIST);
const LONG_LENGTH_VRS = new Set<DicomVr>(['OB', 'OW', 'UN', 'UT']);
/** Maximum characters per value (PS3.5 table 6.2-1), checked so bad headers fail here, not in a viewer. */
const MAX_CHARS: Partial<Record<DicomVr, number>> = { AE: 16, CS: 16, DS: 16, IS: 12, LO: 64, PN: 64, SH: 16, UI: 64 };
const utf8 = new TextEncoder();

/**
 * Formats a number as a DICOM decimal string (at most 16 characters).
 * @param n - The number.
 * @returns The DS text.
 */
export function formatDs(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`DS value must be finite, got ${n}`);
  for (let precision = 17; precision > 0; precision--) {
    const s = String(Number(n.toPrecision(precision)));
    if (s.length <= 16) return s;
  }
  throw new Error(`cannot format ${n} as DS`);
}

function tagText(tag: number): string {
  const hex = (tag >>> 0).toString(16).toUpperCase().padStart(8, '0');
  return `(${hex.slice(0, 4)},${hex.slice(4)})`;
}

function textValue(el: DicomElement): string {
  const { value, vr } = el;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || Array.isArray(value)) {
    const list = typeof value === 'number' ? [value] : value;
    if (vr === 'DS') return list.map(formatDs).join('\\');
    if (vr === 'IS' && list.every(Number.isInteger)) return list.join('\\');
  }
  throw new Error(`${tagText(el.tag)} ${vr}: expected a string value`);
}

function encodeText(el: DicomElement): Uint8Array {
  const text = textValue(el);
  const max = MAX_CHARS[el.vr];
  if (max !== undefined) {
    const tooLong = text.split('\\').find((part) => part.length > max);
    if (tooLong !== undefined) throw new Error(`${tagText(el.tag)} ${el.vr} value longer than ${max}: "${tooLong}"`);
  }
  if (el.vr === 'UI' && !/^[0-9.\\]*$/.test(text)) throw new Error(`${tagText(el.tag)} UI not a UID: "${text}"`);
  const raw = utf8.encode(text);
  if (raw.length % 2 === 0) return raw;
  const padded = new Uint8Array(raw.length + 1);
  padded.set(raw);
  padded[raw.length] = el.vr === 'UI' ? 0 : 0x20;
  return padded;
}

function encodeNumbers(el: DicomElement, size: number): Uint8Array {
  const { value } = el;
  const list = typeof value === 'number' ? [value] : Array.isArray(value) ? value : undefined;
  if (!list) throw new Error(`${tagText(el.tag)} ${el.vr}: expected numbers`);
  const out = new Uint8Array(list.length * size);
  const view = new DataView(out.buffer);
  list.forEach((n, i) => {
    const at = i * size;
    if (el.vr === 'US') view.setUint16(at, n, true);
    else if (el.vr === 'SS') view.setInt16(at, n, true);
    else if (el.vr === 'UL') view.setUint32(at, n, true);
    else if (el.vr === 'SL') view.setInt32(at, n, true);
    else if (el.vr === 'FL') view.setFloat32(at, n, true);
    else view.setFloat64(at, n, true);
  });
  return out;
}

function encodeBytes(el: DicomElement): Uint8Array {
  const { value } = el;
  if (value instanceof Uint16Array || value instanceof Int16Array) {
    const out = new Uint8Array(value.length * 2);
    const view = new DataView(out.buffer);
    for (let i = 0; i < value.length; i++) view.setUint16(i * 2, value[i] & 0xffff, true);
    return out;
  }
  if (!(value instanceof Uint8Array)) throw new Error(`${tagText(el.tag)} ${el.vr}: expected bytes`);
  if (el.vr === 'OW' && value.length % 2 !== 0) throw new Error(`${tagText(el.tag)} OW: odd byte length`);
  if (value.length % 2 === 0) return value;
  const padded = new Uint8Array(value.length + 1);
  padded.set(value);
  return padded;
}

function encodeValue(el: DicomElement): Uint8Array {
  if (TEXT_VRS.has(el.vr)) return encodeText(el);
  return el.vr in NUMBER_SIZES ? encodeNumbers(el, NUMBER_SIZES[el.vr as keyof typeof NUMBER_SIZES]) : encodeBytes(el);
}

/**
 * Encodes data elements, sorted by tag, as a little-endian dataset.
 * @param elements - The elements; tags must be unique.
 * @param explicitVr - Explicit VR (default) or implicit VR encoding.
 * @returns The encoded bytes.
 */
export function encodeDataset(elements: DicomElement[], explicitVr = true): Uint8Array<ArrayBuffer> {
  const sorted = [...elements].sort((a, b) => (a.tag >>> 0) - (b.tag >>> 0));
  const chunks: { el: DicomElement; value: Uint8Array; header: number }[] = [];
  let total = 0;
  sorted.forEach((el, i) => {
    if (i > 0 && sorted[i - 1].tag === el.tag) throw new Error(`duplicate element ${tagText(el.tag)}`);
    const value = encodeValue(el);
    const long = LONG_LENGTH_VRS.has(el.vr);
    if (explicitVr && !long && value.length > 0xfffe) throw new Error(`${tagText(el.tag)} ${el.vr}: value too long`);
    const header = explicitVr && long ? 12 : 8;
    chunks.push({ el, value, header });
    total += header + value.length;
  });
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  let at = 0;
  for (const { el, value, header } of chunks) {
    view.setUint16(at, el.tag >>> 16, true);
    view.setUint16(at + 2, el.tag & 0xffff, true);
    if (!explicitVr) view.setUint32(at + 4, value.length, true);
    else {
      out[at + 4] = el.vr.charCodeAt(0);
      out[at + 5] = el.vr.charCodeAt(1);
      if (header === 12) view.setUint32(at + 8, value.length, true);
      else view.setUint16(at + 6, value.length, true);
    }
    out.set(value, at + header);
    at += header + value.length;
  }
  return out;
}

/**
 * Writes a Part 10 file: preamble, "DICM", file meta group 0002 and the dataset.
 * @param elements - Dataset elements (no group 0002); SOPClassUID (0008,0016) and SOPInstanceUID (0008,0018) are required.
 * @param transferSyntaxUid - Explicit VR little endian (default) or implicit VR little endian.
 * @returns The file's bytes.
 */
export function writeDicomFile(
  elements: DicomElement[],
  transferSyntaxUid: string = EXPLICIT_VR_LITTLE_ENDIAN
): Uint8Array<ArrayBuffer> {
  if (transferSyntaxUid !== EXPLICIT_VR_LITTLE_ENDIAN && transferSyntaxUid !== IMPLICIT_VR_LITTLE_ENDIAN) {
    throw new Error(`unsupported transfer syntax ${transferSyntaxUid}`);
  }
  if (elements.some((el) => el.tag >>> 16 === 0x0002)) throw new Error('group 0002 is written by writeDicomFile');
  const uid = (tag: number): string => {
    const value = elements.find((el) => el.tag === tag)?.value;
    if (typeof value !== 'string' || value === '') throw new Error(`missing ${tagText(tag)} (needed for file meta)`);
    return value;
  };
  const metaBody = encodeDataset([
    { tag: 0x00020001, vr: 'OB', value: new Uint8Array([0, 1]) },
    { tag: 0x00020002, vr: 'UI', value: uid(0x00080016) },
    { tag: 0x00020003, vr: 'UI', value: uid(0x00080018) },
    { tag: 0x00020010, vr: 'UI', value: transferSyntaxUid },
    { tag: 0x00020012, vr: 'UI', value: IMPLEMENTATION_CLASS_UID },
    { tag: 0x00020013, vr: 'SH', value: IMPLEMENTATION_VERSION_NAME },
  ]);
  const groupLength = encodeDataset([{ tag: 0x00020000, vr: 'UL', value: metaBody.length }]);
  const dataset = encodeDataset(elements, transferSyntaxUid === EXPLICIT_VR_LITTLE_ENDIAN);
  const out = new Uint8Array(132 + groupLength.length + metaBody.length + dataset.length);
  out.set(utf8.encode('DICM'), 128);
  out.set(groupLength, 132);
  out.set(metaBody, 132 + groupLength.length);
  out.set(dataset, 132 + groupLength.length + metaBody.length);
  return out;
}

// Converts writer elements to the DICOM JSON model (PS3.18 F.2), for WADO-RS metadata.
import type { DicomElement } from './dicom-writer';

/** One attribute in the DICOM JSON model. */
export interface DicomJsonAttribute {
  vr: string;
  Value?: (string | number | { Alphabetic: string })[];
}

/** A dataset in the DICOM JSON model, keyed by 8-digit uppercase hex tag. */
export type DicomJsonDataset = Record<string, DicomJsonAttribute>;

const NUMERIC_TEXT = new Set(['DS', 'IS']);
const BINARY = new Set(['OB', 'OW', 'UN']);

function valuesOf(el: DicomElement): DicomJsonAttribute['Value'] {
  const { value, vr } = el;
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value === '') return undefined;
  const parts = vr === 'LT' || vr === 'ST' || vr === 'UT' ? [value] : value.split('\\');
  if (vr === 'PN') return parts.map((name) => ({ Alphabetic: name }));
  return NUMERIC_TEXT.has(vr) ? parts.map(Number) : parts;
}

/**
 * Converts elements to a DICOM JSON dataset; binary elements (pixel data) are left out.
 * @param elements - Elements as given to the writer.
 * @returns The JSON object for one instance.
 */
export function toDicomJson(elements: DicomElement[]): DicomJsonDataset {
  const out: DicomJsonDataset = {};
  for (const el of [...elements].sort((a, b) => (a.tag >>> 0) - (b.tag >>> 0))) {
    if (BINARY.has(el.vr)) continue;
    const key = (el.tag >>> 0).toString(16).toUpperCase().padStart(8, '0');
    const Value = valuesOf(el);
    out[key] = Value ? { vr: el.vr, Value } : { vr: el.vr };
  }
  return out;
}

// A tiny uncompressed CT slice (explicit VR little endian) for the viewer's component tests: stored values are
// HU + 1024 (slope 1, intercept -1024), so a test can put known HU where it wants them.

type Element = { group: number; element: number; vr: string; value: Uint8Array };

const text = (s: string, pad = ' '): Uint8Array => new TextEncoder().encode(s.length % 2 ? s + pad : s);
const u16 = (v: number): Uint8Array => new Uint8Array(new Uint16Array([v]).buffer);

function encode(elements: Element[]): Uint8Array {
  const parts: Uint8Array[] = [];
  for (const { group, element, vr, value } of elements) {
    const long = ['OB', 'OW', 'SQ', 'UN', 'UT'].includes(vr);
    const head = new DataView(new ArrayBuffer(long ? 12 : 8));
    head.setUint16(0, group, true);
    head.setUint16(2, element, true);
    head.setUint8(4, vr.charCodeAt(0));
    head.setUint8(5, vr.charCodeAt(1));
    if (long) head.setUint32(8, value.length, true);
    else head.setUint16(6, value.length, true);
    parts.push(new Uint8Array(head.buffer), value);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * A DICOM Part 10 CT slice.
 * @param hu - Row-major HU values, rows × columns.
 * @param rows - Image height.
 * @param columns - Image width.
 * @param sop - SOP Instance UID.
 * @returns The file bytes.
 */
export function ctSlice(hu: number[], rows: number, columns: number, sop = '1.2.3.4.1'): Uint8Array<ArrayBuffer> {
  const pixels = new Uint8Array(new Uint16Array(hu.map((v) => v + 1024)).buffer);
  const meta = encode([{ group: 2, element: 0x10, vr: 'UI', value: text('1.2.840.10008.1.2.1', '\0') }]);
  const metaLength = encode([
    { group: 2, element: 0, vr: 'UL', value: new Uint8Array(new Uint32Array([meta.length]).buffer) },
  ]);
  const body = encode([
    { group: 8, element: 0x18, vr: 'UI', value: text(sop, '\0') },
    { group: 8, element: 0x60, vr: 'CS', value: text('CT') },
    { group: 0x28, element: 0x2, vr: 'US', value: u16(1) },
    { group: 0x28, element: 0x4, vr: 'CS', value: text('MONOCHROME2') },
    { group: 0x28, element: 0x10, vr: 'US', value: u16(rows) },
    { group: 0x28, element: 0x11, vr: 'US', value: u16(columns) },
    { group: 0x28, element: 0x30, vr: 'DS', value: text('0.5\\0.5') },
    { group: 0x28, element: 0x100, vr: 'US', value: u16(16) },
    { group: 0x28, element: 0x101, vr: 'US', value: u16(16) },
    { group: 0x28, element: 0x103, vr: 'US', value: u16(0) },
    { group: 0x28, element: 0x1052, vr: 'DS', value: text('-1024') },
    { group: 0x28, element: 0x1053, vr: 'DS', value: text('1') },
    { group: 0x7fe0, element: 0x10, vr: 'OW', value: pixels },
  ]);
  const file = new Uint8Array(132 + metaLength.length + meta.length + body.length);
  file.set(new TextEncoder().encode('DICM'), 128);
  file.set(metaLength, 132);
  file.set(meta, 132 + metaLength.length);
  file.set(body, 132 + metaLength.length + meta.length);
  return file;
}

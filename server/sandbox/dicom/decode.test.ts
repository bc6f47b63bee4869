// Checks decoding of the pixel formats we accept and the errors for everything we refuse.
import { describe, expect, it } from 'vitest';
import { decodeSlice, windowToRgba } from '../../../common/dicom/decode';
import { CT_IMAGE_STORAGE, type DicomElement, IMPLICIT_VR_LITTLE_ENDIAN, writeDicomFile } from './dicom-writer';

/** A tiny grayscale image; `extra` overrides or adds elements, `omit` drops tags. */
function image(pixels: DicomElement['value'], extra: DicomElement[] = [], omit: number[] = []): DicomElement[] {
  const base: DicomElement[] = [
    { tag: 0x00080016, vr: 'UI', value: CT_IMAGE_STORAGE },
    { tag: 0x00080018, vr: 'UI', value: '2.25.99.1' },
    { tag: 0x00080060, vr: 'CS', value: 'CT' },
    { tag: 0x00200013, vr: 'IS', value: 7 },
    { tag: 0x00280002, vr: 'US', value: 1 },
    { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME2' },
    { tag: 0x00280010, vr: 'US', value: 2 },
    { tag: 0x00280011, vr: 'US', value: 3 },
    { tag: 0x00280030, vr: 'DS', value: [0.5, 0.25] },
    { tag: 0x00280100, vr: 'US', value: 16 },
    { tag: 0x00280101, vr: 'US', value: 16 },
    { tag: 0x00280103, vr: 'US', value: 1 },
    { tag: 0x7fe00010, vr: 'OW', value: pixels },
  ];
  const tags = new Set([...extra.map((e) => e.tag), ...omit]);
  return [...base.filter((e) => !tags.has(e.tag)), ...extra];
}

function withMarker(bytes: Uint8Array): Uint8Array {
  bytes.set([0x44, 0x49, 0x43, 0x4d], 128);
  return bytes;
}

const signed = new Int16Array([-1000, -1, 0, 1, 40, 3000]);

describe('decodeSlice', () => {
  it('decodes signed 16-bit with rescale and header fields', () => {
    const rescale: DicomElement[] = [
      { tag: 0x00281052, vr: 'DS', value: -10 },
      { tag: 0x00281053, vr: 'DS', value: 2 },
    ];
    const slice = decodeSlice(writeDicomFile(image(signed, rescale)));
    expect(slice).toMatchObject({
      rows: 2,
      columns: 3,
      pixelSpacingMm: [0.5, 0.25],
      modality: 'CT',
      instanceNumber: 7,
    });
    expect(slice.sopInstanceUid).toBe('2.25.99.1');
    expect([...slice.values]).toEqual([-2010, -12, -10, -8, 70, 5990]);
  });

  it('decodes implicit VR, unsigned 12-bit with garbage high bits, at an odd byte offset', () => {
    const stored = new Uint16Array([0xf000 | 24, 1024, 4095, 0, 1, 2]);
    const unsigned: DicomElement[] = [
      { tag: 0x00280101, vr: 'US', value: 12 },
      { tag: 0x00280103, vr: 'US', value: 0 },
      { tag: 0x00281052, vr: 'DS', value: -1024 },
    ];
    const file = writeDicomFile(image(stored, unsigned), IMPLICIT_VR_LITTLE_ENDIAN);
    const shifted = new Uint8Array(file.length + 1);
    shifted.set(file, 1);
    const slice = decodeSlice(shifted.subarray(1));
    expect([...slice.values]).toEqual([-1000, 0, 3071, -1024, -1023, -1022]);
    // A Node Buffer at an odd offset too (Buffer#slice is a view, not a copy).
    const buffer = Buffer.from(shifted.buffer, shifted.byteOffset + 1, file.length);
    expect([...decodeSlice(buffer).values]).toEqual([-1000, 0, 3071, -1024, -1023, -1022]);
  });

  it('sign-extends signed 12-bit values', () => {
    const stored = new Uint16Array([0x0fff, 0x0800, 0x07ff, 0, 1, 0xf001]);
    const slice = decodeSlice(writeDicomFile(image(stored, [{ tag: 0x00280101, vr: 'US', value: 12 }])));
    expect([...slice.values]).toEqual([-1, -2048, 2047, 0, 1, 1]);
  });

  it('decodes 8-bit MONOCHROME1 and windowToRgba shows low values bright', () => {
    const eight: DicomElement[] = [
      { tag: 0x00280004, vr: 'CS', value: 'MONOCHROME1' },
      { tag: 0x00280100, vr: 'US', value: 8 },
      { tag: 0x00280101, vr: 'US', value: 8 },
      { tag: 0x00280103, vr: 'US', value: 0 },
      { tag: 0x7fe00010, vr: 'OB', value: new Uint8Array([0, 50, 100, 150, 200, 255]) },
    ];
    const slice = decodeSlice(writeDicomFile(image(signed, eight)));
    expect(slice.photometricInterpretation).toBe('MONOCHROME1');
    expect([...slice.values]).toEqual([0, 50, 100, 150, 200, 255]);
    const { rgba } = windowToRgba(slice, 127.5, 255);
    expect(rgba[0]).toBe(255);
    expect(rgba[5 * 4]).toBe(0);
  });

  const bad: [string, Uint8Array, RegExp][] = [
    ['random bytes', Uint8Array.from({ length: 600 }, (_, i) => (i * 7919) % 251), /not a DICOM Part 10 file/],
    ['a tiny buffer', new Uint8Array(10), /not a DICOM Part 10 file/],
    [
      'random bytes after a DICM marker',
      withMarker(Uint8Array.from({ length: 600 }, (_, i) => (i * 31) % 253)),
      /file meta/,
    ],
    ['missing pixel data', writeDicomFile(image(signed, [], [0x7fe00010])), /no PixelData \(7FE0,0010\)/],
    ['missing rows', writeDicomFile(image(signed, [], [0x00280010])), /no Rows \(0028,0010\)/],
    ['a colour image', writeDicomFile(image(signed, [{ tag: 0x00280004, vr: 'CS', value: 'RGB' }])), /RGB/],
  ];
  it.each(bad)('rejects %s with a clear error', (_, bytes, message) => {
    expect(() => decodeSlice(bytes)).toThrow(message);
  });

  it('rejects a file truncated in its pixel data or its header', () => {
    const file = writeDicomFile(image(signed));
    expect(() => decodeSlice(file.subarray(0, file.length - 4))).toThrow(/PixelData is truncated: 12 bytes needed, 8/);
    expect(() => decodeSlice(file.subarray(0, 200))).toThrow(/file meta is truncated/);
    expect(() => decodeSlice(file.subarray(0, 320))).toThrow(/truncated or corrupt/);
  });

  it('refuses header lies: huge or empty geometry, frames the pixel data does not hold, impossible bit depths', () => {
    const dims = (rows: number, columns: number): DicomElement[] => [
      { tag: 0x00280010, vr: 'US', value: rows },
      { tag: 0x00280011, vr: 'US', value: columns },
    ];
    const huge = writeDicomFile(image(signed, dims(60_000, 60_000)));
    expect(huge.length).toBeLessThan(1024);
    expect(() => decodeSlice(huge)).toThrow(/60000×60000 pixels; at most 26214400/);
    expect(() => decodeSlice(writeDicomFile(image(signed, dims(0, 3))))).toThrow(/empty image \(0×3\)/);
    const frames = (n: string): DicomElement[] => [{ tag: 0x00280008, vr: 'IS', value: n }];
    expect(() => decodeSlice(writeDicomFile(image(signed, frames('1000000'))))).toThrow(
      /declares 1000000 frames of 2×3 \(12000000 bytes\) but PixelData holds 12/
    );
    expect(() => decodeSlice(writeDicomFile(image(signed, frames('-2'))))).toThrow(/NumberOfFrames "-2"/);
    expect(decodeSlice(writeDicomFile(image(signed, frames('1')))).values).toHaveLength(6);
    const bits: DicomElement[] = [{ tag: 0x00280101, vr: 'US', value: 20 }];
    expect(() => decodeSlice(writeDicomFile(image(signed, bits)))).toThrow(
      /BitsStored 20 does not fit BitsAllocated 16/
    );
  });

  it('turns the strings dicom-parser throws for elements cut off mid-header into Errors', () => {
    const file = writeDicomFile(image(signed));
    for (let cut = 132; cut < file.length; cut += 1) {
      let thrown: unknown;
      try {
        decodeSlice(file.slice(0, cut));
      } catch (err) {
        thrown = err;
      }
      expect(thrown, `cut at ${cut}`).toBeInstanceOf(Error);
    }
  });

  it('rejects a compressed transfer syntax', () => {
    const file = writeDicomFile(image(signed));
    const text = new TextDecoder('latin1').decode(file);
    // Same length as 1.2.840.10008.1.2.1, so offsets stay valid: RLE Lossless.
    const at = text.indexOf('1.2.840.10008.1.2.1\0');
    file.set(new TextEncoder().encode('1.2.840.10008.1.2.5'), at);
    expect(() => decodeSlice(file)).toThrow(/1\.2\.840\.10008\.1\.2\.5 \(compressed\) is not supported/);
  });
});

describe('windowToRgba', () => {
  const slice = decodeSlice(writeDicomFile(image(signed)));

  it('falls back to 40/400 and maps below/above the window to black/white', () => {
    const { width, height, rgba } = windowToRgba(slice);
    expect([width, height, rgba.length]).toEqual([3, 2, 24]);
    expect([...rgba.subarray(0, 4)]).toEqual([0, 0, 0, 255]);
    expect(rgba[4 * 4]).toBe(128);
    expect(rgba[5 * 4]).toBe(255);
  });

  it('uses the header window and downscales to outSize', () => {
    const big = new Int16Array(64 * 32).map((_, i) => (i % 64 < 32 ? 0 : 100));
    const dims: DicomElement[] = [
      { tag: 0x00280010, vr: 'US', value: 32 },
      { tag: 0x00280011, vr: 'US', value: 64 },
      { tag: 0x00281050, vr: 'DS', value: 50 },
      { tag: 0x00281051, vr: 'DS', value: 2 },
    ];
    const { width, height, rgba } = windowToRgba(
      decodeSlice(writeDicomFile(image(big, dims))),
      undefined,
      undefined,
      16
    );
    expect([width, height]).toEqual([16, 8]);
    expect(rgba[0]).toBe(0);
    expect(rgba[15 * 4]).toBe(255);
  });
});

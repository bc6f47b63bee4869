// Checks the Part 10 layout the writer produces, byte by byte where viewers are strict.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import dicomParser from 'dicom-parser';
import { describe, expect, it } from 'vitest';
import {
  CT_IMAGE_STORAGE,
  type DicomElement,
  EXPLICIT_VR_LITTLE_ENDIAN,
  encodeDataset,
  formatDs,
  IMPLEMENTATION_CLASS_UID,
  IMPLICIT_VR_LITTLE_ENDIAN,
  writeDicomFile,
} from './dicom-writer';
import { generatePhantomSlice } from './phantom';

const elements: DicomElement[] = [
  { tag: 0x7fe00010, vr: 'OW', value: new Uint16Array([1, 2, 3, 65535]) },
  { tag: 0x00100010, vr: 'PN', value: 'Doe^Jane' },
  { tag: 0x00080018, vr: 'UI', value: '2.25.123.1' },
  { tag: 0x00080016, vr: 'UI', value: CT_IMAGE_STORAGE },
  { tag: 0x00080060, vr: 'CS', value: 'CT' },
  { tag: 0x00280010, vr: 'US', value: 2 },
  { tag: 0x00280030, vr: 'DS', value: [0.703125, 0.703125] },
  { tag: 0x00100020, vr: 'LO', value: 'MRN1' },
  { tag: 0x00081030, vr: 'LO', value: 'odd' },
];
const view = (b: Uint8Array): DataView => new DataView(b.buffer, b.byteOffset, b.byteLength);

describe('writeDicomFile', () => {
  const file = writeDicomFile(elements);

  it('writes a zero preamble, DICM, and a meta group whose length matches', () => {
    expect(file.subarray(0, 128).every((b) => b === 0)).toBe(true);
    expect(new TextDecoder().decode(file.subarray(128, 132))).toBe('DICM');
    expect(new TextDecoder().decode(file.subarray(132, 136 + 2))).toBe('\u0002\u0000\u0000\u0000UL');
    const groupLength = view(file).getUint32(140, true);
    // After the group, the first dataset element is (0008,0016): bytes 08 00 16 00.
    expect([...file.subarray(144 + groupLength, 148 + groupLength)]).toEqual([0x08, 0, 0x16, 0]);
    const meta = dicomParser.readPart10Header(file);
    expect(meta.string('x00020002')).toBe(CT_IMAGE_STORAGE);
    expect(meta.string('x00020003')).toBe('2.25.123.1');
    expect(meta.string('x00020010')).toBe(EXPLICIT_VR_LITTLE_ENDIAN);
    expect(meta.string('x00020012')).toBe(IMPLEMENTATION_CLASS_UID);
  });

  it('writes a dataset dicom-parser reads back, sorted and padded to even lengths', () => {
    const ds = dicomParser.parseDicom(file);
    expect(ds.string('x00100010')).toBe('Doe^Jane');
    expect(ds.uint16('x00280010')).toBe(2);
    expect(ds.floatString('x00280030', 1)).toBe(0.703125);
    const lo = ds.elements['x00081030'];
    expect(lo.length).toBe(4);
    expect(file[lo.dataOffset + 3]).toBe(0x20);
    const ui = ds.elements['x00080018'];
    expect(ui.length).toBe(10);
    const pixel = ds.elements['x7fe00010'];
    expect(pixel.vr).toBe('OW');
    expect(view(file).getUint16(pixel.dataOffset + 6, true)).toBe(65535);
    const tagsInFileOrder = Object.values(ds.elements)
      .sort((a, b) => a.dataOffset - b.dataOffset)
      .map((e) => e.tag);
    expect(tagsInFileOrder).toEqual([...tagsInFileOrder].sort());
  });

  it('pads odd UIDs with NUL', () => {
    const ds = encodeDataset([{ tag: 0x0020000d, vr: 'UI', value: '1.2.3' }]);
    expect([...ds]).toEqual([0x20, 0, 0x0d, 0, 0x55, 0x49, 6, 0, 0x31, 0x2e, 0x32, 0x2e, 0x33, 0]);
  });

  it('writes implicit VR little endian when asked', () => {
    const implicit = writeDicomFile(elements, IMPLICIT_VR_LITTLE_ENDIAN);
    const ds = dicomParser.parseDicom(implicit);
    expect(ds.string('x00020010')).toBe(IMPLICIT_VR_LITTLE_ENDIAN);
    expect(ds.string('x00100020')).toBe('MRN1');
  });

  it('rejects values a viewer would choke on', () => {
    const base = elements.filter((e) => e.tag !== 0x00080018);
    expect(() => writeDicomFile(base)).toThrow(/\(0008,0018\)/);
    expect(() => writeDicomFile([...elements, { tag: 0x00100020, vr: 'LO', value: 'x' }])).toThrow(/duplicate/);
    expect(() => encodeDataset([{ tag: 0x00081030, vr: 'LO', value: 'x'.repeat(65) }])).toThrow(/longer than 64/);
    expect(() => encodeDataset([{ tag: 0x0020000d, vr: 'UI', value: '1.2.abc' }])).toThrow(/not a UID/);
    expect(() => writeDicomFile([...elements, { tag: 0x00020010, vr: 'UI', value: '1.2' }])).toThrow(/0002/);
  });

  it('formats decimal strings within 16 characters', () => {
    expect(formatDs(0.7)).toBe('0.7');
    expect(formatDs(-1024)).toBe('-1024');
    expect(formatDs(1 / 3).length).toBeLessThanOrEqual(16);
    expect(Number(formatDs(-178.85000000000002))).toBeCloseTo(-178.85, 10);
  });

  const dcmdump = spawnSync('which', ['dcmdump']).status === 0;
  it.skipIf(!dcmdump)('is accepted by dcmtk dcmdump', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'oncoagent-dcm-')), 'slice.dcm');
    writeFileSync(
      path,
      generatePhantomSlice(
        {
          studyInstanceUid: '2.25.7',
          seriesInstanceUid: '2.25.7.1',
          patientId: 'P1',
          patientName: 'Doe^Jane',
          studyDate: '20240101',
          studyDescription: 'CT',
          seriesDescription: 'Axial',
          seriesNumber: 1,
          region: 'chest',
          slices: 1,
          rows: 64,
          columns: 64,
          pixelSpacingMm: 5,
          sliceThicknessMm: 5,
          lesions: [],
          seed: 1,
        },
        0
      ).bytes
    );
    const out = execFileSync('dcmdump', ['-E', path], { encoding: 'utf8' });
    expect(out).toContain('Doe^Jane');
    expect(out).not.toMatch(/^E:/m);
  });
});

// Rendering for the vision model: windowing, downscaling, only pixels kept, clear errors for other inputs.
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from '../../imaging/png';
import { CRC_BASELINE } from '../../sandbox/demo/crc-metastatic-imaging';
import { writeDicomFile } from '../../sandbox/dicom/dicom-writer';
import { generatePhantomSlice, phantomSliceElements } from '../../sandbox/dicom/phantom';
import { ToolInputError } from '../types';
import { renderForModel } from './render';

const ct = generatePhantomSlice({ ...CRC_BASELINE, rows: 128, columns: 128, pixelSpacingMm: 3 }, 2).bytes;

/** A 2×2 MR-like slice with no window in its header: values 0, 100, 200, 1000. */
function mrWithoutWindow(): Uint8Array {
  const drop = new Set([0x00281050, 0x00281051, 0x00281052, 0x00281053, 0x00281054]);
  const elements = phantomSliceElements({ ...CRC_BASELINE, rows: 2, columns: 2 }, 0)
    .filter((e) => !drop.has(e.tag))
    .map((e) => (e.tag === 0x00080060 ? { ...e, value: 'MR' } : e));
  elements.push({ tag: 0x7fe00010, vr: 'OW', value: new Uint16Array([0, 100, 200, 1000]) });
  return writeDicomFile(elements);
}

describe('renderForModel', () => {
  it("applies the header's window by default and the caller's when given", () => {
    const byHeader = renderForModel(ct);
    expect(byHeader).toMatchObject({
      format: 'dicom',
      modality: 'CT',
      width: 128,
      height: 128,
      window: { center: 40, width: 400 },
    });
    expect(byHeader.pixelSpacingMm).toBe(3);
    const lung = renderForModel(ct, { center: -600, width: 1500 });
    expect(lung.window).toEqual({ center: -600, width: 1500 });
    expect(decodePng(lung.png).rgba).not.toEqual(decodePng(byHeader.png).rgba);
  });

  it('shrinks a 512² slice only when larger than 512 and scales the pixel size with it', () => {
    const big = generatePhantomSlice(
      { ...CRC_BASELINE, rows: 640, columns: 1024, pixelSpacingMm: 0.5, lesions: [] },
      0
    ).bytes;
    const out = renderForModel(big);
    expect([out.width, out.height]).toEqual([512, 320]);
    expect(out.pixelSpacingMm).toBe(1);
  });

  it('windows an MR slice without header window from its own value range', () => {
    const out = renderForModel(mrWithoutWindow());
    expect(out.modality).toBe('MR');
    expect(out.window?.center).toBeGreaterThan(0);
    const gray = Array.from({ length: 4 }, (_, i) => decodePng(out.png).rgba[i * 4]);
    expect(gray[0]).toBeLessThan(gray[1]!);
    expect(gray[1]).toBeLessThan(gray[2]!);
  });

  it('re-encodes a PNG from pixels, dropping text chunks', () => {
    const plain = encodePng(new Uint8Array(2 * 2 * 4).fill(90), 2, 2);
    const text = Buffer.concat([Buffer.from([0, 0, 0, 12]), Buffer.from('tEXtName\0Brenner'), Buffer.alloc(4)]);
    const tagged = Buffer.concat([plain.subarray(0, 33), text, plain.subarray(33)]);
    const out = renderForModel(tagged);
    expect(out.png.includes(Buffer.from('Brenner'))).toBe(false);
    expect(decodePng(out.png).rgba[0]).toBe(90);
  });

  it('names unsupported and broken inputs', () => {
    expect(() => renderForModel(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toThrow(/Not a DICOM Part 10 file or a PNG/);
    expect(() => renderForModel(ct.subarray(0, ct.length - 1000))).toThrow(ToolInputError);
    expect(() => renderForModel(ct.subarray(0, ct.length - 1000))).toThrow(/truncated/);
  });
});

// Runs segment_lesion as the agent and the CLI do (runTool): phantom DICOM and PNG files, the sizes and overlay it
// reports, and a clear error for every kind of bad input.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { windowToRgba } from '../../../common/dicom/decode';
import { createFhirClient } from '../../fhir/fhir-client';
import { decodePng, encodePng } from '../../imaging/png';
import { writeDicomFile } from '../../sandbox/dicom/dicom-writer';
import { generatePhantomSlice, phantomSliceElements } from '../../sandbox/dicom/phantom';
import { renderPhantomSliceHu } from '../../sandbox/dicom/phantom-anatomy';
import { lesionBoxPx, lesionKeySlice, type PhantomLesion } from '../../sandbox/dicom/phantom-spec';
import { readToolConfig } from '../config';
import { runTool, toolSpec } from '../run-tool';
import { benchSpec } from './bench';
import { type SegmentLesionOutput, segmentLesionTool } from './index';
import { decodeRle } from './mask';

const dir = mkdtempSync(join(tmpdir(), 'segment-lesion-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const modelsDir = join(dir, 'models');
writeFileSync(join(dir, 'manifest.json'), '{"models": []}');
const ctx = { config: readToolConfig({ ONCOAGENT_MODELS_DIR: dir }) };

const lesion: PhantomLesion = { id: 'liver-seg6', centerMm: [120.5, 170.3, 10], radiiMm: [15, 10, 10], hu: 35 };
const spec = benchSpec(lesion, 11);
const key = lesionKeySlice(spec, lesion);
const box = lesionBoxPx(spec, lesion);
const file = (name: string, bytes: Uint8Array): string => {
  const path = join(dir, name);
  writeFileSync(path, bytes);
  return path;
};
const dicomPath = file('slice.dcm', generatePhantomSlice(spec, key).bytes);

async function run(args: Record<string, unknown>, context = ctx) {
  return runTool(segmentLesionTool, args, context);
}

describe('segment_lesion on a phantom DICOM', () => {
  it('measures the lesion within 3 % of the true ellipse and returns a consistent mask and overlay', async () => {
    const result = await run({ image: dicomPath, box });
    expect(result.status, result.message).toBe('ok');
    const out = result.output as SegmentLesionOutput;
    expect(out.engine).toBe('classical');
    expect(out.pixelSpacingMm).toEqual([0.78, 0.78]);
    expect(Math.abs(out.longestDiameterMm! / 30 - 1)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(out.shortAxisMm! / 20 - 1)).toBeLessThanOrEqual(0.03);
    expect(Math.abs(out.areaMm2! / (Math.PI * 15 * 10) - 1)).toBeLessThanOrEqual(0.05);
    expect(out.longestDiameterPx).toBeCloseTo(out.longestDiameterMm! / 0.78, 0);
    expect(out.centroidPx[0]).toBeCloseTo(120.5 / 0.78, 0);
    expect(out.centroidPx[1]).toBeCloseTo(170.3 / 0.78, 0);
    expect(out.levels).toMatchObject({ polarity: 'hypo' });
    const mask = decodeRle(out.mask);
    expect(out.mask.counts.reduce((a, b) => a + b, 0)).toBe(512 * 512);
    expect(mask.reduce((n, v) => n + v, 0)).toBe(out.areaPx);
    const png = decodePng(Buffer.from(out.overlayPng!, 'base64'));
    expect(png.width).toBe((out.overlayRegion![2] - out.overlayRegion![0] + 1) * out.overlayScale!);
    expect(out.sourceSummary).toMatchObject({ format: 'dicom', source: 'slice.dcm', modality: 'CT', rows: 512 });
    expect(out.disclaimer).toMatch(/not a clinically validated/);
    expect(result.warnings ?? []).toEqual([]);
  });

  it('draws the outline in colour on the overlay', async () => {
    const result = await run({ image: dicomPath, box, overlay: 'full' });
    const out = result.output as SegmentLesionOutput;
    const png = decodePng(Buffer.from(out.overlayPng!, 'base64'));
    expect([png.width, png.height]).toEqual([512, 512]);
    const at = (x: number, y: number) => Array.from(png.rgba.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 3));
    const [cx, cy] = out.centroidPx.map(Math.round);
    // Off both axes (they cross at the centre): red fill over grey.
    expect(at(cx + 6, cy + 4)[0]).toBeGreaterThan(at(cx + 6, cy + 4)[2] + 40);
    expect([
      [60, 255, 60],
      [255, 80, 255],
    ]).toContainEqual(at(cx, cy)); // an axis line
    expect(at(box[0] - 30, cy)[0]).toBe(at(box[0] - 30, cy)[2]); // grey outside
    expect(at(box[0] - 1, cy)).toEqual([0, 200, 255]); // the box line
    const none = await run({ image: dicomPath, box, overlay: 'none' });
    expect((none.output as SegmentLesionOutput).overlayPng).toBeUndefined();
  });

  it('segments a PNG with sizes in pixels only', async () => {
    const hu = renderPhantomSliceHu(spec, key, 5);
    const { rgba } = windowToRgba(
      { rows: 512, columns: 512, values: Float32Array.from(hu), photometricInterpretation: 'MONOCHROME2' } as never,
      40,
      400
    );
    const path = file('slice.png', encodePng(rgba, 512, 512));
    const result = await run({ image: path, box, window: 'liver' });
    expect(result.status, result.message).toBe('ok');
    const out = result.output as SegmentLesionOutput;
    expect(out.longestDiameterMm).toBeUndefined();
    expect(out.areaMm2).toBeUndefined();
    expect(Math.abs(out.longestDiameterPx / (30 / 0.78) - 1)).toBeLessThanOrEqual(0.03);
    expect(result.warnings?.join(' ')).toMatch(/no pixel spacing/);
    expect(result.warnings?.join(' ')).toMatch(/window ignored/);
  });
});

describe('segment_lesion refuses bad input with a clear error', () => {
  const withoutTag = (tag: number): Uint8Array => {
    const elements = phantomSliceElements(spec, key).filter((e) => e.tag !== tag);
    if (tag !== 0x7fe00010) elements.push({ tag: 0x7fe00010, vr: 'OW', value: new Uint16Array(512 * 512) });
    return writeDicomFile(elements);
  };
  const valid = generatePhantomSlice(spec, key).bytes;
  const brokenPng = encodePng(new Uint8Array(16 * 16 * 4), 16, 16);
  brokenPng.fill(7, 41, 60); // inside the IDAT data

  it.each([
    ['a DICOM without Rows', () => file('no-rows.dcm', withoutTag(0x00280010)), /no Rows/],
    ['a DICOM without PixelData', () => file('no-pixels.dcm', withoutTag(0x7fe00010)), /no PixelData/],
    ['a truncated DICOM', () => file('cut.dcm', valid.subarray(0, valid.length - 5000)), /truncated/],
    [
      'random bytes',
      () =>
        file(
          'noise.bin',
          Uint8Array.from({ length: 600 }, (_, i) => (i * 7919) % 251)
        ),
      /neither DICOM/,
    ],
    ['a corrupt PNG', () => file('bad.png', brokenPng), /PNG file cannot be used/],
    ['a missing file', () => join(dir, 'nope.dcm'), /does not exist/],
  ])('%s', async (_, make, message) => {
    const result = await run({ image: make(), box: [1, 1, 10, 10] });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(message);
  });

  it.each([
    [[400, 400, 600, 450], /outside the 512×512 image/],
    [[-3, 10, 40, 50], /outside/],
    [[50, 50, 40, 60], /empty or inverted/],
    [[50, 50, 50, 60], /empty or inverted/],
    [[50, 50, 51, 60], /smaller than 3×3/],
  ])('box %o', async (bad, message) => {
    const result = await run({ image: dicomPath, box: bad });
    expect(result.status).toBe('error');
    expect(result.message).toMatch(message);
  });

  it('rejects a box that is not four integers', async () => {
    expect((await run({ image: dicomPath, box: [1, 2, 3] })).message).toMatch(/Invalid arguments/);
    expect((await run({ image: dicomPath, box: [1.5, 2, 30, 40] })).message).toMatch(/Invalid arguments/);
  });

  it('refuses local paths inside a workup', async () => {
    const fhir = createFhirClient({ baseUrl: 'http://127.0.0.1:9/fhir' });
    const result = await run({ image: dicomPath, box }, { ...ctx, fhir } as typeof ctx);
    expect(result.status).toBe('error');
    expect(result.message).toMatch(/local file paths are refused/);
  });

  it('needs a FHIR connection for references and URLs', async () => {
    const result = await run({ image: 'ImagingStudy/x/series/1.2/instances/1.2.3', box });
    expect(result.message).toMatch(/needs a FHIR server connection/);
  });
});

describe('segment_lesion engines', () => {
  it('answers unavailable for medsam without model files, and auto falls back to classical saying why', async () => {
    const manifestDir = mkdtempSync(join(dir, 'm-'));
    writeFileSync(
      join(manifestDir, 'manifest.json'),
      JSON.stringify({
        models: [
          {
            id: 'medsam-vit-b',
            kind: 'segmentation',
            version: '1',
            files: { encoder: 'medsam/enc.onnx', decoder: 'medsam/dec.onnx' },
            validation: 'research-use-only',
            card: 'medsam/README.md',
          },
        ],
      })
    );
    const config = { config: readToolConfig({ ONCOAGENT_MODELS_DIR: manifestDir }) };
    const medsam = await run({ image: dicomPath, box, engine: 'medsam' }, config);
    expect(medsam.status).toBe('unavailable');
    expect(medsam.message).toMatch(/encoder file medsam\/enc\.onnx is not in/);
    const auto = await run({ image: dicomPath, box, engine: 'auto' }, config);
    expect(auto.status).toBe('ok');
    expect((auto.output as SegmentLesionOutput).engine).toBe('classical');
    expect(auto.warnings?.join(' ')).toMatch(/MedSAM not used: .*enc\.onnx/);
    const none = await run(
      { image: dicomPath, box, engine: 'medsam' },
      { config: readToolConfig({ ONCOAGENT_MODELS_DIR: modelsDir }) }
    );
    expect(none.status).toBe('unavailable');
  });
});

describe('segment_lesion spec', () => {
  it('describes every parameter for the model', () => {
    const spec = toolSpec(segmentLesionTool) as {
      parameters: { properties: Record<string, { description?: string }> };
    };
    expect(Object.keys(spec.parameters.properties)).toEqual(['image', 'box', 'engine', 'window', 'overlay']);
    for (const [name, schema] of Object.entries(spec.parameters.properties))
      expect(schema.description, name).toBeTruthy();
  });
});

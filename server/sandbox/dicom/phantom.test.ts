// Checks that phantoms are deterministic, decodable, and draw lesions exactly where the spec says.
import { describe, expect, it } from 'vitest';
import { decodeSlice } from '../../../common/dicom/decode';
import { deriveUid, generatePhantomSeries, generatePhantomSlice } from './phantom';
import { phantomLesionMask, phantomOrgans, renderPhantomSliceHu } from './phantom-anatomy';
import { lesionBoxPx, lesionKeySlice, lesionSectionMm, type PhantomSeriesSpec } from './phantom-spec';

const spec: PhantomSeriesSpec = {
  studyInstanceUid: '2.25.1001',
  seriesInstanceUid: '2.25.1001.2',
  patientId: 'MRN-0001',
  patientName: 'Doe^Jane',
  studyDate: '20240315',
  studyDescription: 'CT abdomen with contrast',
  seriesDescription: 'Axial 5mm',
  seriesNumber: 2,
  region: 'abdomen',
  slices: 5,
  rows: 512,
  columns: 512,
  pixelSpacingMm: 0.7,
  sliceThicknessMm: 5,
  lesions: [{ id: 'liver-seg7', centerMm: [115, 160, 10], radiiMm: [12, 10, 8], hu: 35 }],
  seed: 42,
};
const lesion = spec.lesions[0];

describe('generatePhantomSeries', () => {
  it('gives byte-identical output for the same spec, and different noise for another seed', () => {
    const a = generatePhantomSeries(spec);
    const b = generatePhantomSeries(structuredClone(spec));
    // Buffer.equals: a deep toEqual on megabytes of pixels takes seconds.
    const same = (x: Uint8Array, y: Uint8Array): boolean => Buffer.from(x).equals(y);
    expect(a.every((instance, i) => same(instance.bytes, b[i].bytes))).toBe(true);
    expect(same(generatePhantomSlice({ ...spec, seed: 43 }, 0).bytes, a[0].bytes)).toBe(false);
  });

  it('numbers instances and derives SOP UIDs from the series UID', () => {
    const series = generatePhantomSeries(spec);
    expect(series.map((i) => i.instanceNumber)).toEqual([1, 2, 3, 4, 5]);
    expect(series[2].sopInstanceUid).toBe('2.25.1001.2.3');
    const long = deriveUid(`1.2.${'9'.repeat(60)}`, 7);
    expect(long).toMatch(/^2\.25\.\d+$/);
    expect(long.length).toBeLessThanOrEqual(64);
  });

  it('round-trips through decodeSlice with the spec geometry and HU', () => {
    const key = lesionKeySlice(spec, lesion);
    const slice = decodeSlice(generatePhantomSlice(spec, key).bytes);
    expect(slice).toMatchObject({
      rows: 512,
      columns: 512,
      pixelSpacingMm: [0.7, 0.7],
      sliceThicknessMm: 5,
      windowCenter: 40,
      windowWidth: 400,
      rescaleIntercept: -1024,
      rescaleSlope: 1,
      modality: 'CT',
      instanceNumber: key + 1,
      studyInstanceUid: spec.studyInstanceUid,
      seriesInstanceUid: spec.seriesInstanceUid,
    });
    const at = (xMm: number, yMm: number): number => slice.values[Math.round(yMm / 0.7) * 512 + Math.round(xMm / 0.7)];
    const organ = (name: string) => phantomOrgans(spec).find((o) => o.name === name)!;
    expect(at(2, 2)).toBeCloseTo(-1000, -2); // air, within noise
    expect(Math.abs(at(lesion.centerMm[0], lesion.centerMm[1]) - 35)).toBeLessThan(25);
    expect(Math.abs(at(...organ('vertebra').centerMm) - 700)).toBeLessThan(25);
    const liver = organ('liver').centerMm;
    expect(Math.abs(at(liver[0] - 30, liver[1] + 30) - 60)).toBeLessThan(25);
  });

  it('draws the lesion with the ellipse area on the key slice, inside lesionBoxPx', () => {
    const key = lesionKeySlice(spec, lesion);
    const clean = { ...spec, noiseSdHu: 0 };
    const hu = decodeSlice(generatePhantomSlice(clean, key).bytes).values;
    const [rx, ry] = lesionSectionMm(spec, lesion, key);
    const expected = (Math.PI * rx * ry) / 0.7 ** 2;
    const [x1, y1, x2, y2] = lesionBoxPx(spec, lesion, 0);
    let count = 0;
    let outside = 0;
    hu.forEach((v, i) => {
      if (v !== 35) return;
      count++;
      const x = i % 512;
      const y = Math.floor(i / 512);
      if (x < x1 || x > x2 || y < y1 || y > y2) outside++;
    });
    expect(Math.abs(count - expected) / expected).toBeLessThan(0.03);
    expect(outside).toBe(0);
  });

  it('lets a midpoint threshold in the box reach Dice >= 0.9 despite the noise', () => {
    const key = lesionKeySlice(spec, lesion);
    const hu = decodeSlice(generatePhantomSlice(spec, key).bytes).values;
    const truth = phantomLesionMask(spec, lesion, key);
    const [x1, y1, x2, y2] = lesionBoxPx(spec, lesion);
    let both = 0;
    let predicted = 0;
    let actual = 0;
    for (let y = y1; y <= y2; y++) {
      for (let x = x1; x <= x2; x++) {
        const p = hu[y * 512 + x] < (60 + 35) / 2 ? 1 : 0;
        predicted += p;
        actual += truth[y * 512 + x];
        both += p & truth[y * 512 + x];
      }
    }
    expect((2 * both) / (predicted + actual)).toBeGreaterThan(0.9);
  });

  it('misses the lesion on slices beyond its z extent', () => {
    expect(renderPhantomSliceHu(spec, 0, 0).includes(35)).toBe(false);
    expect(renderPhantomSliceHu(spec, 2, 0).includes(35)).toBe(true);
  });

  it('draws lungs and a vertebra in a chest phantom', () => {
    const chest: PhantomSeriesSpec = { ...spec, region: 'chest', lesions: [], noiseSdHu: 0 };
    const hu = renderPhantomSliceHu(chest, 0, 0);
    const organ = (name: string) => phantomOrgans(chest).find((o) => o.name === name)!;
    const at = ([x, y]: [number, number]): number => hu[Math.round(y / 0.7) * 512 + Math.round(x / 0.7)];
    expect(at(organ('lung-right').centerMm)).toBe(-850);
    expect(at(organ('vertebra').centerMm)).toBe(700);
  });

  // Its speed is not asserted here (a loaded machine made a 50 ms bound fail); `oncoagent bench` measures time.
});

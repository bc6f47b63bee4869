// Accuracy and speed of the classical engine on CT phantoms whose lesion outlines are known exactly (oncoagent bench).
import { decodeSlice } from '../../../common/dicom/decode';
import { generatePhantomSlice } from '../../sandbox/dicom/phantom';
import { phantomLesionMask } from '../../sandbox/dicom/phantom-anatomy';
import {
  lesionBoxPx,
  lesionKeySlice,
  lesionSectionMm,
  type PhantomLesion,
  type PhantomSeriesSpec,
} from '../../sandbox/dicom/phantom-spec';
import { segmentClassical } from './classical';
import { measureMask } from './measure';

export interface SegmentationBench {
  cases: number;
  meanDice: number;
  /** Mean and maximum of |segmented area − true area| / true area, in %. */
  meanAreaErrorPct: number;
  maxAreaErrorPct: number;
  /** Mean |longest diameter − true section diameter| / true, in %. */
  meanDiameterErrorPct: number;
  /** Classical segmentation plus measurement of one 512 × 512 slice (decoding and overlay excluded). */
  msPerSlice512: number;
}

/** Liver-centred positions (mm) and lesion shapes: diameters 8–40 mm, round and oval, at sub-pixel offsets. */
const DIAMETERS_MM = [8, 10, 12, 16, 20, 25, 30, 40];
const POSITIONS: [number, number][] = [
  [128.3, 172.1],
  [141.7, 185.6],
  [121.9, 190.2],
];

/** A 512² abdomen phantom (0.78 mm pixels, 5 × 5 mm slices) holding one lesion. */
export function benchSpec(lesion: PhantomLesion, seed: number): PhantomSeriesSpec {
  return {
    studyInstanceUid: '2.25.4242',
    seriesInstanceUid: '2.25.4242.2',
    patientId: 'BENCH',
    patientName: 'Bench^Phantom',
    studyDate: '20250101',
    studyDescription: 'Segmentation benchmark',
    seriesDescription: 'Axial 5 mm',
    seriesNumber: 2,
    region: 'abdomen',
    slices: 5,
    rows: 512,
    columns: 512,
    pixelSpacingMm: 0.78,
    sliceThicknessMm: 5,
    lesions: [lesion],
    seed,
  };
}

/**
 * Generates phantoms (hypodense 35 HU lesions in 60 HU liver, default noise), segments each lesion on its key slice
 * from the radiologist-style box, and compares with the true outline.
 * @returns Dice, area and diameter errors, and milliseconds per slice.
 */
export async function benchSegmentation(): Promise<SegmentationBench> {
  const dice: number[] = [];
  const areaErrors: number[] = [];
  const diameterErrors: number[] = [];
  let ms = 0;
  let n = 0;
  for (const [i, d] of DIAMETERS_MM.entries()) {
    for (const [j, [x, y]] of POSITIONS.entries()) {
      const oval = j % 2 === 1 ? 0.75 : 1;
      const lesion: PhantomLesion = {
        id: `bench-${d}-${j}`,
        centerMm: [x, y, 10],
        radiiMm: [d / 2, (d / 2) * oval, d / 2],
        hu: 35,
      };
      const s = benchSpec(lesion, 1000 + i * 10 + j);
      const key = lesionKeySlice(s, lesion);
      const slice = decodeSlice(generatePhantomSlice(s, key).bytes);
      const grey = {
        width: slice.columns,
        height: slice.rows,
        values: slice.values,
        pixelSpacingMm: slice.pixelSpacingMm,
      };
      const started = performance.now();
      const { mask } = segmentClassical(grey, lesionBoxPx(s, lesion));
      const m = measureMask(mask, grey);
      ms += performance.now() - started;
      n++;
      const truth = phantomLesionMask(s, lesion, key);
      let both = 0;
      let a = 0;
      let b = 0;
      for (let k = 0; k < truth.length; k++) {
        a += truth[k];
        b += mask[k];
        both += truth[k] & mask[k];
      }
      dice.push((2 * both) / (a + b));
      areaErrors.push((Math.abs(b - a) / a) * 100);
      const trueDiameter = 2 * Math.max(...lesionSectionMm(s, lesion, key));
      diameterErrors.push((Math.abs((m?.longestDiameterMm ?? 0) - trueDiameter) / trueDiameter) * 100);
    }
  }
  const mean = (values: number[]): number => values.reduce((sum, v) => sum + v, 0) / values.length;
  const round = (v: number, digits: number): number => Math.round(v * 10 ** digits) / 10 ** digits;
  return {
    cases: n,
    meanDice: round(mean(dice), 4),
    meanAreaErrorPct: round(mean(areaErrors), 2),
    maxAreaErrorPct: round(Math.max(...areaErrors), 2),
    meanDiameterErrorPct: round(mean(diameterErrors), 2),
    msPerSlice512: round(ms / n, 1),
  };
}

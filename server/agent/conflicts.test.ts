// The cross-check of histology predictions against reported results: a disagreement is a conflict, an agreement is
// stated as such, and a prediction with nothing reported to compare says neither.
import { describe, expect, it } from 'vitest';
import type { WorkupToolCall } from '../../common/contracts';
import { findConflicts } from './conflicts';
import type { RecordBiomarkers } from './record/biomarkers';

const prediction = (target: string, label: string): WorkupToolCall => ({
  id: 'p1',
  tool: 'predict_biomarkers',
  args: {},
  status: 'ok',
  ms: 1,
  output: {
    predictions: [{ target, label, probability: 0.8, threshold: 0.5 }],
    model: { id: 'm', version: '1', validation: 'demo-not-clinically-validated' },
    disclaimer: 'Demo model.',
    topTiles: [0],
    bag: { n: 4, d: 8 },
    source: 'inline',
  },
});
const dmmr: RecordBiomarkers = {
  variants: [],
  msi: [],
  mmr: [{ ref: 'Observation/ihc', status: 'dMMR', text: 'loss of MLH1', verified: true }],
  tmb: [],
};

describe('findConflicts: prediction cross-check', () => {
  it('states agreement when the prediction matches the reported status', () => {
    const [f] = findConflicts(dmmr, [prediction('MSI', 'MSI-H')]);
    expect(f).toMatchObject({ kind: 'biomarker', sources: ['tool:p1', 'record:Observation/ihc'] });
    expect(f!.text).toMatch(/prediction \(MSI-H\) agrees with the reported dMMR/);
  });
  it('flags a conflict when it does not', () => {
    const [f] = findConflicts(dmmr, [prediction('MSI', 'MSS')]);
    expect(f).toMatchObject({ kind: 'conflict' });
  });
  it('says nothing when no result was reported for the target', () => {
    expect(findConflicts({ ...dmmr, mmr: [] }, [prediction('MSI', 'MSI-H')])).toEqual([]);
  });
});

// Checks the counts and labels shown beside a study thumbnail.
import { describe, expect, it } from 'vitest';
import { summarizeStudy } from './study-summary';

describe('summarizeStudy', () => {
  it('falls back to the series list for modality and counts', () => {
    const summary = summarizeStudy({
      resourceType: 'ImagingStudy',
      status: 'available',
      subject: { reference: 'Patient/p' },
      started: '2024-03-01T09:00:00Z',
      description: 'CT chest abdomen pelvis',
      series: [
        { uid: '1', modality: { code: 'CT' }, numberOfInstances: 120 },
        { uid: '2', modality: { code: 'CT' }, instance: [{ uid: 'a', sopClass: {} }] },
      ],
    });
    expect(summary).toEqual({
      date: '2024-03-01T09:00:00Z',
      modality: 'CT',
      description: 'CT chest abdomen pelvis',
      seriesCount: 2,
      instanceCount: 121,
    });
  });
});

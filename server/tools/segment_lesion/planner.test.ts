// segment_lesion measures marked lesions at a single time point too (a baseline), without a RECIST comparison.
import { describe, expect, it } from 'vitest';
import { factsWith, timePoint } from '../../agent/planner/test-facts';
import { segmentLesionRule } from './planner';

describe('segmentLesionRule with one marked time point', () => {
  it('segments each marked lesion and announces no response assessment', () => {
    const lesion = {
      image: 'ImagingStudy/s1/series/1/instances/1',
      box: [10, 10, 40, 40] as [number, number, number, number],
      label: 'liver lesion',
      source: 'DiagnosticReport/r1',
    };
    const facts = factsWith('Colon cancer', { imaging: [timePoint('s1', '2026-01-05', { lesions: [lesion] })] });
    let n = 0;
    const { calls, followUps } = segmentLesionRule().start({ facts, question: '', nextId: () => `c${++n}` });
    expect(calls.map((c) => c.args)).toEqual([{ image: lesion.image, box: lesion.box }]);
    expect(calls[0]?.reason).toMatch(/baseline/);
    expect(followUps).toEqual([]);
  });
});

describe('segmentLesionRule with two studies of one day', () => {
  it('measures both as one baseline and plans no RECIST comparison (staging CT and MRI of the same day)', () => {
    const mark = (study: string) => ({
      image: `ImagingStudy/${study}/series/1/instances/1`,
      box: [10, 10, 40, 40] as [number, number, number, number],
      source: `DiagnosticReport/${study}`,
    });
    const facts = factsWith('Colon cancer', {
      imaging: [
        timePoint('ct', '2026-01-05', { lesions: [mark('ct')] }),
        timePoint('mri', '2026-01-05', { lesions: [mark('mri')] }),
      ],
    });
    let n = 0;
    const { calls, followUps } = segmentLesionRule().start({ facts, question: '', nextId: () => `c${++n}` });
    expect(calls).toHaveLength(2);
    expect(followUps).toEqual([]);
  });
});

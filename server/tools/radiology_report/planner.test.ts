// radiology_report reads every study with retrievable images, reported or not, and leaves marked lesions to segmentation.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule, timePoint } from '../../agent/planner/test-facts';
import { radiologyReportRule } from './planner';

describe('radiologyReportRule', () => {
  it('reads a study that already has a report', () => {
    const facts = factsWith('Hepatocellular carcinoma', {
      imaging: [timePoint('s1', '2026-01-05', { reports: ['DiagnosticReport/r1'] })],
    });
    const [call] = startRule(radiologyReportRule(), facts);
    expect(call?.args).toMatchObject({ images: [{ image: 'ImagingStudy/s1/series/1/instances/1' }] });
  });
  it('does not read a study whose lesions are marked for measurement', () => {
    const lesion = {
      image: 'ImagingStudy/s1/series/1/instances/1',
      box: [1, 1, 5, 5] as [number, number, number, number],
      source: 'DiagnosticReport/r1',
    };
    expect(
      startRule(
        radiologyReportRule(),
        factsWith('Colon cancer', { imaging: [timePoint('s1', '2026-01-05', { lesions: [lesion] })] })
      )
    ).toEqual([]);
  });
});

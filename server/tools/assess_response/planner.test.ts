// assess_response compares lesion sizes written in imaging reports: two dated reports, or current and prior sizes.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { assessResponseRule } from './planner';

const report = (id: string, date: string, text: string) => ({ ref: `DiagnosticReport/${id}`, date, text });

describe('assessResponseRule', () => {
  it('pairs lesions of two CT reports by organ, in mm and cm', () => {
    const facts = factsWith('Rectal adenocarcinoma', {
      texts: [
        report(
          'late',
          '2026-04-02',
          'CT chest/abdomen. Liver metastasis in segment 6 now 2.1 cm. Lung nodule right lower lobe 9 mm.'
        ),
        report(
          'early',
          '2026-01-10',
          'CT chest/abdomen. Liver metastasis in segment 6 measuring 34 x 30 mm. Lung nodule right lower lobe 12 mm.'
        ),
      ],
    });
    const [call] = startRule(assessResponseRule(), facts);
    expect(call?.args).toEqual({
      baseline: [
        { id: 'liver-1', site: 'liver', diameterMm: 34 },
        { id: 'lung-2', site: 'lung', diameterMm: 12 },
      ],
      followUp: [
        { id: 'liver-1', site: 'liver', diameterMm: 21 },
        { id: 'lung-2', site: 'lung', diameterMm: 9 },
      ],
    });
  });
  it('uses the prior size a single report gives, and a node by its short axis', () => {
    const facts = factsWith('Colon cancer', {
      texts: [report('r', '2026-03-01', 'MRI: para-aortic lymph node 22 x 16 mm, previously 25 x 19 mm.')],
    });
    const [call] = startRule(assessResponseRule(), facts);
    expect(call?.args).toMatchObject({
      baseline: [{ site: 'lymph node', isLymphNode: true, diameterMm: 19 }],
      followUp: [{ site: 'lymph node', isLymphNode: true, diameterMm: 16 }],
    });
  });
  it('plans nothing from a pathology report or a report without sizes', () => {
    const facts = factsWith('Colon cancer', {
      texts: [
        report('p', '2026-01-01', 'Resection: tumour 45 mm, 0/14 nodes.'),
        report('c', '2026-02-01', 'CT: no new lesions.'),
      ],
    });
    expect(startRule(assessResponseRule(), facts)).toEqual([]);
  });
  it('does not compare two staging scans taken before the first line of therapy, nor a pathology report with sizes', () => {
    const texts = [
      report('ct', '2026-01-05', 'CT abdomen: liver metastasis segment 4 measuring 31 mm.'),
      report('mri', '2026-01-20', 'MRI liver: segment 4 metastasis 33 mm.'),
    ];
    const line = (start: string) => [{ start, drugs: ['oxaliplatin'], refs: ['MedicationRequest/m'] }];
    expect(
      startRule(assessResponseRule(), factsWith('Colon cancer', { texts, therapyLines: line('2026-02') }))
    ).toEqual([]);
    expect(
      startRule(assessResponseRule(), factsWith('Colon cancer', { texts, therapyLines: line('2026-01') }))
    ).toHaveLength(1);
    const pathology = report('path', '2026-03-01', 'Surgical pathology, liver resection (post-CT): metastasis 28 mm.');
    expect(
      startRule(assessResponseRule(), factsWith('Colon cancer', { texts: [texts[0]!, pathology], therapyLines: [] }))
    ).toEqual([]);
  });
});

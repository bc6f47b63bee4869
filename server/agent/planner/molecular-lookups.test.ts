// One look-up per actionable event, on invented records read through the real record reader: fusions keyed by the
// driver, HER2 and ERBB2 as one target, and negative, wild-type or pending results never looked up.
import { describe, expect, it } from 'vitest';
import { TestRecord } from './test-record';

const lookups = (r: TestRecord, q = 'What are the treatment options?') =>
  r
    .plan(q)
    .calls.filter((c) => c.tool === 'variant_actionability')
    .map((c) => c.args);

describe('molecular look-ups', () => {
  it('looks a fusion up once, by its driver gene, with the partner as context', () => {
    const record = new TestRecord()
      .condition('Adenocarcinoma of the lung, ALK rearranged')
      .variant('ALK', 'EML4::ALK fusion (exon 13 :: exon 20)');
    expect(lookups(record)).toEqual([expect.objectContaining({ gene: 'ALK', alteration: 'fusion', partner: 'EML4' })]);
    // ALK-fusion lung cancer, first line: the guideline answers it, no literature search.
    expect(record.plan('Best first-line treatment?').calls.map((c) => c.tool)).not.toContain('pubmed_search');
  });

  it('treats HER2 overexpression and ERBB2 amplification as one target', () => {
    const record = new TestRecord()
      .condition('Metastatic adenocarcinoma of the stomach')
      .text('HER2 IHC', '3+')
      .variant('ERBB2', 'ERBB2 amplification (copy number 15)');
    expect(lookups(record)).toEqual([expect.objectContaining({ gene: 'ERBB2', alteration: 'amplification' })]);
  });

  it.each([
    ['BRAF V600E mutation', 'Not detected'],
    ['HER2 amplification (ISH)', 'Not amplified'],
    ['NRAS mutation', 'Wild-type'],
    ['KRAS G12C', 'Negative'],
    ['ROS1 fusion', 'Pending'],
    ['FGFR2 fusion', 'No fusion detected'],
    ['EGFR mutation', 'Failed (insufficient tumour)'],
  ])('looks up nothing for "%s = %s"', (test, value) => {
    const record = new TestRecord().condition('Metastatic adenocarcinoma of the sigmoid colon').text(test, value);
    expect(lookups(record)).toEqual([]);
  });

  it('reads a list of negatives in a report as negatives for every gene named', () => {
    const record = new TestRecord()
      .condition('Adenocarcinoma of the lung')
      .report(
        'Molecular pathology',
        '2026-01-01',
        'EGFR exon 19 deletion detected. No ALK, ROS1, RET, NTRK rearrangement identified.'
      );
    expect(lookups(record).map((a) => (a as { gene: string }).gene)).toEqual(['EGFR']);
  });
});

// The workflow's rules across tools on invented records read through the real record reader: the report is read
// beside a segmentation, RECIST needs a treatment and two comparable scans, a dose question ends in the multiplication.
import { describe, expect, it } from 'vitest';
import type { PlannedCall, WorkupToolCall } from '../../../common/contracts';
import type { ClinicalScoreOutput } from '../../../common/contracts/tools';
import { createRulesPlanner } from './rules';
import { TestRecord, toolCounts } from './test-record';

const box = (image: number, at: string) => `Hepatic target segment VII, series 3 image ${image}, Location: ${at}.`;

function boxedPair(followUpConclusion: string): TestRecord {
  return new TestRecord()
    .condition('Metastatic adenocarcinoma of the sigmoid colon')
    .drug('FOLFOX', '2026-03-10')
    .study('s1', '2026-03-01')
    .report('CT abdomen', '2026-03-01', `${box(57, '[100, 120, 140, 160]')} Sum of targets 48 mm.`, 's1')
    .study('s2', '2026-06-01')
    .report('CT abdomen', '2026-06-01', `${box(55, '[100, 120, 150, 170]')} ${followUpConclusion}`, 's2');
}

describe('segmentation does not replace reading the report', () => {
  it('reads the marked studies when the follow-up report compares with earlier imaging (new lesion, growth)', () => {
    const plan = boxedPair('Growth of the hepatic target, new nodule in segment II.').plan('Is he progressing?');
    expect(toolCounts(plan)).toEqual({ segment_lesion: 2, radiology_report: 1, assess_response: 1 });
    const reading = plan.calls.find((c) => c.tool === 'radiology_report')!;
    expect(reading.reason).toMatch(/^Segmentation measures only the marked lesions; DiagnosticReport\/rep\d+ compares/);
    expect((reading.args as { images: { date: string }[] }).images.map((i) => i.date)).toEqual([
      '2026-03-01',
      '2026-06-01',
    ]);
  });

  it('leaves the reading out when the follow-up report only locates the lesions without comparing', () => {
    const plan = boxedPair('No comparison to previous imaging available.').plan('Is he progressing?');
    expect(toolCounts(plan)).toEqual({ segment_lesion: 2, assess_response: 1 });
  });
});

describe('RECIST needs a treatment and two comparable scans', () => {
  it('assesses no response at first diagnosis from staging scans of different regions', () => {
    const plan = new TestRecord()
      .condition('Adenocarcinoma of the rectum')
      .report('MRI pelvis', '2026-08-10', 'Rectal tumour 45 mm. Mesorectal lymph node 9 mm.')
      .report('CT chest abdomen', '2026-08-12', 'Rectal wall thickening 40 mm. Lymph node 8 mm. No metastases.')
      .plan('What is the treatment plan?');
    expect(toolCounts(plan).assess_response).toBeUndefined();
  });

  it('drops the comparison of marked staging scans taken before any treatment', () => {
    const plan = new TestRecord()
      .condition('Adenocarcinoma of the rectum')
      .study('s1', '2026-08-10')
      .report('MRI pelvis', '2026-08-10', 'Rectal tumour, series 3 image 40, Location: [100, 120, 140, 160].', 's1')
      .study('s2', '2026-08-12')
      .report(
        'CT thorax',
        '2026-08-12',
        'Nodule right lower lobe, series 3 image 20, Location: [50, 60, 70, 80].',
        's2'
      )
      .plan('What is the treatment plan?');
    expect(toolCounts(plan)).toEqual({ segment_lesion: 2 });
  });

  it('compares two reports of the same region with a treatment started before the later one', () => {
    const plan = new TestRecord()
      .condition('Metastatic adenocarcinoma of the pancreas')
      .drug('FOLFIRINOX', '2025-06-01', '2026-01-01')
      .report('CT abdomen', '2025-05-20', 'Pancreatic mass 35 mm. Liver metastasis 20 mm.')
      .report('CT abdomen', '2026-01-15', 'Progressive disease. Liver metastasis 45 mm.')
      .plan('What next?');
    expect(toolCounts(plan).assess_response).toBe(1);
  });
});

const stomach = () =>
  new TestRecord()
    .condition('Metastatic adenocarcinoma of the stomach')
    .lab('Body height', '8302-2', 165, 'cm')
    .lab('Body weight', '29463-7', 70, 'kg');

describe('dose questions', () => {
  it('multiplies the per-m² dose of the clinic note by the body surface area once it is computed', async () => {
    const record = stomach().note('Plan paclitaxel 80 mg/m2 weekly with ramucirumab.');
    expect(toolCounts(record.plan('What dose would that be?'))).toEqual({ clinical_score: 1, calculator: 1 });

    const planner = createRulesPlanner();
    let n = 0;
    const ctx = {
      record: record.record(),
      facts: record.facts(),
      question: 'What dose would that be?',
      tools: [],
      calls: [] as WorkupToolCall[],
      round: 0,
      maxCallsPerRound: 10,
      nextId: () => `c${++n}`,
    };
    const first = await planner.start(ctx as never);
    if (first.kind !== 'runAgain') throw new Error('expected the BSA call');
    const bsa: ClinicalScoreOutput = {
      score: 'bsa_mosteller',
      title: 'BSA',
      inputs: [],
      value: 1.79,
      interpretation: '1.79 m²',
      source: 't',
    };
    ctx.calls.push(...first.calls.map((c: PlannedCall) => ({ ...c, status: 'ok' as const, output: bsa, ms: 1 })));
    const second = await planner.next(ctx as never, ctx.calls);
    const calc = second.kind === 'runAgain' ? second.calls[0] : undefined;
    expect(calc).toMatchObject({ tool: 'calculator', args: { expression: '80 * 1.79' } });
    expect(calc?.reason).toMatch(/paclitaxel 80 mg\/m² \(DocumentReference\/doc\d+\) × body surface area 1\.79 m²/);
  });

  it('computes no body surface area when the question asks about fitness for a drug, not its dose', () => {
    const plan = stomach()
      .lab('Creatinine', '14682-9', 110, 'umol/L')
      .plan('Is he fit for cisplatin given his kidney function?');
    const scores = plan.calls.map((c) => (c.args as { score?: string }).score);
    expect(scores).toEqual(['crcl_cockcroft_gault']);
  });
});

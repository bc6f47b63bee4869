// The liver-cancer score triplet on invented records read through the real record reader: Child-Pugh, ALBI and BCLC
// whenever the labs are recorded, including when vascular invasion or extrahepatic spread alone makes the stage.
import { describe, expect, it } from 'vitest';
import { TestRecord, toolCounts } from './test-record';

const hcc = (condition = 'Hepatocellular carcinoma') =>
  new TestRecord().condition(condition).note('No ascites, no encephalopathy. ECOG 1.');

describe('HCC scores', () => {
  it('plans BCLC beside Child-Pugh and ALBI when portal-vein invasion is stated and spread is not (stage C either way)', () => {
    const record = hcc()
      .lab('Bilirubin', '1975-2', 2.2, 'mg/dL')
      .lab('Albumin', '1751-7', 3.1, 'g/dL')
      .lab('INR', '6301-6', 1.3, '{INR}')
      .report('CT liver', '2026-03-01', 'Single 8 cm tumour in the right lobe with portal vein tumour thrombus.');
    const plan = record.plan('Can he have immunotherapy plus bevacizumab?');
    expect(toolCounts(plan).clinical_score).toBe(3);
    expect(plan.followUps).toEqual([
      { tool: 'clinical_score', reason: 'BCLC stage once the Child-Pugh class is known' },
    ]);
  });

  it('plans BCLC on treatment with SI-unit labs and a new lung nodule suspicious for metastasis', () => {
    const record = hcc()
      .drug('Lenvatinib', '2025-10-01')
      .lab('Bilirubin', '14631-6', 18, 'umol/L')
      .lab('Albumin', '61151-7', 39, 'g/L')
      .lab('INR', '6301-6', 1.0, '{INR}')
      .report(
        'CT chest abdomen',
        '2026-03-01',
        'Two hepatic nodules, the larger 4.1 cm. New lung nodule, suspicious for metastasis.'
      );
    expect(record.facts().hccBurden).toMatchObject({ extrahepaticSpread: true, tumourCount: 2 });
    expect(toolCounts(record.plan('Next line of therapy?')).clinical_score).toBe(3);
  });

  it('reads portal-vein invasion from the problem list when the sizes come from a report', () => {
    const record = hcc('Hepatocellular carcinoma with portal vein invasion').report(
      'CT liver',
      '2026-03-01',
      'Single 9 cm mass in segment VII.'
    );
    expect(record.facts().hccBurden).toMatchObject({ vascularInvasion: true, tumourCount: 1, largestTumourCm: 9 });
  });
});

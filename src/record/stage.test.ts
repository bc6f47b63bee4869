// Stage text is composed once: never "stage Clinical stage IIIB".
import { describe, expect, it } from 'vitest';
import { conditionStage, stageText } from './stage';

describe('stageText', () => {
  it('adds "stage" only where the record does not already say it', () => {
    expect(stageText('IIIB')).toBe('stage IIIB');
    expect(stageText('Stage IVA')).toBe('stage IVA');
    expect(stageText('Clinical stage IIIB')).toBe('Clinical stage IIIB');
    expect(stageText('Pathological stage IIA (pT3 pN0 cM0), AJCC 8th edition')).toMatch(/^Pathological stage IIA/);
    expect(stageText('  ')).toBeUndefined();
  });

  it('reads the first stage summary of a condition', () => {
    const c = {
      resourceType: 'Condition' as const,
      subject: { reference: 'Patient/p' },
      stage: [{ summary: { text: 'Clinical stage IIIB' } }],
    };
    expect(conditionStage(c)).toBe('Clinical stage IIIB');
    expect(conditionStage({ ...c, stage: [] })).toBeUndefined();
  });
});

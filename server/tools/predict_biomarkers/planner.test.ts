// predict_biomarkers is planned whenever suitable histology exists, also to cross-check a reported status.
import { describe, expect, it } from 'vitest';
import { factsWith, startRule } from '../../agent/planner/test-facts';
import { predictBiomarkersRule } from './planner';

const slide = [{ ref: 'Media/he', kind: 'slide' as const, description: 'H&E slide' }];
const reported = {
  variants: [
    { ref: 'Observation/k', gene: 'KRAS', alteration: 'G12D', present: true, verified: true },
    { ref: 'Observation/b', gene: 'BRAF', alteration: 'wild-type', present: false, verified: true },
  ],
  msi: [{ ref: 'Observation/m', status: 'MSS' as const, text: 'stable', verified: true }],
  mmr: [],
  tmb: [],
};

describe('predictBiomarkersRule', () => {
  it('predicts all targets to cross-check statuses that are already reported', () => {
    const [call] = startRule(
      predictBiomarkersRule(),
      factsWith('Adenocarcinoma of sigmoid colon', { histology: slide, biomarkers: reported })
    );
    expect(call?.args).toEqual({ features: 'Media/he', targets: ['MSI', 'KRAS', 'BRAF'] });
    expect(call?.reason).toMatch(/cross-check the reported status/);
  });
  it('plans for gastric adenocarcinoma histology, not for pancreatic cancer', () => {
    expect(startRule(predictBiomarkersRule(), factsWith('Gastric adenocarcinoma', { histology: slide }))).toHaveLength(
      1
    );
    expect(
      startRule(predictBiomarkersRule(), factsWith('Pancreatic ductal adenocarcinoma', { histology: slide }))
    ).toEqual([]);
  });
  it('does not predict for squamous or neuroendocrine carcinoma of a suitable organ, nor for a gastric GIST', () => {
    for (const tumour of [
      'Squamous cell carcinoma of the oesophagus',
      'Neuroendocrine carcinoma of the stomach',
      'Gastrointestinal stromal tumour of the stomach',
    ]) {
      expect(startRule(predictBiomarkersRule(), factsWith(tumour, { histology: slide }))).toEqual([]);
    }
  });
});

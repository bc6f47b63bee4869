// The BCLC 2022 stages: names, first-line approach and expected survival as the 2022 update states them, and the source.

export type BclcStage = '0' | 'A' | 'B' | 'C' | 'D';

export const BCLC_SOURCE =
  'Reig M, Forner A, Rimola J, et al. BCLC strategy for prognosis prediction and treatment recommendation: the 2022 update. ' +
  'J Hepatol 2022;76(3):681–693.';

/** Per stage: name, first-line approach and expected survival (BCLC 2022, figure 1). */
export const BCLC_STAGES: Record<BclcStage, { name: string; survival: string; treatment: string }> = {
  '0': { name: 'very early', survival: '> 5 years', treatment: 'resection or ablation' },
  A: { name: 'early', survival: '> 5 years', treatment: 'resection, liver transplantation or ablation' },
  B: {
    name: 'intermediate',
    survival: '> 2.5 years',
    treatment:
      'liver transplantation within extended criteria, TACE, or systemic therapy for diffuse, infiltrative bilobar disease',
  },
  C: { name: 'advanced', survival: '> 2 years', treatment: 'systemic therapy' },
  D: { name: 'terminal', survival: '3 months', treatment: 'best supportive care' },
};

/**
 * One stage as a sentence: name, first-line approach and expected survival.
 * @param stage - The stage.
 * @returns E.g. "stage C (advanced): first-line approach systemic therapy; expected survival > 2 years".
 */
export function describeStage(stage: BclcStage): string {
  const s = BCLC_STAGES[stage];
  return `stage ${stage} (${s.name}): first-line approach ${s.treatment}; expected survival ${s.survival}`;
}

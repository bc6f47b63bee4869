// What a question asks: whether the disease changed (asked) or progression as the premise of "what next?", a test or a
// result, a dose, and the biomarkers it names.
import { describe, expect, it } from 'vitest';
import { markersNamed, questionIntent } from './question-intent';

describe('questionIntent', () => {
  it('tells a question about change from progression stated as the premise of a treatment question', () => {
    expect(questionIntent('Did the liver metastases grow?').response).toBe(true);
    expect(questionIntent('How did the disease develop? What are the next steps?').response).toBe(true);
    expect(questionIntent('Is this true progression or pseudoprogression on pembrolizumab?').response).toBe(true);
    expect(questionIntent('Restaging CT after four cycles: continue FOLFIRI?').response).toBe(true);
    expect(questionIntent('Patient is progressing on FOLFOX-bevacizumab. What next?').response).toBe(false);
    expect(questionIntent('Progressing liver metastases on FOLFIRI: which third-line option?').response).toBe(false);
    expect(questionIntent('Is he a candidate for second-line therapy after progression on FOLFOX?').response).toBe(
      false
    );
    expect(questionIntent('Has the disease progressed, and what should we do next?')).toMatchObject({
      response: true,
      treatment: true,
    });
  });

  it('treats a general workup as a question about what to do', () => {
    expect(questionIntent('')).toMatchObject({ response: false, treatment: true, testing: false, dose: false });
  });

  it('asks about a test when it names testing or a result, or names a biomarker without asking what to do', () => {
    expect(questionIntent('MSI by PCR is stable but MMR IHC shows MLH1 loss: which result holds?').testing).toBe(true);
    expect(questionIntent('Which biomarkers are missing before first-line therapy?').testing).toBe(true);
    expect(questionIntent('What is the HER2 status?').testing).toBe(true);
    expect(questionIntent('HER2 amplified: what are the treatment options?').testing).toBe(false);
    expect(questionIntent('Is she eligible for trastuzumab with HER2 3+?').testing).toBe(false);
    expect(questionIntent('What are the options for the tumour board?').testing).toBe(false);
  });

  it('asks for a dose only when a dose, AUC or body surface is named', () => {
    expect(questionIntent('Carboplatin AUC 5 dose for this patient?').dose).toBe(true);
    expect(questionIntent('What dose of capecitabine with her renal function?').dose).toBe(true);
    expect(questionIntent('Is she fit for cisplatin-based chemotherapy?').dose).toBe(false);
    expect(questionIntent('Progressed after carboplatin and paclitaxel: what next?').dose).toBe(false);
  });
});

describe('markersNamed', () => {
  it('names the biomarker groups of a question or heading, by gene or variant', () => {
    expect([...markersNamed('KRAS G12C-mutant mCRC')]).toEqual(['RAS']);
    expect([...markersNamed('Is the G12D variant actionable?')]).toEqual(['RAS']);
    expect([...markersNamed('MSI-H or dMMR and HER2-amplified')].sort()).toEqual(['HER2', 'MSI']);
    expect(markersNamed('Second-line systemic therapy for mCRC').size).toBe(0);
  });
});

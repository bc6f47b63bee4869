// General sections are cited only when the question or the record needs them: performance status when it decides,
// supportive care for a recorded problem, response criteria for a response question, staging for a staging question.
import { describe, expect, it } from 'vitest';
import { generalUnneeded, treatsRecordedProblem } from './general-scope';
import { type PatientFacts, patientFacts } from './patient-facts';
import { CRC_INPUT } from './testing/inputs';

const SCORES = 'Clinical scores and dosing formulas in oncology';
const SUPPORT = 'Supportive care in GI oncology';
const RECIST = 'RECIST 1.1 response evaluation in solid tumours, with iRECIST for immunotherapy';
const AJCC = 'AJCC 8th edition TNM staging - colorectal, lung, pancreas';
const p = patientFacts(CRC_INPUT);
const at = (section: string, title: string, facts: PatientFacts = p, question = '') =>
  generalUnneeded({ title, section }, facts, question);

describe('generalUnneeded', () => {
  it('leaves ECOG definitions out unless performance status is asked, poor, or only Karnofsky is recorded', () => {
    const ecog = 'ECOG performance status: definitions of grades 0 to 5';
    expect(at(ecog, SCORES)).toBeDefined();
    expect(at(ecog, SCORES, p, 'Is she fit for chemotherapy given her performance status?')).toBeUndefined();
    expect(at(ecog, SCORES, { ...p, ecog: 3 })).toBeUndefined();
    expect(at('Karnofsky performance status and correspondence with ECOG', SCORES, { ...p, karnofskyOnly: true })).toBe(
      undefined
    );
  });

  it('cites supportive care only for a problem the record or the question names', () => {
    const bp = 'Hypertension with anti-angiogenic therapy: monitoring and when to hold';
    expect(at(bp, SUPPORT, p)).toBeUndefined(); // the fixture records essential hypertension
    expect(at(bp, SUPPORT, { ...p, problems: 'Liver metastases' })).toMatch(/not a recorded problem/);
    expect(at('Malignant ascites: evaluation and palliative management', SUPPORT, p)).toMatch(/ascites/);
    expect(at('Early integration of palliative care in advanced cancer (ASCO)', SUPPORT, p)).toBeDefined();
    expect(
      at('Early integration of palliative care in advanced cancer (ASCO)', SUPPORT, { ...p, decisionLine: 4 })
    ).toBe(undefined);
  });

  it('keeps response criteria to response questions, iRECIST to immunotherapy, never the worked example', () => {
    const cats = 'Target lesion response categories and thresholds in RECIST 1.1';
    const noResponse = { ...p, responseInQuestion: false };
    expect(at(cats, RECIST, noResponse, 'What are the options?')).toBeDefined();
    expect(at(cats, RECIST, noResponse, 'Did the liver metastases grow?')).toBeUndefined();
    expect(at('iRECIST for immunotherapy response assessment', RECIST, p, 'Did it grow?')).toMatch(/immunotherapy/);
    expect(at('Worked example of RECIST 1.1 calculations', RECIST, p, 'Did it grow?')).toBeDefined();
  });

  it('cites staging tables for a staging question or before metastasis, not as a note in metastatic disease', () => {
    const groups = 'Colorectal cancer stage groups in AJCC 8th edition';
    expect(at(groups, AJCC, p, 'What are the options?')).toBeDefined();
    expect(at(groups, AJCC, p, 'What is the stage?')).toBeUndefined();
    expect(at(groups, AJCC, { ...p, setting: 'localized' }, '')).toBeUndefined();
  });

  it('says nothing about sections that are not general', () => {
    expect(at('Second-line systemic therapy for mCRC', 'Metastatic colorectal cancer')).toBeUndefined();
  });
  it('treats only an affirmed problem: "no ascites" in a report names the topic but records nothing to treat', () => {
    const ascites = { title: SUPPORT, section: 'Malignant ascites: evaluation and palliative management' };
    expect(treatsRecordedProblem(ascites, { ...p, problems: 'CT: liver metastases, moderate ascites' }, '')).toBe(true);
    expect(treatsRecordedProblem(ascites, { ...p, problems: 'CT: liver metastases; no ascites' }, '')).toBe(false);
    expect(treatsRecordedProblem(ascites, { ...p, problems: 'Without ascites or pleural effusion' }, '')).toBe(false);
  });
});

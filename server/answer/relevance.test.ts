// Relevance of a guideline passage to the patient, one rule per test: other tumours go, a biomarker group the patient
// is not in becomes evidence against, another stage, setting, primary site or metastatic site is ranked down or goes.
import { describe, expect, it } from 'vitest';
import { type PatientFacts, patientFacts } from './patient-facts';
import { passageRelevance } from './relevance';
import { CRC_INPUT, ICC_INPUT, STAGE3_INPUT } from './testing/inputs';

const MCRC = 'Metastatic colorectal cancer - biomarker-driven systemic therapy by line';
const LIVER = 'Oligometastatic colorectal cancer - liver-directed, lung and peritoneal local treatment';
const passage = (section: string, title = MCRC) => ({ title, section });
const kras = patientFacts(CRC_INPUT);
const with_ = (over: Partial<PatientFacts>): PatientFacts => ({ ...kras, ...over });

describe('passageRelevance', () => {
  it('drops a passage written for another tumour', () => {
    const r = passageRelevance(
      passage('HER2-positive biliary tract cancer: zanidatamab', 'Biliary tract cancer'),
      kras
    );
    expect(r.drop).toBe(true);
  });

  it('keeps an anti-EGFR passage for RAS wild-type disease only as evidence against, naming the mutation', () => {
    const r = passageRelevance(passage('First-line systemic therapy for RAS wild-type left-sided mCRC'), kras);
    expect(r).toMatchObject({ drop: false, against: 'KRAS G12D' });
    const wild = with_({ markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } } });
    expect(
      passageRelevance(passage('First-line systemic therapy for RAS wild-type left-sided mCRC'), wild).against
    ).toBeUndefined();
  });

  it('treats immunotherapy for MSI-H disease as evidence against in MSS disease, but not while MSI results disagree', () => {
    expect(passageRelevance(passage('Immunotherapy for MSI-H or dMMR mCRC'), kras).against).toBe('MSS');
    const icc = patientFacts(ICC_INPUT);
    const btc = passage('MSI-H/dMMR and TMB-high biliary tract cancer: pembrolizumab', 'Biliary tract cancer');
    expect(passageRelevance(btc, icc)).toMatchObject({ drop: false, rank: 1 });
    expect(passageRelevance(btc, icc).against).toBeUndefined();
  });

  it('lets a patient into an "A or B" group through either branch', () => {
    const rightWild = with_({ side: 'right', markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } } });
    const r = passageRelevance(passage('First-line systemic therapy for RAS-mutant or right-sided mCRC'), rightWild);
    expect(r.against).toBeUndefined();
    const leftWild = with_({ markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } } });
    expect(
      passageRelevance(passage('First-line systemic therapy for RAS-mutant or right-sided mCRC'), leftWild).against
    ).toBe('RAS wild-type');
  });

  it('drops stage II adjuvant risk guidance for a stage III patient and keeps the stage III section', () => {
    const p = patientFacts(STAGE3_INPUT);
    const title = 'Localized colon and rectal cancer - workup, surgery, adjuvant and neoadjuvant therapy';
    expect(passageRelevance(passage('High-risk stage II colon cancer and adjuvant chemotherapy', title), p).drop).toBe(
      true
    );
    expect(passageRelevance(passage('Adjuvant chemotherapy for stage III colon cancer', title), p)).toMatchObject({
      drop: false,
      rank: 1,
    });
  });

  it('drops transplantation for liver-only metastases when metastases are also outside the liver', () => {
    const heading = 'Liver transplantation for unresectable liver-only colorectal metastases';
    expect(passageRelevance(passage(heading, LIVER), with_({ metastasisSites: ['liver', 'lung'] }))).toMatchObject({
      drop: true,
      why: 'metastases outside the liver (lung)',
    });
    expect(passageRelevance(passage(heading, LIVER), kras).drop).toBe(false);
    expect(passageRelevance(passage(heading, LIVER), patientFacts(STAGE3_INPUT)).drop).toBe(true);
  });

  it('ranks down local treatment of a metastatic site the patient does not have', () => {
    const r = passageRelevance(passage('Local treatment of lung metastases from colorectal cancer', LIVER), kras);
    expect(r).toMatchObject({ drop: false, rank: -1 });
    expect(passageRelevance(passage('Thermal ablation of colorectal liver metastases', LIVER), kras).rank).toBe(1);
    // Without metastases, guidance on treating metastases does not apply at all.
    const local = passageRelevance(
      passage('Thermal ablation of colorectal liver metastases', LIVER),
      patientFacts(STAGE3_INPUT)
    );
    expect(local.drop).toBe(true);
  });

  it('drops rectal-only guidance for a colon primary and ranks curative-setting guidance down in metastatic disease', () => {
    expect(passageRelevance(passage('Total neoadjuvant therapy for locally advanced rectal cancer'), kras).drop).toBe(
      true
    );
    const adjuvant = passageRelevance(
      passage('Duration of oxaliplatin-based adjuvant therapy according to IDEA risk groups'),
      kras
    );
    expect(adjuvant).toMatchObject({ drop: false, rank: -1 });
    expect(passageRelevance(passage('Second-line systemic therapy for mCRC'), kras).rank).toBe(1);
  });
});

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
/** The same patient before the first-line decision (first-line text applies). */
const firstLine = with_({ decisionLine: 1, progression: false });

describe('passageRelevance', () => {
  it('drops a passage written for another tumour', () => {
    const r = passageRelevance(
      passage('HER2-positive biliary tract cancer: zanidatamab', 'Biliary tract cancer'),
      kras
    );
    expect(r.drop).toBe(true);
  });

  it('keeps an anti-EGFR passage for RAS wild-type disease only as evidence against, naming the mutation', () => {
    const r = passageRelevance(passage('First-line systemic therapy for RAS wild-type left-sided mCRC'), firstLine);
    expect(r).toMatchObject({ drop: false, against: 'KRAS G12D' });
    const wild = { ...firstLine, markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } } } as PatientFacts;
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
    const rightWild = {
      ...firstLine,
      side: 'right',
      markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } },
    } as PatientFacts;
    const r = passageRelevance(passage('First-line systemic therapy for RAS-mutant or right-sided mCRC'), rightWild);
    expect(r.against).toBeUndefined();
    const leftWild = {
      ...firstLine,
      markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } },
    } as PatientFacts;
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

  it('reads "non-metastatic" in a heading as localized scope, not as text for metastatic disease', () => {
    const p = { ...patientFacts(STAGE3_INPUT), resected: false };
    const title = 'Localized colon and rectal cancer - workup, surgery, adjuvant and neoadjuvant therapy';
    const workup = passage('Diagnostic workup of newly diagnosed non-metastatic colorectal cancer', title);
    expect(passageRelevance(workup, p)).toMatchObject({ drop: false, rank: 1 });
    expect(passageRelevance(passage('Molecular testing required before first-line treatment of mCRC'), p).drop).toBe(
      true
    );
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

  it('drops local treatment of a metastatic site the patient does not have', () => {
    const r = passageRelevance(passage('Local treatment of lung metastases from colorectal cancer', LIVER), kras);
    expect(r).toMatchObject({ drop: true, why: 'no lung metastases recorded' });
    expect(passageRelevance(passage('Thermal ablation of colorectal liver metastases', LIVER), kras).rank).toBe(1);
    // Without metastases, guidance on treating metastases does not apply at all.
    const local = passageRelevance(
      passage('Thermal ablation of colorectal liver metastases', LIVER),
      patientFacts(STAGE3_INPUT)
    );
    expect(local.drop).toBe(true);
  });

  it('drops rectal-only guidance for a colon primary and curative-setting guidance in metastatic disease', () => {
    expect(passageRelevance(passage('Total neoadjuvant therapy for locally advanced rectal cancer'), kras).drop).toBe(
      true
    );
    const adjuvant = passageRelevance(
      passage('Duration of oxaliplatin-based adjuvant therapy according to IDEA risk groups'),
      kras
    );
    expect(adjuvant).toMatchObject({ drop: true, why: 'written for localized disease' });
    expect(passageRelevance(passage('Second-line systemic therapy for mCRC'), kras).rank).toBe(1);
  });
});

describe('passageRelevance by coverage, line and group', () => {
  it('borrows nothing for a tumour the knowledge has no document for', () => {
    const anal = { ...kras, tumour: new Set<string>(), uncovered: 'anal cancer', markers: {} } as PatientFacts;
    expect(passageRelevance(passage('Second-line systemic therapy for mCRC'), anal)).toMatchObject({ drop: true });
    expect(
      passageRelevance(passage('Supportive care in pancreatic cancer: enzyme replacement', 'Pancreatic cancer'), anal)
        .drop
    ).toBe(true);
  });

  it('drops first-line text at a later-line decision and later-line text at the first', () => {
    expect(passageRelevance(passage('Maintenance therapy after first-line induction in mCRC'), kras).drop).toBe(true);
    expect(passageRelevance(passage('Second-line systemic therapy for mCRC'), kras).drop).toBe(false);
    expect(passageRelevance(passage('Later-line therapy for refractory mCRC'), firstLine).drop).toBe(true);
  });

  it('keeps reconciliation text for discordant results only', () => {
    expect(
      passageRelevance(passage('Reconciling discordant MSI, MMR immunohistochemistry and NGS results'), kras).drop
    ).toBe(true);
    const discordant = {
      ...kras,
      markers: { 'MSI-H/dMMR': { status: 'discordant', detail: 'MSI-H / pMMR' } },
    } as PatientFacts;
    expect(
      passageRelevance(passage('Reconciling discordant MSI, MMR immunohistochemistry and NGS results'), discordant).drop
    ).toBe(false);
  });

  it('reads a setting from the subject of a title, not from the topics it lists', () => {
    const btc = 'Biliary tract cancer — subtypes, adjuvant and first-line therapy, molecular targets';
    const metastatic = { ...kras, tumour: new Set(['biliary']), markers: {} } as PatientFacts;
    expect(
      passageRelevance(passage('Second-line chemotherapy for advanced biliary tract cancer (ABC-06)', btc), metastatic)
    ).toMatchObject({ drop: false, rank: 1 });
  });

  it('drops upper-GI passages written for another subsite or histology', () => {
    const title = 'Gastric and oesophageal cancer - biomarkers, perioperative and advanced-disease therapy';
    // Localized, before any treatment: only subsite and histology decide here.
    const upper = (primary: string) =>
      with_({
        tumour: new Set(['gastro-oesophageal']),
        tumourType: 'gastric adenocarcinoma',
        primarySite: primary,
        setting: 'localized',
        stageGroup: 'IIB',
        metastasisSites: [],
        markers: {},
        decisionLine: 1,
        progression: false,
      });
    const gastric = upper('Adenocarcinoma of the gastric body');
    const cross = passage(
      'Oesophageal cancer: neoadjuvant chemoradiotherapy (CROSS) versus perioperative FLOT (ESOPEC)',
      title
    );
    expect(passageRelevance(cross, gastric).drop).toBe(true);
    expect(passageRelevance(cross, upper('Adenocarcinoma of the gastro-oesophageal junction')).drop).toBe(false);
    const escc = {
      ...gastric,
      tumourType: 'oesophageal cancer',
      primarySite: 'Squamous cell carcinoma of the mid oesophagus',
    };
    const her2 = passage('HER2 testing and scoring in gastric and GEJ adenocarcinoma', title);
    expect(passageRelevance(her2, escc)).toMatchObject({ drop: true });
    expect(passageRelevance(her2, gastric).drop).toBe(false);
  });
});

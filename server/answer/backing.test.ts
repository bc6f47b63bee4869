// A quoted passage is cited only when the answer rests on it: the patient's own biomarker group, setting and line,
// or the reference text the question asks for. A passage that is merely not excluded is further reading.
import { describe, expect, it } from 'vitest';
import { backsAnswer } from './backing';
import { type PatientFacts, patientFacts } from './patient-facts';
import { CRC_INPUT, STAGE3_INPUT } from './testing/inputs';

const MCRC = 'Metastatic colorectal cancer - biomarker-driven systemic therapy by line';
const at = (section: string, title = MCRC) => ({ title, section });
/** KRAS G12D, MSS, left-sided, metastatic, deciding the second line. */
const kras = patientFacts(CRC_INPUT);

describe('backsAnswer', () => {
  it('backs with the section for the patient’s line and setting, not the line already passed', () => {
    expect(backsAnswer(at('Second-line systemic therapy for mCRC'), kras, '')).toBeDefined();
    expect(backsAnswer(at('First-line systemic therapy for RAS-mutant or right-sided mCRC'), kras, '')).toBeUndefined();
    expect(
      backsAnswer(
        at('First-line systemic therapy for RAS-mutant or right-sided mCRC'),
        { ...kras, decisionLine: 1 },
        ''
      )
    ).toBeDefined();
  });

  it('backs with a biomarker group only when the record places the patient in it', () => {
    const her2 = at('HER2-amplified mCRC');
    expect(backsAnswer(her2, kras, '')).toBeUndefined();
    const positive: PatientFacts = {
      ...kras,
      markers: { ...kras.markers, HER2: { status: 'positive', detail: 'HER2 positive' } },
    };
    expect(backsAnswer(her2, positive, '')).toBeDefined();
  });

  it('leaves descriptive sections uncited unless the question asks about them', () => {
    const effects = at('Side effects of targeted agents used in mCRC');
    expect(backsAnswer(effects, kras, 'What next?')).toBeUndefined();
    expect(backsAnswer(effects, kras, 'Which side effects should we watch for?')).toBeDefined();
  });

  it('backs with reference text only for the question that asks for it', () => {
    const recist = at('Target lesion response categories and thresholds in RECIST 1.1', 'RECIST 1.1 response criteria');
    expect(backsAnswer(recist, kras, 'Did the liver metastases grow?')).toBeDefined();
    expect(backsAnswer(recist, kras, 'Which first-line regimen?')).toBeUndefined();
    // A sibling rule that does not make the call is cited only when the question names it.
    const nonTarget = at('Non-target lesion assessment in RECIST 1.1', 'RECIST 1.1 response criteria');
    expect(backsAnswer(nonTarget, kras, 'Did the liver metastases grow?')).toBeUndefined();
    expect(backsAnswer(nonTarget, kras, 'Do the non-target lesions count as progression?')).toBeDefined();
    const staging = at('Colon and rectum: T category', 'AJCC 8th edition staging');
    expect(backsAnswer(staging, kras, 'What is the stage?')).toBeDefined();
    expect(backsAnswer(staging, kras, 'Is she fit for chemotherapy?')).toBeUndefined();
  });

  it('backs a resected stage III patient with adjuvant text, not with metastatic text', () => {
    const p = patientFacts(STAGE3_INPUT);
    const title = 'Localized colon and rectal cancer - workup, surgery, adjuvant and neoadjuvant therapy';
    expect(backsAnswer(at('Adjuvant chemotherapy for stage III colon cancer', title), p, '')).toBeDefined();
    expect(backsAnswer(at('Second-line systemic therapy for mCRC'), p, '')).toBeUndefined();
  });

  it('backs HCC decisions with BCLC allocation first, with the BCLC stage only while it is unknown or asked', () => {
    const hcc: PatientFacts = { ...kras, tumour: new Set(['hcc']), setting: undefined, bclc: 'B', decisionLine: 1 };
    const title = 'Hepatocellular carcinoma - diagnosis, staging and treatment';
    const allocation = at('BCLC 2022 treatment allocation by stage', title);
    const staging = at('BCLC 2022 staging of hepatocellular carcinoma', title);
    expect(backsAnswer(allocation, hcc, 'What treatment do you recommend?')).toBeDefined();
    expect(backsAnswer(allocation, { ...hcc, decisionLine: 2 }, 'What next after sorafenib?')).toBeUndefined();
    expect(backsAnswer(staging, hcc, 'What treatment do you recommend?')).toBeUndefined();
    expect(backsAnswer(staging, { ...hcc, bclc: undefined }, 'What treatment do you recommend?')).toBeDefined();
    expect(
      backsAnswer(at('Transarterial chemoembolisation (TACE) for intermediate-stage HCC', title), hcc, '')
    ).toBeDefined();
  });

  it('cites the Karnofsky scale only when it is the recorded measure or is asked', () => {
    const karnofsky = at('Karnofsky performance status and correspondence with ECOG', 'Clinical scores');
    expect(backsAnswer(karnofsky, kras, 'Is he fit for chemotherapy?')).toBeUndefined();
    expect(backsAnswer(karnofsky, { ...kras, karnofskyOnly: true }, 'Is he fit for chemotherapy?')).toBeDefined();
  });

  it('backs the conflict the answer states with the text on reconciling it, only while results disagree', () => {
    const reconcile = at('Reconciling discordant MSI/MMR immunohistochemistry and NGS results', 'Biomarker testing');
    const discordant: PatientFacts = {
      ...kras,
      markers: { ...kras.markers, 'MSI-H/dMMR': { status: 'discordant', detail: 'MSI-H / pMMR' } },
    };
    expect(backsAnswer(reconcile, discordant, '')).toBeDefined();
    expect(backsAnswer(reconcile, kras, '')).toBeUndefined();
  });
  it('leaves response criteria uncited when progression is the premise of a "what next?" question', () => {
    const recist = at('Target lesion response categories and thresholds in RECIST 1.1', 'RECIST 1.1 response criteria');
    expect(backsAnswer(recist, kras, 'Progressing on FOLFOX-bevacizumab: what next?')).toBeUndefined();
    expect(backsAnswer(recist, kras, 'Has the disease progressed on FOLFOX-bevacizumab?')).toBeDefined();
    const newLesions = at('New lesions and FDG-PET in RECIST 1.1', 'RECIST 1.1 response criteria');
    expect(backsAnswer(newLesions, kras, 'New liver lesions on FOLFIRI: which next line?')).toBeUndefined();
    expect(backsAnswer(newLesions, kras, 'Do the new lesions count as progression?')).toBeDefined();
  });

  it('cites a dosing formula for a dose question only, and renal thresholds for a cisplatin-fitness question', () => {
    const scores = 'Clinical scores and dosing formulas in oncology';
    const bsa = at('Body surface area: Mosteller and DuBois formulas', scores);
    const renal = at('Renal function thresholds for cisplatin eligibility', scores);
    const calvert = at('Carboplatin dosing with the Calvert formula', scores);
    expect(backsAnswer(bsa, kras, 'Is she fit for cisplatin-based chemotherapy?')).toBeUndefined();
    expect(backsAnswer(renal, kras, 'Is she fit for cisplatin-based chemotherapy?')).toBeDefined();
    expect(backsAnswer(bsa, kras, 'What FOLFIRI dose for her body surface area?')).toBeDefined();
    expect(backsAnswer(calvert, kras, 'Progressed after carboplatin and paclitaxel: what next?')).toBeUndefined();
    expect(backsAnswer(calvert, kras, 'Which carboplatin dose for AUC 5?')).toBeDefined();
  });

  it('cites testing text for a question about a test, and only on the biomarker the question names', () => {
    const gastric = 'Gastric, gastro-oesophageal junction and oesophageal cancer';
    const her2Scoring = at('HER2 testing and scoring in gastric and GEJ adenocarcinoma', gastric);
    const gej: PatientFacts = { ...kras, tumour: new Set(['gastro-oesophageal']), markers: {} };
    expect(backsAnswer(her2Scoring, gej, 'MSI-H by PCR but MMR IHC intact: which result holds?')).toBeUndefined();
    expect(backsAnswer(her2Scoring, gej, 'HER2 IHC 2+: is ISH needed?')).toBeDefined();
    const workup = at('Molecular testing required before first-line treatment of mCRC');
    expect(backsAnswer(workup, kras, 'KRAS G12D: what are the options after FOLFOX?')).toBeUndefined();
    expect(backsAnswer(workup, kras, 'Which biomarkers still need testing?')).toBeDefined();
  });

  it('does not answer a question about one biomarker with the text of another biomarker group', () => {
    const wild: PatientFacts = {
      ...kras,
      decisionLine: 1,
      markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } },
    };
    const rasWild = at('First-line systemic therapy for RAS wild-type left-sided mCRC');
    expect(backsAnswer(rasWild, wild, 'HER2 is amplified: does that change first-line therapy?')).toBeUndefined();
    expect(backsAnswer(rasWild, wild, 'RAS wild-type, left-sided: which first-line regimen?')).toBeDefined();
    expect(backsAnswer(rasWild, wild, 'What are the options for the tumour board?')).toBeDefined();
  });

  it('treats sidedness evidence as first-line evidence and maintenance as a decision taken during induction', () => {
    const wild: PatientFacts = { ...kras, markers: { RAS: { status: 'negative', detail: 'RAS wild-type' } } };
    const sided = at('Primary tumour sidedness and anti-EGFR benefit in RAS wild-type mCRC');
    expect(backsAnswer(sided, { ...wild, decisionLine: 2 }, 'What next after FOLFOX-panitumumab?')).toBeUndefined();
    expect(backsAnswer(sided, { ...wild, decisionLine: 1 }, 'Which first-line regimen?')).toBeDefined();
    const maintenance = at('Maintenance therapy after first-line induction in mCRC');
    const untreated: PatientFacts = { ...kras, decisionLine: 1, ongoing: false };
    expect(backsAnswer(maintenance, untreated, 'Which first-line regimen?')).toBeUndefined();
    expect(
      backsAnswer(maintenance, { ...untreated, ongoing: true }, 'Stable after 6 months of FOLFOX: what now?')
    ).toBe("the patient's setting and line");
  });

  it('restates the BCLC stage only before the first decision or when asked, not for growth or a later line', () => {
    const title = 'Hepatocellular carcinoma - diagnosis, staging and treatment';
    const staging = at('BCLC 2022 staging of hepatocellular carcinoma', title);
    const hcc: PatientFacts = { ...kras, tumour: new Set(['hcc']), setting: undefined, decisionLine: 1 };
    expect(backsAnswer(staging, hcc, 'What treatment do you recommend?')).toBeDefined();
    expect(backsAnswer(staging, hcc, 'Did the liver lesions grow on TACE?')).toBeUndefined();
    expect(backsAnswer(staging, { ...hcc, decisionLine: 2 }, 'Which second-line option?')).toBeUndefined();
    expect(backsAnswer(staging, { ...hcc, decisionLine: 2 }, 'What is the BCLC stage now?')).toBeDefined();
  });
});

// A guideline passage on a missing test is cited beside the missing-test line only when its scope fits the patient and
// the test can change the decision asked about.
import { describe, expect, it } from 'vitest';
import { type PatientFacts, patientFacts } from './patient-facts';
import { citeTestPassage, testDecides, testingScopeFits } from './test-passage';
import { CRC_INPUT, STAGE3_INPUT } from './testing/inputs';

const MCRC = 'Metastatic colorectal cancer - biomarker-driven systemic therapy by line';
const GASTRIC = 'Gastric, gastro-oesophageal junction and oesophageal cancer';
const BTC = 'Biliary tract cancer — subtypes, adjuvant and first-line therapy, molecular targets';
const mcrcTesting = { title: MCRC, section: 'Molecular testing required before first-line treatment of mCRC' };
const RAS_LINE = 'RAS (KRAS/NRAS) mutation status is not in the record.';
/** KRAS G12D, MSS, left-sided, metastatic, deciding the second line. */
const kras = patientFacts(CRC_INPUT);
const stage3 = patientFacts(STAGE3_INPUT);

describe('testingScopeFits', () => {
  it('fits the metastatic work-up to metastatic disease, not to a resected patient without recurrence', () => {
    expect(testingScopeFits(mcrcTesting, kras, '')).toBe(true);
    expect(testingScopeFits(mcrcTesting, stage3, '')).toBe(false);
    const resectedBtc: PatientFacts = {
      ...kras,
      tumour: new Set(['biliary']),
      setting: undefined,
      resected: true,
      progression: false,
    };
    const profiling = {
      title: BTC,
      section: 'Molecular profiling for every patient with advanced biliary tract cancer',
    };
    expect(testingScopeFits(profiling, resectedBtc, '')).toBe(false);
    expect(testingScopeFits(profiling, { ...resectedBtc, progression: true }, '')).toBe(true);
  });

  it('does not fit an adenocarcinoma work-up to squamous oesophageal cancer', () => {
    const squamous: PatientFacts = {
      ...kras,
      tumour: new Set(['gastro-oesophageal']),
      tumourType: 'Squamous cell carcinoma of the oesophagus',
      primarySite: 'Mid oesophagus',
      markers: {},
    };
    const workup = {
      title: GASTRIC,
      section: 'Biomarker work-up for advanced gastric and gastro-oesophageal junction adenocarcinoma',
    };
    expect(testingScopeFits(workup, squamous, '')).toBe(false);
    expect(testingScopeFits(workup, { ...squamous, tumourType: 'Adenocarcinoma of the stomach' }, '')).toBe(true);
  });
});

describe('testDecides', () => {
  it('lets the missing test decide a question about tests, one naming it, or what to do while no regimen works', () => {
    expect(testDecides(RAS_LINE, kras, 'Which tests are still needed?')).toBe(true);
    expect(testDecides(RAS_LINE, { ...kras, ongoing: true }, 'Is KRAS relevant for maintenance?')).toBe(true);
    expect(testDecides(RAS_LINE, kras, 'What are the options after FOLFOX?')).toBe(true);
    expect(testDecides(RAS_LINE, { ...kras, ongoing: true }, 'Should we switch to maintenance?')).toBe(false);
    expect(testDecides(RAS_LINE, kras, 'Did the liver metastases grow?')).toBe(false);
  });

  it('needs both a fitting scope and a deciding test to cite the passage', () => {
    expect(citeTestPassage(RAS_LINE, mcrcTesting, kras, 'What next?')).toBe(true);
    expect(citeTestPassage(RAS_LINE, mcrcTesting, stage3, 'What adjuvant treatment should we offer?')).toBe(false);
  });
});

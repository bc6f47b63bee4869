// Test fixtures: answer inputs in the exact shape the agent passes (its record summary format, findings with citation
// tokens, finished tool calls), small enough to read, for unit tests that need no sandbox.
import type { AnswerInput } from '../types';

/** Metastatic colorectal cancer on FOLFOX + bevacizumab with hypertension, KRAS G12D and measured progression. */
export const CRC_INPUT: AnswerInput = {
  question: 'Did the liver metastases grow? Options for the tumour board?',
  patientSummary: [
    'Patient: 63-year-old male',
    'Primary cancer: Adenocarcinoma of sigmoid colon (colorectal cancer) [Condition/crc]; stage: Stage IVA (cT3 cN1 cM1a), AJCC 8th edition',
    'Other conditions: Liver metastases (segments VII and IVa) [Condition/mets]; Essential hypertension [Condition/htn]',
    'Molecular: KRAS p.Gly12Asp present [Observation/kras]; MSI: MSS by NGS (2026-08-12) [Observation/msi]',
    'ECOG: 1 [Observation/ecog]',
    'Labs (latest): Carcinoembryonic Ag [Mass/volume] in Serum or Plasma 93.7 ng/mL (2026-11-09) [Observation/cea]',
    'Therapy: oxaliplatin (active, ordered 2026-08-28): mFOLFOX6 + bevacizumab, first line; bevacizumab (active, ordered 2026-08-28): mFOLFOX6 + bevacizumab, first line; amlodipine (active, 2024-01-01 to now)',
    'Imaging 2026-08-18 CT "CT abdomen" [ImagingStudy/ct1]; reports DiagnosticReport/ct1-report',
    'Imaging 2026-11-17 CT "CT abdomen" [ImagingStudy/ct2]; reports DiagnosticReport/ct2-report',
    'Report 2026-11-17 "CT abdomen and pelvis" [DiagnosticReport/ct2-report]: Enlarging liver metastases: progressive disease.',
  ].join('\n'),
  findings: [
    {
      kind: 'response',
      text: 'RECIST 1.1: PD (progressive disease); sum of target diameters 44.8 mm → 58.6 mm (+30.8 % from baseline).',
      sources: ['tool:c3'],
    },
    {
      kind: 'biomarker',
      text: 'MSI status MSS by NGS (2026-08-12), as reported.',
      sources: ['record:Observation/msi'],
    },
    { kind: 'alteration', text: 'KRAS p.Gly12Asp detected (2026-08-12).', sources: ['record:Observation/kras'] },
    {
      kind: 'therapy',
      text: 'KRAS G12D in Colorectal cancer (Oncogenic): cetuximab (resistance level R1; NCCN Colon 2025) [bundled offline knowledge 2025.2].',
      sources: ['tool:c2'],
    },
  ],
  toolCalls: [
    { id: 'c1', tool: 'segment_lesion', args: {}, status: 'ok', output: { longestDiameterMm: 36.7 }, ms: 40 },
    { id: 'c2', tool: 'variant_actionability', args: {}, status: 'ok', output: { oncogenicity: 'Oncogenic' }, ms: 3 },
    {
      id: 'c3',
      tool: 'assess_response',
      args: {},
      status: 'ok',
      output: { category: 'PD', changeFromBaselinePct: 30.8 },
      ms: 1,
    },
    {
      id: 'c4',
      tool: 'radiology_report',
      args: {},
      status: 'unavailable',
      message: 'No vision model configured (ONCOAGENT_VISION_MODEL is not set)',
      ms: 0,
    },
  ],
};

/** Intrahepatic cholangiocarcinoma after first line, with discordant MSI-H (PCR) and pMMR (IHC), BRAF V600E. */
export const ICC_INPUT: AnswerInput = {
  question: '',
  patientSummary: [
    'Patient: 62-year-old male',
    'Primary cancer: Intrahepatic cholangiocarcinoma (intrahepatic cholangiocarcinoma) [Condition/icc]; stage: cT2 cN1 cM0 (stage IIIB), AJCC 8th edition; stage IV since lung metastases 09/2026',
    'Other conditions: Bilateral lung metastases [Condition/lung-mets]',
    'Molecular: BRAF p.Val600Glu present [Observation/braf]; MSI: MSI-H by PCR fragment analysis (2025-08-28) [Observation/msi]; MMR IHC: pMMR (2026-10-06) [Observation/mmr]',
    'ECOG: 1 [Observation/ecog]',
    'Therapy: gemcitabine (completed, 2025-09-08 to 2026-02-23); cisplatin (completed, 2025-09-08 to 2026-02-23); durvalumab (stopped, 2025-09-08 to 2026-09-14; Progressive disease on CT 2026-09-14)',
    'Report 2026-09-14 "CT chest, abdomen and pelvis with IV contrast" [DiagnosticReport/ct]: Progressive disease: new lung metastases.',
  ].join('\n'),
  findings: [
    { kind: 'alteration', text: 'BRAF p.Val600Glu detected (2026-10-20).', sources: ['record:Observation/braf'] },
    {
      kind: 'therapy',
      text: 'BRAF V600E in Cholangiocarcinoma (Oncogenic): dabrafenib + trametinib (level 1; FDA label (2022)) [bundled offline knowledge 2025.2].',
      sources: ['tool:c1'],
    },
    {
      kind: 'conflict',
      text: 'Reported MSI-H by PCR fragment analysis (2025-08-28) disagrees with proficient mismatch repair on immunohistochemistry (pMMR) (2026-10-06). Confirm MSI/MMR status before it decides on immunotherapy.',
      sources: ['record:Observation/msi', 'record:Observation/mmr'],
    },
  ],
  toolCalls: [
    { id: 'c1', tool: 'variant_actionability', args: {}, status: 'ok', output: { oncogenicity: 'Oncogenic' }, ms: 2 },
  ],
};

/** Resected stage IIIB sigmoid colon cancer, RAS/BRAF not tested, pMMR: the adjuvant decision. */
export const STAGE3_INPUT: AnswerInput = {
  question: 'What adjuvant treatment should we offer?',
  patientSummary: [
    'Patient: 58-year-old female',
    'Primary cancer: Adenocarcinoma of sigmoid colon (colorectal cancer) [Condition/crc3]; stage: pT3 pN1b cM0 (stage IIIB), AJCC 8th edition',
    'Molecular: MMR IHC: pMMR (2026-10-02) [Observation/mmr3]',
    'ECOG: 0 [Observation/ecog3]',
  ].join('\n'),
  findings: [
    {
      kind: 'stage',
      text: 'AJCC 8th edition stage group IIIB (colorectal: T3 N1b M0).',
      sources: ['record:Condition/crc3'],
    },
    {
      kind: 'biomarker',
      text: 'MMR status pMMR by IHC (2026-10-02), as reported.',
      sources: ['record:Observation/mmr3'],
    },
  ],
  toolCalls: [],
};

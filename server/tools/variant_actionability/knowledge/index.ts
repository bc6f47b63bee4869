// The bundled offline knowledge: every entry file, the tumour-wide biomarkers and per-tumour notes, with one version.
import { EGFR_MET } from './egfr-met';
import { ERBB2 } from './erbb2';
import { FUSIONS } from './fusions';
import { BIOMARKER, type KbEntry, type KnowledgeBase } from './kb-types';
import { OTHER_GENES } from './other-genes';
import { RAS_RAF } from './ras-raf';

export type { KbEntry, KbNote, KbTherapy, KnowledgeBase } from './kb-types';
export { BIOMARKER } from './kb-types';

const BIOMARKERS: KbEntry[] = [
  {
    gene: BIOMARKER,
    label: 'Microsatellite instability-high / mismatch-repair deficiency (MSI-H/dMMR)',
    classes: ['msi-h'],
    oncogenicity: 'Not applicable',
    effect: 'Mismatch-repair deficiency with hypermutation (immunotherapy-responsive phenotype)',
    therapies: [
      {
        drugs: ['pembrolizumab'],
        level: '1',
        tumourTypes: ['solid'],
        note: 'Tumour-agnostic: unresectable or metastatic MSI-H/dMMR solid tumours progressing after prior treatment without satisfactory alternatives.',
        source: 'FDA label (2017)',
        year: 2017,
      },
      {
        drugs: ['pembrolizumab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'First-line unresectable or metastatic MSI-H/dMMR CRC.',
        source: 'FDA label (2020)',
        year: 2020,
      },
      {
        drugs: ['nivolumab', 'ipilimumab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'Unresectable or metastatic MSI-H/dMMR CRC, first line included (previously treated disease since 2018).',
        source: 'FDA label (2025)',
        year: 2025,
      },
      {
        drugs: ['nivolumab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'MSI-H/dMMR metastatic CRC after fluoropyrimidine, oxaliplatin and irinotecan (accelerated approval 2017, regular approval April 2025).',
        source: 'FDA label (2025)',
        year: 2025,
      },
      {
        drugs: ['dostarlimab'],
        level: '1',
        tumourTypes: ['solid'],
        note: 'Tumour-agnostic: recurrent or advanced dMMR solid tumours after prior treatment without satisfactory alternatives; the label names dMMR (IHC), not MSI by PCR/NGS.',
        source: 'FDA label (2021)',
        year: 2021,
      },
      {
        drugs: ['dostarlimab', 'carboplatin', 'paclitaxel'],
        level: '1',
        tumourTypes: ['endometrial'],
        note: 'Primary advanced or recurrent dMMR/MSI-H endometrial cancer.',
        source: 'FDA label (2023)',
        year: 2023,
      },
    ],
  },
  {
    gene: BIOMARKER,
    label: 'Tumour mutational burden-high (TMB-H, ≥10 mutations/megabase)',
    classes: ['tmb-h'],
    oncogenicity: 'Not applicable',
    effect: 'High neoantigen load',
    therapies: [
      {
        drugs: ['pembrolizumab'],
        level: '1',
        tumourTypes: ['solid'],
        note: 'Tumour-agnostic: unresectable or metastatic TMB ≥10 mut/Mb (FDA-approved test) solid tumours progressing after prior treatment without satisfactory alternatives (accelerated approval).',
        source: 'FDA label (2020)',
        year: 2020,
      },
    ],
  },
];

/** The offline knowledge shipped with the tool. */
export const KNOWLEDGE: KnowledgeBase = {
  version: '2025.2',
  updated: '2026-11-29',
  coverage:
    'FDA approvals and NCCN/ESMO listings known to the authors through mid-2025; later changes are not included',
  entries: [...RAS_RAF, ...EGFR_MET, ...ERBB2, ...FUSIONS, ...OTHER_GENES, ...BIOMARKERS],
  tumourNotes: [
    {
      tumourTypes: ['hcc'],
      text:
        'Systemic therapy for hepatocellular carcinoma is not chosen by tumour genomics: no alteration-directed therapy is standard. ' +
        'Tumour-agnostic biomarkers (MSI-H/dMMR, TMB-H, NTRK or RET fusions, BRAF V600E) still apply but are rare in HCC.',
      source: 'NCCN Hepatocellular Carcinoma 2024; ESMO HCC 2018 (2021 update)',
      year: 2024,
    },
    {
      tumourTypes: ['gastroesophageal'],
      text:
        'PD-L1 (CPS) and CLDN18.2 are immunohistochemistry biomarkers in gastric/GEJ cancer; CLDN18.2 can be queried as gene CLDN18 ' +
        "with alteration 'overexpression'. HER2, MSI-H/dMMR and NTRK remain the genomic ones to test.",
      source: 'NCCN Gastric 2025',
      year: 2025,
    },
    {
      tumourTypes: ['colorectal'],
      text:
        'All metastatic CRC should be tested for extended RAS (KRAS/NRAS exons 2–4), BRAF V600E, MMR/MSI status and HER2 ' +
        '(RAS/BRAF wild-type); NTRK and RET fusions are rare but targetable.',
      source: 'NCCN Colon 2025; ESMO mCRC 2023',
      year: 2025,
    },
  ],
};

/** Genes with fusion entries: used to pick the driver in 'EML4-ALK' when the gene is omitted. */
export const FUSION_DRIVERS: ReadonlySet<string> = new Set(
  KNOWLEDGE.entries.filter((e) => e.classes?.includes('fusion')).map((e) => e.gene)
);

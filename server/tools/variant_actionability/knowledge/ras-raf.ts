// Offline knowledge for the RAS/RAF pathway (KRAS, NRAS, BRAF), written from FDA labels and NCCN/ESMO guidance.
import type { KbEntry, KbTherapy } from './kb-types';

// Extended RAS testing (exons 2–4) covers these codons in both KRAS and NRAS.
const RAS_CODONS = [12, 13, 59, 61, 117, 146];

const antiEgfrResistance = (gene: string): KbTherapy[] =>
  ['cetuximab', 'panitumumab'].map((drug) => ({
    drugs: [drug],
    level: 'R1',
    tumourTypes: ['colorectal'],
    note:
      `${gene}-mutant metastatic CRC gains no benefit from anti-EGFR antibodies alone or with chemotherapy; both labels restrict ` +
      'them to RAS wild-type disease (a KRAS G12C inhibitor combination is a separate indication).',
    source: 'NCCN Colon 2025; ESMO mCRC 2023',
    year: 2025,
  }));

const BRAF_NOT_IN_CRC =
  'BRAF V600E colorectal cancer is intrinsically resistant to BRAF/MEK inhibition without EGFR blockade (the tumour-agnostic ' +
  'dabrafenib + trametinib label excludes CRC).';

export const RAS_RAF: KbEntry[] = [
  {
    gene: 'KRAS',
    label: 'KRAS G12C',
    exact: ['G12C'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      {
        drugs: ['sotorasib', 'panitumumab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'Metastatic CRC after fluoropyrimidine, oxaliplatin and irinotecan chemotherapy.',
        source: 'FDA label (2025)',
        year: 2025,
      },
      {
        drugs: ['adagrasib', 'cetuximab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'Locally advanced or metastatic CRC after fluoropyrimidine, oxaliplatin and irinotecan (accelerated approval).',
        source: 'FDA label (2024)',
        year: 2024,
      },
      {
        drugs: ['sotorasib'],
        level: '1',
        tumourTypes: ['nsclc'],
        note: 'After at least one prior systemic therapy (accelerated approval).',
        source: 'FDA label (2021)',
        year: 2021,
      },
      {
        drugs: ['adagrasib'],
        level: '1',
        tumourTypes: ['nsclc'],
        note: 'After at least one prior systemic therapy (accelerated approval).',
        source: 'FDA label (2022)',
        year: 2022,
      },
      {
        drugs: ['sotorasib'],
        level: '2',
        tumourTypes: ['pancreatic'],
        note: 'Guideline option for previously treated KRAS G12C pancreatic adenocarcinoma; not FDA-approved in this disease.',
        source: 'NCCN Pancreatic Adenocarcinoma 2024',
        year: 2024,
      },
      {
        drugs: ['adagrasib'],
        level: '2',
        tumourTypes: ['pancreatic'],
        note: 'Guideline option for previously treated KRAS G12C pancreatic adenocarcinoma; not FDA-approved in this disease.',
        source: 'NCCN Pancreatic Adenocarcinoma 2024',
        year: 2024,
      },
    ],
  },
  {
    gene: 'KRAS',
    label: 'KRAS codon 12, 13, 59, 61, 117 or 146 mutations',
    codons: RAS_CODONS,
    classes: ['oncogenic'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: antiEgfrResistance('KRAS'),
    notes: [
      {
        text: 'Apart from G12C, no KRAS-directed drug is approved; consider clinical trials (e.g. for G12D).',
        source: 'FDA labels (sotorasib, adagrasib; as of 2025)',
        year: 2025,
      },
    ],
  },
  {
    gene: 'NRAS',
    label: 'NRAS codon 12, 13, 59, 61, 117 or 146 mutations',
    codons: RAS_CODONS,
    classes: ['oncogenic'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: antiEgfrResistance('NRAS'),
  },
  {
    gene: 'BRAF',
    label: 'BRAF V600E',
    exact: ['V600E'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function (class I, RAS-independent)',
    therapies: [
      {
        drugs: ['encorafenib', 'cetuximab', 'mFOLFOX6'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'First-line metastatic CRC with cetuximab and fluorouracil-based chemotherapy (mFOLFOX6 or FOLFIRI): accelerated approval with mFOLFOX6 December 2024, traditional approval February 2026 (BREAKWATER).',
        source: 'FDA label (2026)',
        year: 2026,
      },
      {
        drugs: ['encorafenib', 'cetuximab'],
        level: '1',
        tumourTypes: ['colorectal'],
        note: 'Metastatic CRC after prior therapy.',
        source: 'FDA label (2020)',
        year: 2020,
      },
      {
        drugs: ['encorafenib', 'panitumumab'],
        level: '2',
        tumourTypes: ['colorectal'],
        note: 'Guideline alternative anti-EGFR partner for previously treated disease.',
        source: 'NCCN Colon 2025',
        year: 2025,
      },
      {
        drugs: ['dabrafenib', 'trametinib'],
        level: '1',
        tumourTypes: ['solid'],
        excludes: ['colorectal'],
        note: 'Tumour-agnostic: unresectable or metastatic solid tumours progressing after prior treatment without satisfactory alternatives (accelerated approval).',
        excludeReason: BRAF_NOT_IN_CRC,
        source: 'FDA label (2022)',
        year: 2022,
      },
      {
        drugs: ['dabrafenib', 'trametinib'],
        level: '1',
        tumourTypes: ['nsclc'],
        excludes: ['colorectal'],
        note: 'Metastatic NSCLC.',
        excludeReason: BRAF_NOT_IN_CRC,
        source: 'FDA label (2017)',
        year: 2017,
      },
      {
        drugs: ['encorafenib', 'binimetinib'],
        level: '1',
        tumourTypes: ['nsclc'],
        excludes: ['colorectal'],
        note: 'Metastatic NSCLC.',
        excludeReason: BRAF_NOT_IN_CRC,
        source: 'FDA label (2023)',
        year: 2023,
      },
    ],
  },
  {
    gene: 'BRAF',
    label: 'BRAF V600E/K (melanoma)',
    exact: ['V600E', 'V600K'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function (class I, RAS-independent)',
    therapies: [
      {
        drugs: ['dabrafenib', 'trametinib'],
        level: '1',
        tumourTypes: ['melanoma'],
        excludes: ['colorectal'],
        note: 'Unresectable or metastatic melanoma; adjuvant after resection since 2018.',
        excludeReason: BRAF_NOT_IN_CRC,
        source: 'FDA label (2014)',
        year: 2014,
      },
      {
        drugs: ['encorafenib', 'binimetinib'],
        level: '1',
        tumourTypes: ['melanoma'],
        excludes: ['colorectal'],
        note: 'Unresectable or metastatic melanoma.',
        excludeReason: BRAF_NOT_IN_CRC,
        source: 'FDA label (2018)',
        year: 2018,
      },
    ],
  },
  {
    gene: 'BRAF',
    label: 'BRAF V600 (any substitution)',
    codons: [600],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function (class I, RAS-independent)',
    therapies: [],
  },
  {
    gene: 'BRAF',
    label: 'BRAF non-V600 class II/III hotspots (codons 464, 466, 469, 594, 597, 601)',
    codons: [464, 466, 469, 594, 597, 601],
    oncogenicity: 'Likely Oncogenic',
    effect: 'Activating (class II) or kinase-impaired RAS-dependent signalling (class III)',
    therapies: [],
    notes: [
      {
        text: 'BRAF inhibitor approvals are for V600 mutations only; they do not extend to non-V600 BRAF mutations.',
        source: 'FDA labels (BRAF inhibitors, as of 2022)',
        year: 2022,
      },
    ],
  },
];

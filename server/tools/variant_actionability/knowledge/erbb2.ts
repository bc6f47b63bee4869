// Offline knowledge for ERBB2 (HER2): amplification/overexpression across GI, biliary and breast cancer, and NSCLC mutations.
import type { KbEntry, KbTherapy } from './kb-types';

const fda = (drugs: string[], tumour: KbTherapy['tumourTypes'][number], year: number, note: string): KbTherapy => ({
  drugs,
  level: '1',
  tumourTypes: [tumour],
  note,
  source: `FDA label (${year})`,
  year,
});
const guideline = (
  drugs: string[],
  tumour: KbTherapy['tumourTypes'][number],
  source: string,
  year: number,
  note: string
): KbTherapy => ({
  drugs,
  level: '2',
  tumourTypes: [tumour],
  note,
  source,
  year,
});

const CRC_SUBSEQUENT = 'HER2-amplified, RAS and BRAF wild-type metastatic CRC after prior therapy.';

export const ERBB2: KbEntry[] = [
  {
    gene: 'ERBB2',
    label: 'ERBB2 (HER2) amplification / overexpression',
    classes: ['amplification', 'overexpression'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      fda(
        ['tucatinib', 'trastuzumab'],
        'colorectal',
        2023,
        'RAS wild-type HER2-positive unresectable or metastatic CRC after fluoropyrimidine, oxaliplatin and irinotecan (accelerated approval).'
      ),
      guideline(['trastuzumab', 'pertuzumab'], 'colorectal', 'NCCN Colon 2025', 2025, CRC_SUBSEQUENT),
      guideline(['trastuzumab', 'lapatinib'], 'colorectal', 'NCCN Colon 2025', 2025, CRC_SUBSEQUENT),
      guideline(['trastuzumab deruxtecan'], 'colorectal', 'NCCN Colon 2025', 2025, CRC_SUBSEQUENT),
      fda(
        ['trastuzumab', 'fluoropyrimidine', 'cisplatin'],
        'gastroesophageal',
        2010,
        'First-line HER2-positive (IHC 3+, or IHC 2+ with ISH amplification) metastatic gastric or GEJ adenocarcinoma.'
      ),
      fda(
        ['pembrolizumab', 'trastuzumab', 'fluoropyrimidine', 'platinum chemotherapy'],
        'gastroesophageal',
        2023,
        'First-line HER2-positive gastric/GEJ adenocarcinoma with PD-L1 CPS ≥1 (accelerated approval 2021, restricted to CPS ≥1 in 2023).'
      ),
      fda(
        ['trastuzumab deruxtecan'],
        'gastroesophageal',
        2021,
        'HER2-positive gastric/GEJ adenocarcinoma after a trastuzumab-based regimen.'
      ),
      fda(
        ['zanidatamab'],
        'biliary',
        2024,
        'Previously treated unresectable or metastatic biliary tract cancer that is HER2-positive by IHC 3+ (accelerated approval).'
      ),
      guideline(
        ['trastuzumab', 'pertuzumab'],
        'biliary',
        'NCCN Biliary Tract Cancers 2024',
        2024,
        'HER2-positive disease after prior therapy.'
      ),
      fda(['trastuzumab'], 'breast', 1998, 'HER2-positive breast cancer; adjuvant and metastatic settings.'),
      fda(
        ['trastuzumab', 'pertuzumab', 'docetaxel'],
        'breast',
        2012,
        'First-line HER2-positive metastatic breast cancer.'
      ),
      fda(
        ['trastuzumab emtansine'],
        'breast',
        2013,
        'HER2-positive metastatic breast cancer after trastuzumab and a taxane.'
      ),
      fda(
        ['trastuzumab deruxtecan'],
        'breast',
        2019,
        'HER2-positive metastatic breast cancer after prior anti-HER2 therapy.'
      ),
      fda(
        ['tucatinib', 'trastuzumab', 'capecitabine'],
        'breast',
        2020,
        'HER2-positive metastatic breast cancer after prior anti-HER2 therapy.'
      ),
    ],
    notes: [
      {
        text:
          'Labels define HER2-positivity by protein and/or gene testing (often IHC 3+, or IHC 2+ with ISH amplification); confirm with ' +
          'the assay the label names. If IHC 3+ is confirmed, the tumour-agnostic trastuzumab deruxtecan approval (2024) also applies.',
        source: 'FDA labels (trastuzumab 2010; trastuzumab deruxtecan 2024)',
        year: 2024,
      },
    ],
  },
  {
    gene: 'ERBB2',
    label: 'ERBB2 (HER2) protein overexpression (IHC 3+)',
    classes: ['overexpression'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      {
        drugs: ['trastuzumab deruxtecan'],
        level: '1',
        tumourTypes: ['solid'],
        note: 'Tumour-agnostic: unresectable or metastatic HER2-positive (IHC 3+) solid tumours after prior systemic therapy without satisfactory alternatives (accelerated approval).',
        source: 'FDA label (2024)',
        year: 2024,
      },
    ],
  },
  {
    gene: 'ERBB2',
    label: 'ERBB2 (HER2) activating mutations (exon 20 insertions, S310F/Y, L755S, D769H/Y, V777L, V842I)',
    exact: ['S310F', 'S310Y', 'L755S', 'D769H', 'D769Y', 'V777L', 'V842I'],
    classes: ['exon20ins', 'oncogenic'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      fda(
        ['trastuzumab deruxtecan'],
        'nsclc',
        2022,
        'Unresectable or metastatic NSCLC with an activating HER2 mutation after prior systemic therapy (accelerated approval).'
      ),
    ],
  },
];

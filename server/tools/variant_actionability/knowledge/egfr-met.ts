// Offline knowledge for EGFR and MET in NSCLC, written from FDA labels and NCCN NSCLC guidance.
import type { KbEntry, KbTherapy } from './kb-types';

const nsclc = (drugs: string[], year: number, note: string, level: KbTherapy['level'] = '1'): KbTherapy => ({
  drugs,
  level,
  tumourTypes: ['nsclc'],
  note,
  source: level === '1' ? `FDA label (${year})` : `NCCN NSCLC ${year}`,
  year,
});

export const EGFR_MET: KbEntry[] = [
  {
    gene: 'EGFR',
    label: 'EGFR exon 19 deletions and L858R (sensitising)',
    exact: ['L858R'],
    classes: ['exon19del'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      nsclc(
        ['osimertinib'],
        2018,
        'First-line metastatic disease; also adjuvant after resection (2020) and after chemoradiation for unresectable stage III (2024).'
      ),
      nsclc(
        ['osimertinib', 'pemetrexed', 'platinum chemotherapy'],
        2024,
        'First-line locally advanced or metastatic disease.'
      ),
      nsclc(['amivantamab', 'lazertinib'], 2024, 'First-line locally advanced or metastatic disease.'),
      nsclc(['amivantamab', 'carboplatin', 'pemetrexed'], 2024, 'After progression on osimertinib.'),
      nsclc(['erlotinib'], 2013, 'First-line metastatic disease.'),
      nsclc(['afatinib'], 2013, 'First-line metastatic disease.'),
      nsclc(['gefitinib'], 2015, 'First-line metastatic disease.'),
      nsclc(['dacomitinib'], 2018, 'First-line metastatic disease.'),
    ],
  },
  {
    gene: 'EGFR',
    label: 'EGFR T790M',
    exact: ['T790M'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function; acquired resistance to first- and second-generation EGFR inhibitors',
    therapies: [
      nsclc(
        ['osimertinib'],
        2015,
        'T790M-positive disease progressing on or after an EGFR inhibitor (full approval 2017).'
      ),
      ...['erlotinib', 'gefitinib', 'afatinib'].map((drug) =>
        nsclc([drug], 2025, 'T790M is the commonest mechanism of acquired resistance to this inhibitor.', 'R1')
      ),
    ],
  },
  {
    gene: 'EGFR',
    label: 'EGFR G719X, S768I, L861Q (uncommon sensitising)',
    exact: ['S768I', 'L861Q'],
    codons: [719],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      nsclc(['afatinib'], 2018, 'Metastatic NSCLC with non-resistant EGFR mutations (label widened in 2018).'),
      nsclc(['osimertinib'], 2025, 'Guideline first-line option for these uncommon mutations.', '2'),
    ],
  },
  {
    gene: 'EGFR',
    label: 'EGFR exon 20 insertions',
    classes: ['exon20ins'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function; mostly insensitive to classical EGFR inhibitors',
    therapies: [
      nsclc(['amivantamab', 'carboplatin', 'pemetrexed'], 2024, 'First-line locally advanced or metastatic disease.'),
      nsclc(['amivantamab'], 2021, 'After platinum chemotherapy (accelerated approval).'),
    ],
    notes: [
      {
        text: 'A763_Y764insFQEA is an exception among exon 20 insertions: it behaves like a sensitising mutation.',
        source: 'NCCN NSCLC 2025',
        year: 2025,
      },
    ],
  },
  {
    gene: 'MET',
    label: 'MET exon 14 skipping alterations',
    classes: ['met-ex14'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function (loss of the juxtamembrane degradation signal)',
    therapies: [
      nsclc(['capmatinib'], 2020, 'Metastatic NSCLC (full approval 2022).'),
      nsclc(['tepotinib'], 2021, 'Metastatic NSCLC.'),
      nsclc(['crizotinib'], 2025, 'Guideline option; not FDA-labelled for this alteration.', '2'),
    ],
  },
];

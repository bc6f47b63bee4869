// Offline knowledge for IDH1/2, BRCA1/2, PIK3CA, POLE and CLDN18.2, from FDA labels and NCCN guidance.
import type { KbEntry, KbTherapy } from './kb-types';

const fda = (drugs: string[], tumourTypes: KbTherapy['tumourTypes'], year: number, note: string): KbTherapy => ({
  drugs,
  level: '1',
  tumourTypes,
  note,
  source: `FDA label (${year})`,
  year,
});

const brca = (gene: string): KbEntry => ({
  gene,
  label: `${gene} loss-of-function (truncating, pathogenic, deletion)`,
  classes: ['lof', 'deletion', 'oncogenic'],
  oncogenicity: 'Oncogenic',
  effect: 'Loss-of-function (homologous recombination deficiency)',
  therapies: [
    fda(
      ['olaparib'],
      ['pancreatic'],
      2019,
      'Maintenance for GERMLINE BRCA-mutated metastatic pancreatic adenocarcinoma without progression after ≥16 weeks of first-line platinum chemotherapy.'
    ),
    fda(
      ['olaparib'],
      ['ovarian'],
      2018,
      'First-line maintenance after response to platinum chemotherapy (advanced disease).'
    ),
    fda(
      ['olaparib'],
      ['breast'],
      2018,
      'Germline BRCA-mutated HER2-negative metastatic breast cancer; high-risk early disease since 2022.'
    ),
    fda(
      ['talazoparib'],
      ['breast'],
      2018,
      'Germline BRCA-mutated HER2-negative locally advanced or metastatic breast cancer.'
    ),
    fda(['olaparib'], ['prostate'], 2020, 'Metastatic castration-resistant prostate cancer after AR-directed therapy.'),
  ],
  notes: [
    {
      text: 'Guidelines favour platinum-based first-line chemotherapy (e.g. FOLFIRINOX or gemcitabine + cisplatin) in BRCA1/2- or PALB2-mutated pancreatic cancer.',
      tumourTypes: ['pancreatic'],
      source: 'NCCN Pancreatic Adenocarcinoma 2024',
      year: 2024,
    },
  ],
});

export const OTHER_GENES: KbEntry[] = [
  {
    gene: 'IDH1',
    label: 'IDH1 R132 mutations',
    codons: [132],
    oncogenicity: 'Oncogenic',
    effect: 'Neomorphic (2-hydroxyglutarate production)',
    therapies: [
      fda(
        ['ivosidenib'],
        ['cholangiocarcinoma'],
        2021,
        'Previously treated locally advanced or metastatic cholangiocarcinoma.'
      ),
      fda(
        ['ivosidenib'],
        ['aml'],
        2018,
        'Relapsed or refractory IDH1-mutated AML (newly diagnosed in unfit patients since 2019).'
      ),
      fda(['vorasidenib'], ['glioma'], 2024, 'Grade 2 astrocytoma or oligodendroglioma after surgery.'),
    ],
  },
  {
    gene: 'IDH2',
    label: 'IDH2 R140 and R172 mutations',
    codons: [140, 172],
    oncogenicity: 'Oncogenic',
    effect: 'Neomorphic (2-hydroxyglutarate production)',
    therapies: [
      fda(['enasidenib'], ['aml'], 2017, 'Relapsed or refractory IDH2-mutated AML.'),
      fda(['vorasidenib'], ['glioma'], 2024, 'Grade 2 astrocytoma or oligodendroglioma after surgery.'),
    ],
  },
  brca('BRCA1'),
  brca('BRCA2'),
  {
    gene: 'PIK3CA',
    label: 'PIK3CA hotspot mutations (C420R, E542K, E545A/D/G/K, Q546E/R, H1047L/R/Y)',
    exact: ['C420R', 'E542K', 'E545A', 'E545D', 'E545G', 'E545K', 'Q546E', 'Q546R', 'H1047L', 'H1047R', 'H1047Y'],
    oncogenicity: 'Oncogenic',
    effect: 'Gain-of-function',
    therapies: [
      fda(
        ['alpelisib', 'fulvestrant'],
        ['breast'],
        2019,
        'HR-positive, HER2-negative advanced breast cancer after endocrine therapy.'
      ),
      fda(
        ['inavolisib', 'palbociclib', 'fulvestrant'],
        ['breast'],
        2024,
        'Endocrine-resistant HR-positive, HER2-negative advanced breast cancer.'
      ),
      fda(
        ['capivasertib', 'fulvestrant'],
        ['breast'],
        2023,
        'HR-positive, HER2-negative advanced breast cancer (PIK3CA/AKT1/PTEN-altered) after endocrine therapy.'
      ),
    ],
  },
  {
    gene: 'POLE',
    label: 'POLE exonuclease-domain pathogenic mutations (P286R, S297F, V411L, A456P, S459F)',
    exact: ['P286R', 'S297F', 'V411L', 'A456P', 'S459F'],
    oncogenicity: 'Likely Oncogenic',
    effect: 'Loss of proofreading (exonuclease) function; ultra-hypermutation',
    therapies: [],
    notes: [
      {
        text:
          'No POLE-specific approval. These tumours are usually TMB-high: if TMB ≥10 mut/Mb is measured, the tumour-agnostic ' +
          'pembrolizumab approval for TMB-H applies (query alteration TMB-H).',
        source: 'FDA label (pembrolizumab, 2020)',
        year: 2020,
      },
    ],
  },
  {
    gene: 'CLDN18',
    label: 'CLDN18.2 protein expression (IHC)',
    classes: ['overexpression'],
    oncogenicity: 'Not applicable',
    effect: 'Tumour-cell surface target (claudin 18 isoform 2), not a genomic driver',
    therapies: [
      fda(
        ['zolbetuximab', 'fluoropyrimidine', 'platinum chemotherapy'],
        ['gastroesophageal'],
        2024,
        'First-line HER2-negative gastric/GEJ adenocarcinoma that is CLDN18.2-positive (≥75% of tumour cells with moderate-to-strong membranous IHC staining).'
      ),
    ],
  },
];

// Offline knowledge for kinase and ligand fusions (ALK, ROS1, RET, NTRK1–3, NRG1, FGFR2), from FDA labels and NCCN guidance.
import type { KbEntry, KbTherapy } from './kb-types';

const label = (drugs: string[], tumourTypes: KbTherapy['tumourTypes'], year: number, note: string): KbTherapy => ({
  drugs,
  level: '1',
  tumourTypes,
  note,
  source: `FDA label (${year})`,
  year,
});

const fusion = (gene: string, effect: string, therapies: KbTherapy[]): KbEntry => ({
  gene,
  label: `${gene} fusions`,
  classes: ['fusion'],
  oncogenicity: 'Oncogenic',
  effect,
  therapies,
});

const AGNOSTIC = 'Tumour-agnostic: metastatic or unresectable solid tumours';
const NTRK_THERAPIES: KbTherapy[] = [
  label(
    ['larotrectinib'],
    ['solid'],
    2018,
    `${AGNOSTIC} with an NTRK fusion and no known acquired resistance mutation, without satisfactory alternatives.`
  ),
  label(
    ['entrectinib'],
    ['solid'],
    2019,
    `${AGNOSTIC} with an NTRK fusion, progressing or without satisfactory alternatives.`
  ),
  label(
    ['repotrectinib'],
    ['solid'],
    2024,
    `${AGNOSTIC} with an NTRK fusion, progressing or without satisfactory alternatives (accelerated approval).`
  ),
];

export const FUSIONS: KbEntry[] = [
  fusion('ALK', 'Gain-of-function (constitutive kinase)', [
    label(['alectinib'], ['nsclc'], 2017, 'First-line metastatic NSCLC; adjuvant after resection since 2024.'),
    label(['lorlatinib'], ['nsclc'], 2021, 'First-line metastatic NSCLC.'),
    label(['brigatinib'], ['nsclc'], 2020, 'First-line metastatic NSCLC.'),
    label(['crizotinib'], ['nsclc'], 2011, 'Metastatic NSCLC.'),
    label(['ceritinib'], ['nsclc'], 2017, 'First-line metastatic NSCLC.'),
  ]),
  fusion('ROS1', 'Gain-of-function (constitutive kinase)', [
    label(['crizotinib'], ['nsclc'], 2016, 'Metastatic NSCLC.'),
    label(['entrectinib'], ['nsclc'], 2019, 'Metastatic NSCLC.'),
    label(['repotrectinib'], ['nsclc'], 2023, 'Locally advanced or metastatic NSCLC.'),
    label(['taletrectinib'], ['nsclc'], 2025, 'Locally advanced or metastatic NSCLC.'),
  ]),
  fusion('RET', 'Gain-of-function (constitutive kinase)', [
    label(
      ['selpercatinib'],
      ['solid'],
      2022,
      `${AGNOSTIC} with a RET fusion, progressing after prior systemic therapy or without satisfactory alternatives (accelerated approval).`
    ),
    label(['selpercatinib'], ['nsclc'], 2020, 'Metastatic NSCLC.'),
    label(['pralsetinib'], ['nsclc'], 2020, 'Metastatic NSCLC.'),
    label(
      ['selpercatinib'],
      ['thyroid'],
      2020,
      'Advanced RET fusion-positive thyroid cancer needing systemic therapy.'
    ),
  ]),
  fusion('NTRK1', 'Gain-of-function (constitutive TRKA kinase)', NTRK_THERAPIES),
  fusion('NTRK2', 'Gain-of-function (constitutive TRKB kinase)', NTRK_THERAPIES),
  fusion('NTRK3', 'Gain-of-function (constitutive TRKC kinase)', NTRK_THERAPIES),
  fusion('NRG1', 'Gain-of-function (HER2/HER3 ligand-driven signalling)', [
    label(
      ['zenocutuzumab'],
      ['nsclc', 'pancreatic'],
      2024,
      'Advanced unresectable or metastatic disease progressing on or after prior systemic therapy (accelerated approval).'
    ),
  ]),
  {
    ...fusion('FGFR2', 'Gain-of-function (constitutive kinase)', [
      label(
        ['pemigatinib'],
        ['cholangiocarcinoma'],
        2020,
        'Previously treated unresectable locally advanced or metastatic cholangiocarcinoma with an FGFR2 fusion or other rearrangement (accelerated approval).'
      ),
      label(
        ['futibatinib'],
        ['cholangiocarcinoma'],
        2022,
        'Previously treated unresectable locally advanced or metastatic intrahepatic cholangiocarcinoma with an FGFR2 fusion or other rearrangement (accelerated approval).'
      ),
    ]),
    label: 'FGFR2 fusions and rearrangements',
  },
];

// Tumour-board options for hepatocellular carcinoma (by BCLC stage and line), pancreatic cancer (by setting, line and
// BRCA/MSI/KRAS G12C) and biliary tract cancer (by setting, line and its targetable alterations).
import type { DecisionOption } from './types';

const HCC = 'hepatocellular-carcinoma';
const ALLOCATION = 'BCLC 2022 treatment allocation by stage';
const PDAC = 'pancreatic-cancer';
const BTC = 'biliary-tract-cancer';
const advanced = ['metastatic' as const, 'locally advanced' as const];

const hcc = (id: string, bclc: string[], text: string, terms: string[], lines?: number[]): DecisionOption => ({
  id,
  tumour: 'hcc',
  when: { bclc, ...(lines ? { lines } : {}) },
  text,
  cite: { doc: HCC, heading: ALLOCATION },
  terms,
});

const btcTarget = (
  marker: 'FGFR2' | 'IDH1' | 'BRAF V600E' | 'HER2' | 'MSI-H/dMMR',
  text: string,
  heading: string,
  terms: string[]
): DecisionOption => ({
  id: `btc-${marker.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`,
  tumour: 'biliary',
  when: { setting: advanced, lines: [2, 3], markers: { [marker]: 'positive' } },
  text,
  decides: marker === 'MSI-H/dMMR' ? 'immunotherapy eligibility' : `${marker}-targeted eligibility`,
  cite: { doc: BTC, heading },
  terms,
});

export const HPB: DecisionOption[] = [
  hcc(
    'hcc-bclc-0-a',
    ['0', 'A'],
    'BCLC 0–A: resection, thermal ablation, or liver transplantation within Milan criteria.',
    ['resected', 'ablation', 'transplantation', 'Milan']
  ),
  hcc(
    'hcc-bclc-b',
    ['B'],
    'BCLC B: transplantation within extended criteria, TACE for well-defined nodules, or systemic therapy for diffuse bilobar disease.',
    ['transplantation', 'TACE', 'systemic therapy']
  ),
  hcc(
    'hcc-bclc-c-1l',
    ['C'],
    'BCLC C, first line: atezolizumab plus bevacizumab or durvalumab plus tremelimumab; otherwise sorafenib, lenvatinib or durvalumab.',
    ['atezolizumab', 'bevacizumab', 'durvalumab', 'tremelimumab', 'sorafenib', 'lenvatinib'],
    [1]
  ),
  hcc(
    'hcc-bclc-c-2l',
    ['C'],
    'BCLC C, second line: regorafenib, cabozantinib, or ramucirumab when AFP is 400 ng/mL or more.',
    ['regorafenib', 'cabozantinib', 'ramucirumab', 'AFP'],
    [2, 3]
  ),
  hcc('hcc-bclc-d', ['D'], 'BCLC D: best supportive care.', ['best supportive care']),
  {
    id: 'pdac-1l',
    tumour: 'pancreatic',
    when: { setting: ['metastatic'], lines: [1] },
    text: 'First line by fitness: FOLFIRINOX or NALIRIFOX (ECOG 0–1), gemcitabine plus nab-paclitaxel; gemcitabine alone for ECOG 2.',
    cite: { doc: PDAC, heading: 'First-line chemotherapy for metastatic pancreatic cancer' },
    terms: ['FOLFIRINOX', 'NALIRIFOX', 'gemcitabine', 'nab-paclitaxel', 'ECOG'],
  },
  {
    id: 'pdac-brca',
    tumour: 'pancreatic',
    when: { setting: ['metastatic'], lines: [1], markers: { BRCA: 'positive' } },
    text: 'Germline BRCA1/2 or PALB2: platinum-containing first line, with olaparib maintenance an option for BRCA1/2.',
    decides: 'platinum and olaparib eligibility',
    cite: { doc: PDAC, heading: 'First-line chemotherapy for metastatic pancreatic cancer' },
    terms: ['BRCA1/2', 'PALB2', 'platinum', 'olaparib', 'maintenance'],
  },
  {
    id: 'pdac-2l',
    tumour: 'pancreatic',
    when: { setting: ['metastatic'], lines: [2] },
    text: 'Second line: liposomal irinotecan plus 5-FU/leucovorin after gemcitabine; gemcitabine plus nab-paclitaxel after FOLFIRINOX or NALIRIFOX.',
    cite: { doc: PDAC, heading: 'Second-line therapy for metastatic pancreatic cancer (NAPOLI-1)' },
    terms: ['liposomal irinotecan', 'leucovorin', 'gemcitabine', 'nab-paclitaxel', 'FOLFIRINOX'],
  },
  {
    id: 'pdac-msi',
    tumour: 'pancreatic',
    when: { setting: advanced, markers: { 'MSI-H/dMMR': 'positive' } },
    text: 'MSI-H/dMMR: pembrolizumab.',
    decides: 'immunotherapy eligibility',
    cite: { doc: PDAC, heading: 'MSI-H/dMMR and TMB-high pancreatic cancer: pembrolizumab' },
    terms: ['pembrolizumab', 'MSI-H'],
  },
  {
    id: 'pdac-kras-g12c',
    tumour: 'pancreatic',
    when: { setting: advanced, lines: [2, 3], markers: { 'KRAS G12C': 'positive' } },
    text: 'KRAS G12C, pretreated: sotorasib or adagrasib, listed by NCCN but off-label (not approved for pancreatic cancer).',
    decides: 'KRAS G12C inhibitor eligibility',
    cite: { doc: PDAC, heading: 'KRAS G12C-mutated pancreatic cancer: sotorasib and adagrasib' },
    terms: ['sotorasib', 'adagrasib', 'NCCN', 'off-label'],
  },
  {
    id: 'pdac-locally-advanced',
    tumour: 'pancreatic',
    when: { setting: ['locally advanced'] },
    text: 'Locally advanced pancreatic cancer: induction chemotherapy ((m)FOLFIRINOX or gemcitabine plus nab-paclitaxel) for 4–6 months, then restaging; conversion surgery for fit patients without progression.',
    cite: { doc: PDAC, heading: 'Locally advanced unresectable pancreatic cancer: definition and management' },
    terms: ['induction', 'FOLFIRINOX', 'gemcitabine', 'nab-paclitaxel', 'conversion surgery'],
  },
  {
    id: 'pdac-preoperative',
    tumour: 'pancreatic',
    when: { setting: ['localized'], resected: false },
    text: 'Not yet resected: upfront resection then adjuvant chemotherapy for clearly resectable disease; neoadjuvant mFOLFIRINOX or gemcitabine plus nab-paclitaxel for borderline resectable disease or high-risk features.',
    cite: { doc: PDAC, heading: 'Neoadjuvant therapy for resectable and borderline resectable pancreatic cancer' },
    terms: ['upfront', 'adjuvant', 'neoadjuvant', 'mFOLFIRINOX', 'borderline resectable', 'high-risk features'],
  },
  {
    id: 'pdac-adjuvant',
    tumour: 'pancreatic',
    when: { setting: ['localized'], resected: true },
    text: 'After resection: six months of adjuvant modified FOLFIRINOX for fit patients, otherwise gemcitabine plus capecitabine.',
    cite: { doc: PDAC, heading: 'Adjuvant chemotherapy after pancreatic resection (PRODIGE 24, ESPAC-4)' },
    terms: ['adjuvant', 'FOLFIRINOX', 'gemcitabine', 'capecitabine'],
  },
  {
    id: 'btc-1l',
    tumour: 'biliary',
    when: { setting: advanced, lines: [1] },
    text: 'First line: gemcitabine plus cisplatin with durvalumab or pembrolizumab.',
    cite: {
      doc: BTC,
      heading: 'First-line chemo-immunotherapy for advanced biliary tract cancer (TOPAZ-1, KEYNOTE-966)',
    },
    terms: ['gemcitabine', 'cisplatin', 'durvalumab', 'pembrolizumab'],
  },
  {
    id: 'btc-2l',
    tumour: 'biliary',
    when: { setting: advanced, lines: [2] },
    text: 'After first-line progression: a matched targeted agent when an actionable alteration is found, otherwise FOLFOX (ABC-06).',
    cite: { doc: BTC, heading: 'Second-line chemotherapy for advanced biliary tract cancer (ABC-06)' },
    terms: ['targeted', 'actionable alteration', 'FOLFOX', 'ABC-06'],
  },
  btcTarget(
    'BRAF V600E',
    'BRAF V600E, pretreated: dabrafenib plus trametinib.',
    'BRAF V600E-mutant biliary tract cancer: dabrafenib plus trametinib',
    ['dabrafenib', 'trametinib']
  ),
  btcTarget(
    'FGFR2',
    'FGFR2 fusion, pretreated: pemigatinib or futibatinib.',
    'FGFR2 fusion-positive cholangiocarcinoma: pemigatinib and futibatinib',
    ['pemigatinib', 'futibatinib']
  ),
  btcTarget('IDH1', 'IDH1 mutation, pretreated: ivosidenib.', 'IDH1-mutant cholangiocarcinoma: ivosidenib (ClarIDHy)', [
    'ivosidenib',
  ]),
  btcTarget(
    'HER2',
    'HER2-positive, pretreated: zanidatamab or trastuzumab deruxtecan.',
    'HER2-positive biliary tract cancer: zanidatamab and trastuzumab deruxtecan',
    ['zanidatamab', 'trastuzumab deruxtecan']
  ),
  btcTarget(
    'MSI-H/dMMR',
    'MSI-H/dMMR, pretreated: pembrolizumab.',
    'MSI-H/dMMR and TMB-high biliary tract cancer: pembrolizumab',
    ['pembrolizumab', 'MSI-H']
  ),
  {
    id: 'btc-adjuvant',
    tumour: 'biliary',
    when: { setting: ['localized'], resected: true },
    text: 'After curative resection: adjuvant capecitabine for 6 months (BILCAP).',
    cite: { doc: BTC, heading: 'Adjuvant capecitabine after resection of biliary tract cancer (BILCAP)' },
    terms: ['capecitabine', '6 months', 'BILCAP'],
  },
];

// Tumour-board options for gastric and gastro-oesophageal junction adenocarcinoma by setting, line and HER2 status.
import type { DecisionOption } from './types';

const GE = 'gastric-esophageal-cancer';
const advanced = ['metastatic' as const, 'locally advanced' as const];

export const UPPER_GI: DecisionOption[] = [
  {
    id: 'gastric-her2-positive-1l',
    tumour: 'gastro-oesophageal',
    when: { setting: advanced, lines: [1], markers: { HER2: 'positive' } },
    text: 'HER2-positive, first line: trastuzumab with platinum-fluoropyrimidine chemotherapy.',
    decides: 'HER2-targeted eligibility',
    cite: {
      doc: GE,
      heading: 'First-line trastuzumab and pembrolizumab for HER2-positive gastric/GEJ cancer (ToGA, KEYNOTE-811)',
    },
    terms: ['trastuzumab', 'platinum-fluoropyrimidine'],
  },
  {
    id: 'gastric-her2-negative-1l',
    tumour: 'gastro-oesophageal',
    when: { setting: advanced, lines: [1], markers: { HER2: 'negative' } },
    text: 'HER2-negative, first line: fluoropyrimidine-platinum chemotherapy with a PD-1 inhibitor, benefit rising with PD-L1 CPS.',
    decides: 'first-line regimen (HER2 status)',
    cite: { doc: GE, heading: 'PD-L1 CPS and first-line nivolumab or pembrolizumab in HER2-negative gastric cancer' },
    terms: ['fluoropyrimidine-platinum', 'PD-1', 'PD-L1', 'CPS'],
  },
  {
    id: 'gastric-2l',
    tumour: 'gastro-oesophageal',
    when: { setting: advanced, lines: [2] },
    text: 'Second line: ramucirumab plus paclitaxel for ECOG 0–1.',
    cite: { doc: GE, heading: 'Second-line ramucirumab plus paclitaxel (RAINBOW) and later lines in gastric cancer' },
    terms: ['ramucirumab', 'paclitaxel', 'ECOG'],
  },
  {
    id: 'gastric-perioperative',
    tumour: 'gastro-oesophageal',
    when: { setting: ['localized'], resected: false },
    text: 'Resectable (cT2 or higher, or node-positive): perioperative chemotherapy, FLOT for fit patients.',
    cite: {
      doc: GE,
      heading: 'Perioperative FLOT and durvalumab for resectable gastric/GEJ adenocarcinoma (FLOT4, MATTERHORN)',
    },
    terms: ['perioperative', 'FLOT', 'node-positive'],
  },
];

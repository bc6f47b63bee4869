// AJCC 8th edition stage groups for hepatocellular carcinoma.
import type { SiteTable } from './types';

export const LIVER: SiteTable = {
  site: 'liver',
  title: 'Liver (hepatocellular carcinoma)',
  t: ['TX', 'T0', 'T1', 'T1a', 'T1b', 'T2', 'T3', 'T4'],
  n: ['NX', 'N0', 'N1'],
  m: ['M0', 'M1'],
  broader: { T1: ['T1a', 'T1b'] },
  rows: [
    { t: ['T1a'], n: ['N0'], m: ['M0'], group: 'IA' },
    { t: ['T1b'], n: ['N0'], m: ['M0'], group: 'IB' },
    { t: ['T2'], n: ['N0'], m: ['M0'], group: 'II' },
    { t: ['T3'], n: ['N0'], m: ['M0'], group: 'IIIA' },
    { t: ['T4'], n: ['N0'], m: ['M0'], group: 'IIIB' },
    { t: 'any', n: ['N1'], m: ['M0'], group: 'IVA' },
    { t: 'any', n: 'any', m: ['M1'], group: 'IVB' },
  ],
};

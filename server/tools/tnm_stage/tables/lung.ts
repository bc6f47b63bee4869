// AJCC 8th edition stage groups for non-small cell lung carcinoma (IASLC 8th edition TNM).
import type { SiteTable } from './types';

const T1_T2 = ['T1a', 'T1b', 'T1c', 'T2a', 'T2b'] as const;

export const LUNG: SiteTable = {
  site: 'lung',
  title: 'Lung (non-small cell carcinoma)',
  t: ['TX', 'T0', 'Tis', 'T1mi', 'T1', 'T1a', 'T1b', 'T1c', 'T2', 'T2a', 'T2b', 'T3', 'T4'],
  n: ['NX', 'N0', 'N1', 'N2', 'N3'],
  m: ['M0', 'M1', 'M1a', 'M1b', 'M1c'],
  // T1mi (minimally invasive adenocarcinoma) is left out of T1: the AJCC table stages it with N0 only, and its
  // node-positive rows are written "T1a–c", so "T1 N1" means T1a–c and stays stageable (IIB).
  broader: { T1: ['T1a', 'T1b', 'T1c'], T2: ['T2a', 'T2b'], M1: ['M1a', 'M1b', 'M1c'] },
  aliases: { 'T1a(mi)': 'T1mi' },
  rows: [
    { t: ['TX'], n: ['N0'], m: ['M0'], group: 'Occult carcinoma' },
    { t: ['Tis'], n: ['N0'], m: ['M0'], group: '0' },
    { t: ['T1mi', 'T1a'], n: ['N0'], m: ['M0'], group: 'IA1' },
    { t: ['T1b'], n: ['N0'], m: ['M0'], group: 'IA2' },
    { t: ['T1c'], n: ['N0'], m: ['M0'], group: 'IA3' },
    { t: ['T2a'], n: ['N0'], m: ['M0'], group: 'IB' },
    { t: ['T2b'], n: ['N0'], m: ['M0'], group: 'IIA' },
    { t: T1_T2, n: ['N1'], m: ['M0'], group: 'IIB' },
    { t: ['T3'], n: ['N0'], m: ['M0'], group: 'IIB' },
    { t: T1_T2, n: ['N2'], m: ['M0'], group: 'IIIA' },
    { t: ['T3'], n: ['N1'], m: ['M0'], group: 'IIIA' },
    { t: ['T4'], n: ['N0', 'N1'], m: ['M0'], group: 'IIIA' },
    { t: T1_T2, n: ['N3'], m: ['M0'], group: 'IIIB' },
    { t: ['T3', 'T4'], n: ['N2'], m: ['M0'], group: 'IIIB' },
    { t: ['T3', 'T4'], n: ['N3'], m: ['M0'], group: 'IIIC' },
    { t: 'any', n: 'any', m: ['M1a', 'M1b'], group: 'IVA' },
    { t: 'any', n: 'any', m: ['M1c'], group: 'IVB' },
  ],
};

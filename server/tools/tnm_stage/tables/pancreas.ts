// AJCC 8th edition stage groups for the exocrine pancreas (ductal adenocarcinoma and related carcinomas).
import type { SiteTable } from './types';

const T1 = ['T1a', 'T1b', 'T1c'] as const;

export const PANCREAS: SiteTable = {
  site: 'pancreas',
  title: 'Exocrine pancreas',
  t: ['TX', 'T0', 'Tis', 'T1', 'T1a', 'T1b', 'T1c', 'T2', 'T3', 'T4'],
  n: ['NX', 'N0', 'N1', 'N2'],
  m: ['M0', 'M1'],
  broader: { T1: T1 },
  rows: [
    { t: ['Tis'], n: ['N0'], m: ['M0'], group: '0' },
    { t: T1, n: ['N0'], m: ['M0'], group: 'IA' },
    { t: ['T2'], n: ['N0'], m: ['M0'], group: 'IB' },
    { t: ['T3'], n: ['N0'], m: ['M0'], group: 'IIA' },
    { t: [...T1, 'T2', 'T3'], n: ['N1'], m: ['M0'], group: 'IIB' },
    { t: [...T1, 'T2', 'T3'], n: ['N2'], m: ['M0'], group: 'III' },
    { t: ['T4'], n: 'any', m: ['M0'], group: 'III' },
    { t: 'any', n: 'any', m: ['M1'], group: 'IV' },
  ],
};

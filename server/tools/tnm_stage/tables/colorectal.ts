// AJCC 8th edition stage groups for carcinoma of the colon and rectum.
import type { SiteTable } from './types';

const N1 = ['N1a', 'N1b', 'N1c'] as const;

export const COLORECTAL: SiteTable = {
  site: 'colorectal',
  title: 'Colon and rectum (carcinoma)',
  t: ['TX', 'T0', 'Tis', 'T1', 'T2', 'T3', 'T4', 'T4a', 'T4b'],
  n: ['NX', 'N0', 'N1', 'N1a', 'N1b', 'N1c', 'N2', 'N2a', 'N2b'],
  m: ['M0', 'M1', 'M1a', 'M1b', 'M1c'],
  broader: { T4: ['T4a', 'T4b'], N1: N1, N2: ['N2a', 'N2b'], M1: ['M1a', 'M1b', 'M1c'] },
  rows: [
    { t: ['Tis'], n: ['N0'], m: ['M0'], group: '0' },
    { t: ['T1', 'T2'], n: ['N0'], m: ['M0'], group: 'I' },
    { t: ['T3'], n: ['N0'], m: ['M0'], group: 'IIA' },
    { t: ['T4a'], n: ['N0'], m: ['M0'], group: 'IIB' },
    { t: ['T4b'], n: ['N0'], m: ['M0'], group: 'IIC' },
    { t: ['T1', 'T2'], n: N1, m: ['M0'], group: 'IIIA' },
    { t: ['T1'], n: ['N2a'], m: ['M0'], group: 'IIIA' },
    { t: ['T3', 'T4a'], n: N1, m: ['M0'], group: 'IIIB' },
    { t: ['T2', 'T3'], n: ['N2a'], m: ['M0'], group: 'IIIB' },
    { t: ['T1', 'T2'], n: ['N2b'], m: ['M0'], group: 'IIIB' },
    { t: ['T4a'], n: ['N2a'], m: ['M0'], group: 'IIIC' },
    { t: ['T3', 'T4a'], n: ['N2b'], m: ['M0'], group: 'IIIC' },
    { t: ['T4b'], n: [...N1, 'N2a', 'N2b'], m: ['M0'], group: 'IIIC' },
    { t: 'any', n: 'any', m: ['M1a'], group: 'IVA' },
    { t: 'any', n: 'any', m: ['M1b'], group: 'IVB' },
    { t: 'any', n: 'any', m: ['M1c'], group: 'IVC' },
  ],
};

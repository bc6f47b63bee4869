// Every T×N×M combination of every site, checked against grids written independently from the AJCC 8th edition tables.
import { describe, expect, it } from 'vitest';
import { stageGroup } from './stage-group';
import { TABLES, type TnmSite } from './tables';

interface Expected {
  /** M0 grid: header row of N categories, then one row per T category; "-" = no stage group. */
  m0: string;
  /** Stage group for each M1 subcategory, whatever T and N are. */
  m1: Record<string, string>;
}

const EXPECTED: Record<TnmSite, Expected> = {
  colorectal: {
    m0: `
          NX  N0   N1a  N1b  N1c  N2a  N2b
      TX  -   -    -    -    -    -    -
      T0  -   -    -    -    -    -    -
      Tis -   0    -    -    -    -    -
      T1  -   I    IIIA IIIA IIIA IIIA IIIB
      T2  -   I    IIIA IIIA IIIA IIIB IIIB
      T3  -   IIA  IIIB IIIB IIIB IIIB IIIC
      T4a -   IIB  IIIB IIIB IIIB IIIC IIIC
      T4b -   IIC  IIIC IIIC IIIC IIIC IIIC`,
    m1: { M1a: 'IVA', M1b: 'IVB', M1c: 'IVC' },
  },
  lung: {
    m0: `
           NX  N0     N1   N2   N3
      TX   -   Occult -    -    -
      T0   -   -      -    -    -
      Tis  -   0      -    -    -
      T1mi -   IA1    -    -    -
      T1a  -   IA1    IIB  IIIA IIIB
      T1b  -   IA2    IIB  IIIA IIIB
      T1c  -   IA3    IIB  IIIA IIIB
      T2a  -   IB     IIB  IIIA IIIB
      T2b  -   IIA    IIB  IIIA IIIB
      T3   -   IIB    IIIA IIIB IIIC
      T4   -   IIIA   IIIA IIIB IIIC`,
    m1: { M1a: 'IVA', M1b: 'IVA', M1c: 'IVB' },
  },
  pancreas: {
    m0: `
          NX  N0  N1  N2
      TX  -   -   -   -
      T0  -   -   -   -
      Tis -   0   -   -
      T1a -   IA  IIB III
      T1b -   IA  IIB III
      T1c -   IA  IIB III
      T2  -   IB  IIB III
      T3  -   IIA IIB III
      T4  III III III III`,
    m1: { M1: 'IV' },
  },
  liver: {
    m0: `
          NX  N0   N1
      TX  -   -    IVA
      T0  -   -    IVA
      T1a -   IA   IVA
      T1b -   IB   IVA
      T2  -   II   IVA
      T3  -   IIIA IVA
      T4  -   IIIB IVA`,
    m1: { M1: 'IVB' },
  },
  intrahepatic_bile_duct: {
    m0: `
          NX  N0   N1
      TX  -   -    IIIB
      T0  -   -    IIIB
      Tis -   0    IIIB
      T1a -   IA   IIIB
      T1b -   IB   IIIB
      T2  -   II   IIIB
      T3  -   IIIA IIIB
      T4  -   IIIB IIIB`,
    m1: { M1: 'IV' },
  },
};

const GROUP_NAMES: Record<string, string> = { Occult: 'Occult carcinoma' };

function parseGrid(grid: string): { ts: string[]; ns: string[]; cell: (t: string, n: string) => string | undefined } {
  const [header, ...rows] = grid
    .trim()
    .split('\n')
    .map((line) => line.trim().split(/\s+/));
  const byT = new Map(rows.map(([t, ...groups]) => [t!, groups]));
  return {
    ts: rows.map((r) => r[0]!),
    ns: header!,
    cell: (t, n) => {
      const g = byT.get(t)![header!.indexOf(n)]!;
      return g === '-' ? undefined : (GROUP_NAMES[g] ?? g);
    },
  };
}

/** The categories a table accepts, less the broader ones that only stand for subcategories. */
const specific = (site: TnmSite, axis: 't' | 'n' | 'm') => TABLES[site][axis].filter((c) => !TABLES[site].broader[c]);

describe.each(Object.keys(EXPECTED) as TnmSite[])('AJCC 8th %s', (site) => {
  const expected = EXPECTED[site];
  const grid = parseGrid(expected.m0);
  const ms = ['M0', ...Object.keys(expected.m1)];

  it('accepts exactly the categories of the expected table', () => {
    expect(specific(site, 't')).toEqual(grid.ts);
    expect(specific(site, 'n')).toEqual(grid.ns);
    expect(specific(site, 'm')).toEqual(ms);
  });

  const combos = grid.ts.flatMap((t) => grid.ns.flatMap((n) => ms.map((m) => [t, n, m] as const)));
  it.each(combos)('%s %s %s', (t, n, m) => {
    const want = m === 'M0' ? grid.cell(t, n) : expected.m1[m];
    const got = stageGroup(site, t, n, m);
    if (want === undefined) {
      expect(got.ok, JSON.stringify(got)).toBe(false);
      if (!got.ok) expect(got.message).toMatch(`no ${site} stage group for ${t} ${n} ${m}`);
    } else {
      expect(got.ok && got.stage.stageGroup, JSON.stringify(got)).toBe(want);
    }
  });
});

// AJCC 8th stage groups for each site: the checks named in the brief, broader categories staged only when all
// subcategories agree, clear errors for invalid or unstaged combinations, and well-formed tables.
import { describe, expect, it } from 'vitest';
import { type StageOutcome, stageGroup } from './stage-group';
import { TABLES, type TnmSite } from './tables';

const group = (o: StageOutcome) => (o.ok ? o.stage.stageGroup : `error: ${o.message}`);
const errorOf = (o: StageOutcome) => (o.ok ? `staged ${o.stage.stageGroup}` : o.message);

describe('stageGroup: checks named in the brief', () => {
  it.each([
    ['T1a', 'N0', 'M0', 'IA1'],
    ['T2b', 'N0', 'M0', 'IIA'],
    ['T1', 'N1', 'M0', 'IIB'],
    ['T3', 'N1', 'M0', 'IIIA'],
    ['T4', 'N0', 'M0', 'IIIA'],
    ['T3', 'N2', 'M0', 'IIIB'],
    ['T3', 'N3', 'M0', 'IIIC'],
    ['T4', 'N3', 'M0', 'IIIC'],
    ['T2', 'N0', 'M1a', 'IVA'],
    ['T1c', 'N2', 'M1b', 'IVA'],
    ['TX', 'NX', 'M1c', 'IVB'],
  ])('lung %s %s %s → %s', (t, n, m, want) => {
    expect(group(stageGroup('lung', t, n, m))).toBe(want);
  });

  it.each([
    ['T1', 'N1', 'IIIA'],
    ['T2', 'N1c', 'IIIA'],
    ['T1', 'N2a', 'IIIA'],
    ['T3', 'N1', 'IIIB'],
    ['T4a', 'N1b', 'IIIB'],
    ['T2', 'N2a', 'IIIB'],
    ['T3', 'N2a', 'IIIB'],
    ['T1', 'N2b', 'IIIB'],
    ['T2', 'N2b', 'IIIB'],
    ['T4a', 'N2a', 'IIIC'],
    ['T3', 'N2b', 'IIIC'],
    ['T4a', 'N2b', 'IIIC'],
    ['T4b', 'N1', 'IIIC'],
    ['T4b', 'N2', 'IIIC'],
  ])('colorectal %s %s M0 → %s', (t, n, want) => {
    expect(group(stageGroup('colorectal', t, n, 'M0'))).toBe(want);
  });
});

describe('stageGroup: broader categories', () => {
  it('stages a broader category when all its subcategories agree, and says so', () => {
    const r = stageGroup('lung', 'T1', 'N1', 'M0');
    expect(r.ok && r.stage.rule).toMatch(
      /^T1 N1 M0: every subcategory \(T1a N1 M0, T1b N1 M0, T1c N1 M0\) gives IIB\./
    );
    expect(group(stageGroup('lung', 'T2', 'N2', 'M0'))).toBe('IIIA');
    expect(group(stageGroup('colorectal', 'T4', 'N2', 'M0'))).toBe('IIIC');
    expect(group(stageGroup('colorectal', 'T4', 'N1', 'M1b'))).toBe('IVB');
    expect(group(stageGroup('pancreas', 'T1', 'N0', 'M0'))).toBe('IA');
    expect(group(stageGroup('intrahepatic_bile_duct', 'T1', 'N1', 'M0'))).toBe('IIIB');
    expect(group(stageGroup('liver', 'T1', 'N0', 'M1'))).toBe('IVB');
  });

  it('refuses a broader category whose subcategories differ, listing each', () => {
    expect(errorOf(stageGroup('lung', 'T1', 'N0', 'M0'))).toBe(
      'T1 N0 M0 is ambiguous for lung in AJCC 8th (T1a N0 M0 → IA1; T1b N0 M0 → IA2; T1c N0 M0 → IA3); give the subcategory.'
    );
    expect(errorOf(stageGroup('lung', 'T2', 'N0', 'M0'))).toMatch(/T2a N0 M0 → IB; T2b N0 M0 → IIA/);
    expect(errorOf(stageGroup('lung', 'T3', 'N0', 'M1'))).toMatch(/M1a → IVA; .*M1c → IVB/);
    expect(errorOf(stageGroup('colorectal', 'T1', 'N2', 'M0'))).toMatch(/T1 N2a M0 → IIIA; T1 N2b M0 → IIIB/);
    expect(errorOf(stageGroup('colorectal', 'T3', 'N2', 'M0'))).toMatch(/T3 N2a M0 → IIIB; T3 N2b M0 → IIIC/);
    expect(errorOf(stageGroup('colorectal', 'T4', 'N0', 'M0'))).toMatch(/T4a N0 M0 → IIB; T4b N0 M0 → IIC/);
    expect(errorOf(stageGroup('liver', 'T1', 'N0', 'M0'))).toMatch(/T1a N0 M0 → IA; T1b N0 M0 → IB/);
  });
});

describe('stageGroup: output', () => {
  it('returns normalised categories, prefixes, edition and the deciding row', () => {
    const r = stageGroup('colorectal', 'pT3', 'pN1a', 'cM0');
    expect(r).toEqual({
      ok: true,
      stage: {
        site: 'colorectal',
        edition: 'AJCC 8th',
        t: 'T3',
        n: 'N1a',
        m: 'M0',
        prefixes: { t: 'p', n: 'p', m: 'c' },
        stageGroup: 'IIIB',
        rule: 'AJCC 8th Colon and rectum (carcinoma): T3/T4a N1a/N1b/N1c M0 → IIIB',
      },
    });
    const any = stageGroup('liver', 'T2', 'N1', 'M0');
    expect(any.ok && any.stage.rule).toMatch(/any T N1 M0 → IVA$/);
  });

  it('notes a post-therapy (y) classification', () => {
    const r = stageGroup('colorectal', 'ypT2', 'ypN0', 'cM0');
    expect(r.ok && r.stage).toMatchObject({ stageGroup: 'I', prefixes: { t: 'yp', n: 'yp', m: 'c' } });
    expect(r.ok && r.stage.notes?.[0]).toMatch(/post-therapy/);
    const plain = stageGroup('colorectal', 'pT2', 'pN0', 'cM0');
    expect(plain.ok && plain.stage.notes).toBeUndefined();
  });
});

describe('stageGroup: invalid input', () => {
  it('names the valid values for a category the site does not have', () => {
    expect(errorOf(stageGroup('colorectal', 'T1mi', 'N0', 'M0'))).toBe(
      '"T1mi" is not a T category for colorectal in AJCC 8th; valid: TX, T0, Tis, T1, T2, T3, T4, T4a, T4b (optionally prefixed with c, p, yc, yp, r or a).'
    );
    expect(errorOf(stageGroup('pancreas', 'T3', 'N3', 'M0'))).toMatch(
      /"N3" is not a N category for pancreas.*NX, N0, N1, N2/
    );
    expect(errorOf(stageGroup('liver', 'T2', 'N0', 'M1a'))).toMatch(
      /"M1a" is not a M category for liver.*valid: M0, M1/
    );
    const both = errorOf(stageGroup('lung', 'T5', 'N4', 'M0'));
    expect(both).toMatch(/"T5".*"N4"/);
  });

  it('explains a combination the table does not stage', () => {
    const msg = errorOf(stageGroup('colorectal', 'Tis', 'N1', 'M0'));
    expect(msg).toMatch(/^AJCC 8th has no colorectal stage group for Tis N1 M0\./);
    expect(msg).toContain('with N1 M0 the table stages T: T1, T2, T3, T4a, T4b');
    expect(msg).toContain('with Tis M0 it stages N: N0');
    expect(errorOf(stageGroup('lung', 'TX', 'N1', 'M0'))).toMatch(/no lung stage group for TX N1 M0/);
    expect(errorOf(stageGroup('lung', 'T0', 'N0', 'M0'))).toMatch(/no T0 M0|no N is staged with T0 M0/);
  });

  it('refuses an unknown site', () => {
    expect(errorOf(stageGroup('stomach' as TnmSite, 'T1', 'N0', 'M0'))).toMatch(/Unsupported site "stomach"/);
  });
});

describe('tables are well-formed', () => {
  it.each(Object.values(TABLES).map((t) => [t.site, t] as const))(
    '%s: rows use known subcategories and never overlap',
    (_, table) => {
      const specific = (axis: 't' | 'n' | 'm') => table[axis].filter((c) => !table.broader[c]);
      for (const row of table.rows) {
        for (const axis of ['t', 'n', 'm'] as const) {
          const values = row[axis];
          if (values !== 'any')
            for (const v of values) expect(specific(axis), `${table.site} ${axis} ${v}`).toContain(v);
        }
      }
      for (const t of specific('t'))
        for (const n of specific('n'))
          for (const m of specific('m')) {
            const hits = table.rows.filter(
              (r) => (r.t === 'any' || r.t.includes(t)) && (r.n === 'any' || r.n.includes(n)) && r.m.includes(m)
            );
            expect(hits.length, `${table.site} ${t} ${n} ${m}`).toBeLessThanOrEqual(1);
          }
      for (const [broad, subs] of Object.entries(table.broader)) {
        const axis = broad[0]!.toLowerCase() as 't' | 'n' | 'm';
        expect(table[axis]).toContain(broad);
        for (const s of subs) expect(specific(axis)).toContain(s);
      }
    }
  );
});

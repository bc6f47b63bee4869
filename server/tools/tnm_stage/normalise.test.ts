// TNM category normalisation accepts the usual spellings and prefixes (c, p, yp, yc, rp, a) and refuses anything
// else with the list of valid categories.
import { describe, expect, it } from 'vitest';
import { normaliseCategory } from './normalise';
import { TABLES } from './tables';

const lung = TABLES.lung;

describe('normaliseCategory', () => {
  it.each([
    ['T3', 'T3', null],
    ['pT3', 'T3', 'p'],
    ['cT3', 'T3', 'c'],
    ['ypT3', 'T3', 'yp'],
    ['ycT2a', 'T2a', 'yc'],
    ['rpT4', 'T4', 'rp'],
    ['aT1b', 'T1b', 'a'],
    [' pt1MI ', 'T1mi', 'p'],
    ['pT1a(mi)', 'T1mi', 'p'],
    ['p T1c', 'T1c', 'p'],
    ['tis', 'Tis', null],
    ['Tx', 'TX', null],
  ])('%s → %s (prefix %s)', (raw, category, prefix) => {
    expect(normaliseCategory(lung, 't', raw)).toEqual({ ok: true, category, prefix, given: raw });
  });

  it('normalises N and M the same way', () => {
    expect(normaliseCategory(TABLES.colorectal, 'n', 'ypN1C')).toMatchObject({
      ok: true,
      category: 'N1c',
      prefix: 'yp',
    });
    expect(normaliseCategory(TABLES.colorectal, 'm', 'pM1c')).toMatchObject({ ok: true, category: 'M1c', prefix: 'p' });
  });

  it.each(['', 'T', '3', 'xT3', 'N1', 'pN1', 'T1d', 'T3 N0', 'T 3x', 'ppT3'])(
    'refuses %j and lists valid T values',
    (raw) => {
      const r = normaliseCategory(lung, 't', raw);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.message).toContain('valid: TX, T0, Tis, T1mi, T1, T1a, T1b, T1c, T2, T2a, T2b, T3, T4');
    }
  );
});

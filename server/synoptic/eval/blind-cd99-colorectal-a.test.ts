// Guards the blind CD99 and colorectal (part a) corpora: enough cases, only answers the templates allow, and staging
// side data that agrees with the AJCC 8th edition colorectal stage table, so a typo in a truth cannot skew the figures.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { CodeSystem, Questionnaire, ValueSet } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import { readEvalCases } from './cases';

const ROOT = resolve(import.meta.dirname, '../../..');
const BLIND = join(ROOT, 'tests/eval/blind');
const PROFILES = join(ROOT, 'fhir-profiles');

interface BlindCase {
  id: string;
  text: string;
  truth: Record<string, string | number>;
  staging?: Record<string, string>;
  note: string;
}

const readJson = <T>(path: string): T => JSON.parse(readFileSync(path, 'utf8')) as T;
const profile = <T>(type: string, id: string): T => readJson<T>(join(PROFILES, type, `${id}.json`));

/** Allowed answers per linkId, read from the Questionnaire: option displays for choices, null for decimals. */
function allowedAnswers(questionnaireId: string): Map<string, string[] | null> {
  const out = new Map<string, string[] | null>();
  for (const item of profile<Questionnaire>('Questionnaire', questionnaireId).item ?? []) {
    if (item.type === 'decimal') out.set(item.linkId, null);
    if (item.type !== 'choice' || !item.answerValueSet) continue;
    const vsId = item.answerValueSet.split('/').pop() ?? '';
    const system = profile<ValueSet>('ValueSet', vsId).compose?.include[0]?.system ?? '';
    const cs = profile<CodeSystem>('CodeSystem', system.split('/').pop() ?? '');
    out.set(
      item.linkId,
      (cs.concept ?? []).map((c) => c.display ?? c.code ?? '')
    );
  }
  return out;
}

/** AJCC 8th edition colorectal stage group from T, N and M (the table, written out independently of the product). */
function ajcc8Colorectal(t: string, n: string, m: string): string {
  if (m === 'M1a') return 'IVA';
  if (m === 'M1b') return 'IVB';
  if (m === 'M1c') return 'IVC';
  if (t === 'Tis' && n === 'N0') return '0';
  if (n === 'N0') return { T1: 'I', T2: 'I', T3: 'IIA', T4a: 'IIB', T4b: 'IIC' }[t] ?? '?';
  if (t === 'T4b') return 'IIIC';
  if (['N1a', 'N1b', 'N1c'].includes(n)) return t === 'T1' || t === 'T2' ? 'IIIA' : 'IIIB';
  if (n === 'N2a') return { T1: 'IIIA', T2: 'IIIB', T3: 'IIIB', T4a: 'IIIC' }[t] ?? '?';
  return { T1: 'IIIB', T2: 'IIIB', T3: 'IIIC', T4a: 'IIIC' }[t] ?? '?';
}

function checkTruths(cases: BlindCase[], allowed: Map<string, string[] | null>): string[] {
  const bad: string[] = [];
  for (const c of cases) {
    if (!c.text.trim() || !c.note.trim()) bad.push(`${c.id}: empty text or note`);
    for (const [linkId, value] of Object.entries(c.truth)) {
      if (!allowed.has(linkId)) bad.push(`${c.id}: ${linkId} is not an item`);
      const options = allowed.get(linkId);
      if (options === null && !(typeof value === 'number' && value >= 0)) bad.push(`${c.id}: ${linkId}=${value}`);
      if (options && !options.includes(String(value))) bad.push(`${c.id}: ${linkId}="${value}"`);
    }
  }
  return bad;
}

describe('blind CD99 corpus', () => {
  const cases = readJson<BlindCase[]>(join(BLIND, 'cd99.json'));
  const allowed = allowedAnswers('cd99-pattern');

  it('has at least 40 cases with unique ids and only allowed answers for both items', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(checkTruths(cases, allowed)).toEqual([]);
    for (const c of cases) expect(Object.keys(c.truth).sort()).toEqual(['cd99-distribution', 'cd99-localization']);
  });

  it('covers every localization × extent pair, and negative goes with not applicable only', () => {
    const pairs = new Set(cases.map((c) => `${c.truth['cd99-localization']}|${c.truth['cd99-distribution']}`));
    const [loc, dist] = [allowed.get('cd99-localization') ?? [], allowed.get('cd99-distribution') ?? []];
    const negative = loc.find((l) => l.startsWith('Negative'));
    const na = dist.find((d) => d === 'Not applicable');
    for (const l of loc.filter((x) => x !== negative)) {
      for (const d of dist.filter((x) => x !== na)) expect(pairs, `${l} × ${d}`).toContain(`${l}|${d}`);
    }
    expect(pairs).toContain(`${negative}|${na}`);
    for (const p of pairs) expect(p.startsWith(`${negative}|`)).toBe(p.endsWith(`|${na}`));
  });
});

describe('blind colorectal corpus, part a', () => {
  const cases = readJson<BlindCase[]>(join(BLIND, 'colorectal-a.json'));
  const allowed = allowedAnswers('cap-colorectal-resection');

  it('has 50 cases with unique ids whose truths are items and answers of the CAP Questionnaire', () => {
    expect(cases).toHaveLength(50);
    expect(new Set(cases.map((c) => c.id)).size).toBe(50);
    expect(checkTruths(cases, allowed)).toEqual([]);
  });

  it('keeps closest margin and margin status consistent with the distances a case gives', () => {
    const KEY = { Proximal: 'distance-proximal', Distal: 'distance-distal' } as Record<string, string>;
    for (const c of cases.filter((x) => typeof x.truth['closest-margin'] === 'string')) {
      const closest = c.truth[KEY[c.truth['closest-margin'] as string] ?? 'distance-radial'];
      const given = ['distance-proximal', 'distance-distal', 'distance-radial'].map((k) => c.truth[k]);
      expect(closest, c.id).toBeTypeOf('number');
      for (const d of given.filter((v) => typeof v === 'number'))
        expect(closest, c.id).toBeLessThanOrEqual(d as number);
      if (c.truth['margin-status']) expect(c.truth['margin-status'] === 'Involved by tumor', c.id).toBe(closest === 0);
    }
  });

  it('stages by AJCC 8: every stage group follows from its T, N and M', () => {
    const staged = cases.filter((c) => c.staging?.['stage-group']);
    expect(staged.length).toBeGreaterThanOrEqual(35);
    for (const c of staged) {
      const s = c.staging ?? {};
      expect(s['stage-group'], c.id).toBe(ajcc8Colorectal(s.pT ?? '', s.pN ?? '', s.pM ?? ''));
    }
    const groups = new Set(staged.map((c) => c.staging?.['stage-group']));
    for (const g of ['0', 'I', 'IIA', 'IIB', 'IIC', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB', 'IVC'])
      expect(groups).toContain(g);
  });

  it('is read by the evaluation loader under the right templates', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blind-b2-'));
    try {
      for (const name of ['cd99.json', 'colorectal-a.json']) copyFileSync(join(BLIND, name), join(dir, name));
      const loaded = readEvalCases(dir);
      expect(loaded.filter((c) => c.template === 'cap-colorectal-resection')).toHaveLength(50);
      expect(loaded.filter((c) => c.template === 'cd99-pattern').length).toBeGreaterThanOrEqual(40);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

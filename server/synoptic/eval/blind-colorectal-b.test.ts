// Guards the blind CAP colorectal corpus, part b (issue 18): counts, answer strings from fhir-profiles/, and the
// AJCC 8 arithmetic of each truth, so a typo in the frozen corpus cannot silently move the accuracy figures.
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEvalCases } from './cases';

const ROOT = resolve(import.meta.dirname, '../../..');
const FILE = resolve(ROOT, 'tests/eval/blind/colorectal-b.json');
const PROFILES = resolve(ROOT, 'fhir-profiles');

interface BlindCase {
  id: string;
  text: string;
  truth: Record<string, string | number>;
  note: string;
}
interface Item {
  linkId: string;
  type: string;
  answerValueSet?: string;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));
const folder = (name: string) =>
  readdirSync(join(PROFILES, name)).map((f) => readJson(join(PROFILES, name, f)) as Record<string, unknown>);

/** Allowed display strings of each choice item, read Questionnaire → ValueSet → CodeSystem. */
function allowedAnswers(): { choices: Map<string, Set<string>>; decimals: Set<string> } {
  const q = readJson(join(PROFILES, 'Questionnaire/cap-colorectal-resection.json')) as { item: Item[] };
  const valueSets = folder('ValueSet') as { url: string; compose: { include: { system: string }[] } }[];
  const codeSystems = folder('CodeSystem') as { url: string; concept: { display: string }[] }[];
  const choices = new Map<string, Set<string>>();
  const decimals = new Set<string>();
  for (const item of q.item) {
    if (item.type === 'decimal') decimals.add(item.linkId);
    if (item.type !== 'choice' || !item.answerValueSet) continue;
    const vs = valueSets.find((v) => v.url === item.answerValueSet);
    const systems = vs?.compose.include.map((i) => i.system) ?? [];
    const displays = codeSystems.filter((c) => systems.includes(c.url)).flatMap((c) => c.concept.map((x) => x.display));
    choices.set(item.linkId, new Set(displays));
  }
  return { choices, decimals };
}

/** AJCC 8 colorectal categories; the Questionnaire has no items for them (yet), so they are listed here. */
const AJCC: Record<string, string[]> = {
  pT: ['TX', 'T0', 'Tis', 'T1', 'T2', 'T3', 'T4a', 'T4b'],
  pN: ['NX', 'N0', 'N1a', 'N1b', 'N1c', 'N2a', 'N2b'],
  pM: ['M0', 'M1a', 'M1b', 'M1c'],
  'stage-group': ['0', 'I', 'IIA', 'IIB', 'IIC', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB', 'IVC'],
};

/** AJCC 8 colorectal stage group from T, N and M (M absent = M0). */
function stageGroup(t: string, n: string, m?: string): string {
  if (m && m !== 'M0') return { M1a: 'IVA', M1b: 'IVB', M1c: 'IVC' }[m] ?? '?';
  if (n === 'N0') return { Tis: '0', T1: 'I', T2: 'I', T3: 'IIA', T4a: 'IIB', T4b: 'IIC' }[t] ?? '?';
  if (t === 'T4b') return 'IIIC';
  const early = t === 'T1' || t === 'T2';
  if (n.startsWith('N1')) return early ? 'IIIA' : 'IIIB';
  if (n === 'N2a') return t === 'T1' ? 'IIIA' : t === 'T4a' ? 'IIIC' : 'IIIB';
  return early ? 'IIIB' : 'IIIC';
}

const cases = readJson(FILE) as BlindCase[];

describe('blind CAP colorectal corpus, part b', () => {
  it('holds 50 uniquely numbered cases under 1 MB, each with text, truth and a note', () => {
    expect(statSync(FILE).size).toBeLessThan(1_000_000);
    expect(cases).toHaveLength(50);
    expect(new Set(cases.map((c) => c.id)).size).toBe(50);
    for (const c of cases) {
      expect(c.id).toMatch(/^BCB\d{2}$/);
      expect(c.text.length, c.id).toBeGreaterThan(100);
      expect(Object.keys(c.truth).length, c.id).toBeGreaterThan(0);
      expect(c.note.length, c.id).toBeGreaterThan(10);
    }
  });

  it('answers only with the Questionnaire strings, non-negative cm decimals and AJCC 8 categories', () => {
    const { choices, decimals } = allowedAnswers();
    expect(choices.get('procedure')?.has('Right hemicolectomy')).toBe(true);
    for (const c of cases) {
      for (const [key, value] of Object.entries(c.truth)) {
        const where = `${c.id} ${key}=${value}`;
        if (decimals.has(key)) {
          expect(typeof value, where).toBe('number');
          expect(value as number, where).toBeGreaterThanOrEqual(0);
        } else if (choices.has(key)) expect(choices.get(key)?.has(String(value)), where).toBe(true);
        else expect(AJCC[key]?.includes(String(value)), where).toBe(true);
      }
    }
  });

  it('keeps each truth internally consistent (stage, closest margin, margin status, rectal-only items)', () => {
    for (const { id, truth: t } of cases) {
      if (t['stage-group'] !== undefined) {
        expect(t.pT !== undefined && t.pN !== undefined, id).toBe(true);
        expect(stageGroup(String(t.pT), String(t.pN), t.pM as string | undefined), id).toBe(t['stage-group']);
      }
      const distances = { Proximal: t['distance-proximal'], Distal: t['distance-distal'] };
      const all = { ...distances, 'Radial (circumferential) or mesenteric': t['distance-radial'] };
      const known = Object.entries(all).filter(([, v]) => v !== undefined) as [string, number][];
      if (known.length === 3 && t['closest-margin'] !== undefined) {
        const closest = known.reduce((a, b) => (b[1] < a[1] ? b : a))[0];
        expect(t['closest-margin'], id).toBe(closest);
      }
      if (known.some(([, v]) => v === 0)) expect(t['margin-status'], id).toBe('Involved by tumor');
      if (t['tumor-site'] !== undefined && t['tumor-site'] !== 'Rectum') {
        for (const k of ['rectal-location', 'mesorectum'])
          if (t[k] !== undefined) expect(t[k], `${id} ${k}`).toBe('Not applicable');
      }
    }
  });

  it('is read by the evaluation loader as colorectal cases with linkId keys', () => {
    const dir = mkdtempSync(join(tmpdir(), 'blind-crc-b-'));
    try {
      copyFileSync(FILE, join(dir, 'colorectal-b.json'));
      const loaded = readEvalCases(dir);
      expect(loaded).toHaveLength(50);
      expect(new Set(loaded.map((c) => c.template))).toEqual(new Set(['cap-colorectal-resection']));
      expect(loaded.find((c) => c.id === 'BCB13')?.truth['distance-radial']).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// Guards the blind lung corpus (issue 18): enough cases, every truth an answer the AJCC 8 lung Questionnaire allows,
// stage groups that follow the AJCC 8 table, and every T, N and M category exercised.
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CodeSystem, Questionnaire, ValueSet } from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const CORPUS = resolve(ROOT, 'tests/eval/blind/lung.json');
const PROFILES = resolve(ROOT, 'fhir-profiles');
const LINK_IDS = ['pT', 'pN', 'pM', 'stage-group'] as const;

interface BlindCase {
  id: string;
  text: string;
  truth: Record<string, string>;
  note: string;
}

const cases = JSON.parse(readFileSync(CORPUS, 'utf8')) as BlindCase[];
const readJson = <T>(folder: string, id: string): T =>
  JSON.parse(readFileSync(resolve(PROFILES, folder, `${id}.json`), 'utf8')) as T;

/** The displays a Questionnaire item offers, followed from its answerValueSet to the CodeSystem it includes. */
function allowedAnswers(linkId: string): Set<string> {
  const questionnaire = readJson<Questionnaire>('Questionnaire', 'ajcc8-lung-resection');
  const item = questionnaire.item?.find((i) => i.linkId === linkId);
  const valueSetId = item?.answerValueSet?.split('/').pop() ?? '';
  const valueSet = readJson<ValueSet>('ValueSet', valueSetId);
  const out = new Set<string>();
  for (const include of valueSet.compose?.include ?? []) {
    const codeSystem = readJson<CodeSystem>('CodeSystem', include.system?.split('/').pop() ?? '');
    expect(codeSystem.url).toBe(include.system);
    for (const concept of codeSystem.concept ?? []) out.add(concept.display ?? concept.code ?? '');
  }
  return out;
}

/** AJCC 8th edition lung stage group, written from the table, for a pT/pN/M combination it lists. */
function ajcc8Stage(t: string, n: string, m: string): string | undefined {
  if (m === 'M1c') return 'IVB';
  if (m === 'M1a' || m === 'M1b') return 'IVA';
  if (n === 'N0') {
    const byT: Record<string, string> = { Tis: '0', T1mi: 'IA1', T1a: 'IA1', T1b: 'IA2', T1c: 'IA3' };
    return byT[t] ?? { T2a: 'IB', T2b: 'IIA', T3: 'IIB', T4: 'IIIA' }[t];
  }
  const small = ['T1a', 'T1b', 'T1c', 'T2a', 'T2b'].includes(t);
  const large = t === 'T3' || t === 'T4';
  if (!small && !large) return undefined;
  const row: Record<string, [string, string]> = { N1: ['IIB', 'IIIA'], N2: ['IIIA', 'IIIB'], N3: ['IIIB', 'IIIC'] };
  return row[n]?.[small ? 0 : 1];
}

describe('blind lung resection corpus', () => {
  it('holds at least 60 distinct, annotated cases in a file under 1 MB', () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    expect(statSync(CORPUS).size).toBeLessThan(1_000_000);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
    expect(new Set(cases.map((c) => c.text)).size).toBe(cases.length);
    for (const c of cases) {
      expect(c.id).toMatch(/^BL\d{3}$/);
      expect(c.text.length).toBeGreaterThan(80);
      expect(c.note).toMatch(/AJCC8/);
      expect(Object.keys(c.truth).sort()).toEqual([...LINK_IDS].sort());
    }
  });

  it('uses only answers the Questionnaire value sets allow', () => {
    for (const linkId of LINK_IDS) {
      const allowed = allowedAnswers(linkId);
      expect(allowed.size).toBeGreaterThan(3);
      for (const c of cases) expect(allowed, `${c.id} ${linkId}=${c.truth[linkId]}`).toContain(c.truth[linkId]);
    }
  });

  it('gives every case the AJCC 8 stage group of its T, N and M', () => {
    for (const c of cases) {
      const { pT, pN, pM } = c.truth as Record<'pT' | 'pN' | 'pM', string>;
      expect(c.truth['stage-group'], c.id).toBe(ajcc8Stage(pT, pN, pM));
    }
  });

  it('says in the note how M0 was reached, since the pM value set has no MX', () => {
    for (const c of cases.filter((x) => x.truth.pM === 'M0')) expect(c.note, c.id).toMatch(/M0/);
  });

  it('exercises every T, N and M category and the stage groups across the table', () => {
    const seen = (linkId: string) => new Set(cases.map((c) => c.truth[linkId]));
    for (const t of ['Tis', 'T1mi', 'T1a', 'T1b', 'T1c', 'T2a', 'T2b', 'T3', 'T4']) expect(seen('pT')).toContain(t);
    for (const n of ['N0', 'N1', 'N2', 'N3']) expect(seen('pN')).toContain(n);
    for (const m of ['M0', 'M1a', 'M1b', 'M1c']) expect(seen('pM')).toContain(m);
    for (const s of ['0', 'IA1', 'IA2', 'IA3', 'IB', 'IIA', 'IIB', 'IIIA', 'IIIB', 'IIIC', 'IVA', 'IVB']) {
      expect(seen('stage-group')).toContain(s);
    }
  });
});

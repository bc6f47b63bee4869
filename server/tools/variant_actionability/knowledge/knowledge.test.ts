// Integrity of the bundled knowledge: every therapy sourced and dated, patterns readable, tumour types in the vocabulary.
import { describe, expect, it } from 'vitest';
import { normaliseAlteration } from '../normalise-alteration';
import { TUMOUR_TYPES } from '../tumour-types';
import { RESISTANCE_LEVELS, SENSITIVE_LEVELS } from '../types';
import { KNOWLEDGE } from '.';

const entries = KNOWLEDGE.entries;

describe('offline knowledge', () => {
  it('has a version, an ISO update date and a coverage statement', () => {
    expect(KNOWLEDGE.version).toMatch(/^\d{4}\.\d+$/);
    expect(KNOWLEDGE.updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number.isNaN(Date.parse(KNOWLEDGE.updated))).toBe(false);
    expect(KNOWLEDGE.coverage.length).toBeGreaterThan(20);
  });

  it('gives every therapy drugs, a valid level, known tumour types, and a source naming its year', () => {
    const years: number[] = [];
    for (const e of entries) {
      for (const t of e.therapies) {
        const where = `${e.label}: ${t.drugs.join(' + ')}`;
        expect(t.drugs.length, where).toBeGreaterThan(0);
        expect([...SENSITIVE_LEVELS, ...RESISTANCE_LEVELS], where).toContain(t.level);
        expect(t.tumourTypes.length, where).toBeGreaterThan(0);
        for (const code of [...t.tumourTypes, ...(t.excludes ?? [])]) expect(TUMOUR_TYPES[code], where).toBeDefined();
        expect(t.source, where).toContain(String(t.year));
        expect(/FDA label|NCCN|ESMO|ASCO/.test(t.source), where).toBe(true);
        if (t.excludes) expect(t.excludeReason, where).toBeTruthy();
        years.push(t.year);
      }
    }
    expect(Math.min(...years)).toBeGreaterThanOrEqual(1998);
    expect(Math.max(...years)).toBeLessThanOrEqual(Number(KNOWLEDGE.updated.slice(0, 4)));
  });

  it('gives every entry exactly readable patterns and every note a source', () => {
    for (const e of entries) {
      expect((e.exact?.length ?? 0) + (e.codons?.length ?? 0) + (e.classes?.length ?? 0), e.label).toBeGreaterThan(0);
      // Exact changes must survive normalisation unchanged, or they could never match.
      for (const change of e.exact ?? []) expect(normaliseAlteration(change, e.gene).display).toBe(change);
      for (const n of [...(e.notes ?? []), ...KNOWLEDGE.tumourNotes]) expect(n.source).toContain(String(n.year));
    }
  });

  it('keeps the levels OncoKB-style: level 1 only from FDA labels, level 2 only from guidelines', () => {
    for (const e of entries) {
      for (const t of e.therapies) {
        if (t.level === '1') expect(t.source, `${e.label} ${t.drugs}`).toMatch(/^FDA label/);
        if (t.level === '2') expect(t.source, `${e.label} ${t.drugs}`).toMatch(/NCCN|ESMO|ASCO/);
      }
    }
  });

  it('covers the genes tumour boards ask about most', () => {
    const genes = new Set(entries.map((e) => e.gene));
    for (const g of [
      'KRAS',
      'NRAS',
      'BRAF',
      'ERBB2',
      'EGFR',
      'ALK',
      'ROS1',
      'RET',
      'MET',
      'NTRK1',
      'NTRK2',
      'NTRK3',
      'NRG1',
      'FGFR2',
      'IDH1',
      'BRCA1',
      'BRCA2',
      'PIK3CA',
    ]) {
      expect(genes.has(g), g).toBe(true);
    }
  });
});

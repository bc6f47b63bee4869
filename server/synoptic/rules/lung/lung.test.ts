import { describe, expect, it } from 'vitest';
import { LUNG } from '../../testdata/fixtures';
import { extractLung } from '.';
import { tForSize } from './t-category';

const value = (text: string, linkId: string) => extractLung(text).answers[linkId]?.value ?? null;

describe('lung rules extractor', () => {
  it.each(LUNG.map((c) => [c.id, c.note ?? '', c] as const))('%s (%s): pT, pN, pM and stage group', (_id, _note, c) => {
    const { answers } = extractLung(c.text);
    for (const [linkId, want] of Object.entries(c.truth)) expect(answers[linkId]?.value, linkId).toBe(want);
  });

  it('uses the AJCC size thresholds (upper bounds inclusive)', () => {
    expect([0.9, 1, 1.1, 2, 3, 3.1, 4, 5, 7, 7.1].map(tForSize)).toEqual([
      'T1a',
      'T1a',
      'T1b',
      'T1b',
      'T1c',
      'T2a',
      'T2a',
      'T2b',
      'T3',
      'T4',
    ]);
  });

  it('ignores negated descriptors and keeps affirmed ones', () => {
    const base = 'Right upper lobectomy: adenocarcinoma, 2.5 cm. Lymph nodes: 0/6.';
    expect(value(`${base} Visceral pleural invasion: not identified (PL0).`, 'pT')).toBe('T1c');
    expect(value(`${base} No chest wall, diaphragm or pericardial invasion.`, 'pT')).toBe('T1c');
    expect(value(`${base} The tumor invades the parietal pericardium.`, 'pT')).toBe('T3');
    expect(value(`${base} The tumor invades the mediastinal fat.`, 'pT')).toBe('T4');
    expect(value(`${base} Mediastinal lymph node dissection was performed.`, 'pT')).toBe('T1c');
  });

  it('maps node stations by side: ipsilateral hilar N1, mediastinal N2, contralateral N3', () => {
    const base = 'Left lower lobectomy: adenocarcinoma, 1.5 cm.';
    expect(value(`${base} Lymph nodes: station 11L 1/2.`, 'pN')).toBe('N1');
    expect(value(`${base} Lymph nodes: station 4L 1/2, station 11L 0/1.`, 'pN')).toBe('N2');
    expect(value(`${base} Lymph nodes: station 4R 1/2.`, 'pN')).toBe('N3');
    expect(value(`${base} Lymph nodes: station 7 0/3, station 10L 0/2.`, 'pN')).toBe('N0');
    expect(value(base, 'pN')).toBeNull();
  });

  it('defaults M to M0 with no evidence when nothing is said, and stages from the table', () => {
    const r = extractLung('Right lower lobectomy: squamous cell carcinoma, 3.5 cm. Lymph nodes: 0/8.');
    expect(r.answers.pM).toMatchObject({ value: 'M0', evidence: [] });
    expect(r.answers.pM!.explanation).toMatch(/no MX/);
    expect(r.answers['stage-group']).toMatchObject({ value: 'IB' });
    expect(r.answers['stage-group']!.explanation).toMatch(/AJCC 8th Lung.*T2a N0 M0 → IB/);
  });
});

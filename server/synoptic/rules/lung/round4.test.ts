// AJCC 8th lung rules of the fourth round: 78 resection texts written for this test (testdata/lung-round4.json,
// truth set by AJCC 8th before the extractor ran) and the rules they needed, one sentence each.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';
import { expandAbbreviations } from './abbreviations';
import { bareHeading, headingKey, partLabel } from './m-specimens';

interface Case {
  id: string;
  note: string;
  text: string;
  truth: Record<string, string>;
}

const cases = JSON.parse(readFileSync(resolve(import.meta.dirname, 'testdata/lung-round4.json'), 'utf8')) as Case[];
const values = (text: string) => {
  const a = extractLung(text).answers;
  return Object.fromEntries(['pT', 'pN', 'pM', 'stage-group'].map((k) => [k, a[k]?.value ?? null]));
};
const pM = (text: string) => values(text).pM;
const RUL = 'Right upper lobectomy: adenocarcinoma, 2.4 cm, PL0. Lymph nodes 0/5.';

describe('fourth-round lung corpus', () => {
  it('has at least 30 cases over every M category', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((c) => c.truth.pM))).toEqual(new Set(['M0', 'M1a', 'M1b', 'M1c']));
  });

  it.each(cases.map((c) => [c.id, c.note, c] as const))('%s (%s): T, N, M and stage as AJCC 8th', (_id, _n, c) => {
    expect(values(c.text)).toEqual(c.truth);
  });
});

describe('separately submitted specimens (M)', () => {
  it('joins a heading on its own line to the diagnosis under it, benign or malignant', () => {
    expect(pM(`${RUL}\nPART B: BRAIN, RIGHT FRONTAL, RESECTION\n- Metastatic adenocarcinoma.`)).toBe('M1b');
    expect(pM(`${RUL}\nPART B: BRAIN, RIGHT FRONTAL, RESECTION\n- Negative for malignancy; gliosis.`)).toBe('M0');
    expect(bareHeading('PART C: LEFT ADRENAL GLAND, ADRENALECTOMY')).toBe(true);
    expect(bareHeading('Part C: left adrenal gland, adrenalectomy: adenoma')).toBe(false);
  });

  it('counts two positive specimens of one organ as two metastases, one named twice as one', () => {
    const two =
      'Part B, right adrenal, biopsy: metastatic carcinoma. Part C, left adrenal, biopsy: metastatic carcinoma.';
    expect(pM(`${RUL} ${two}`)).toBe('M1c');
    expect(pM(`${RUL} Part B, liver, biopsy: metastatic carcinoma. Comment: liver biopsy: metastatic carcinoma.`)).toBe(
      'M1b'
    );
    expect(headingKey('Part B: Liver, segment 2, wedge')).not.toBe(headingKey('Part C: Liver, segment 7, wedge'));
  });

  it('follows a part label to the organ it names ("Part B, permanent sections")', () => {
    const t = `${RUL}\nPart B, liver lesion, frozen section: atypical cells.\nPart B, permanent: metastatic adenocarcinoma.`;
    expect(pM(t)).toBe('M1b');
    expect(partLabel('B. Lymph node, station 4R')).toBe('B');
  });

  it('reads a quoted container label that names the organ', () => {
    expect(pM(`${RUL} Additional specimen, "liver lesion": metastatic adenocarcinoma.`)).toBe('M1b');
  });

  it('reads pleural and pericardial specimens and fluids as M1a, a lavage as nothing', () => {
    expect(pM(`${RUL} Pleura, parietal, biopsy: metastatic adenocarcinoma.`)).toBe('M1a');
    expect(pM(`${RUL} Clinical: the pericardium was studded with tumour nodules.`)).toBe('M1a');
    expect(pM(`${RUL} Clinical: bilateral pulmonary metastases.`)).toBe('M1a');
    expect(pM(`${RUL} Pleural lavage cytology: positive for adenocarcinoma.`)).toBe('M0');
  });
});

describe('M descriptors in words', () => {
  it('reads organs under other names and counts', () => {
    expect(pM(`${RUL} Clinical: a solitary intracranial metastasis.`)).toBe('M1b');
    expect(pM(`${RUL} Clinical: bony metastases.`)).toBe('M1c');
    expect(pM(`${RUL} Clinical: brain metastasis x2.`)).toBe('M1c');
    expect(pM(`${RUL} Clinical: sternal metastasis, biopsy-proven; no other distant disease.`)).toBe('M1b');
    expect(pM(`${RUL} Clinical: omental nodule, excision: metastatic adenocarcinoma.`)).toBe('M1b');
    expect(pM(`${RUL} M category: single extrathoracic metastasis.`)).toBe('M1b');
    expect(pM(`${RUL} Clinical: metastatic disease involving multiple organs.`)).toBe('M1c');
  });

  it('takes stage IVB as M1c (AJCC 8th gives IVB only to M1c)', () => {
    expect(pM(`${RUL} Clinical: stage IVB.`)).toBe('M1c');
  });

  it('keeps a sternal-notch node regional and reads distant nodes as M, not N', () => {
    const t = `${RUL} Left axillary lymph node, excision: metastatic adenocarcinoma.`;
    expect(values(t)).toMatchObject({ pN: 'N0', pM: 'M1b' });
    expect(values(`${RUL} Clinical: metastases in the liver and in distant lymph nodes.`).pN).toBe('N0');
  });
});

describe('T and N in other reporting styles', () => {
  it('writes out the shorthand of a report', () => {
    expect(expandAbbreviations('RUL: adenoca, 2.2 cm, VPI present. LN 0/12. Hx: brain met s/p SRS')).toBe(
      'RUL: adenocarcinoma, 2.2 cm, visceral pleural invasion present. lymph node 0/12. history: brain met status post SRS'
    );
  });

  it('lets a revision in an addendum replace the category the descriptors gave', () => {
    const t = `${RUL} Lymph node station 4R 1/3.\nADDENDUM: the 4R node is benign on review; revised pN0.`;
    expect(values(t).pN).toBe('N0');
  });

  it('reads sizes written after a location or as "a tumour of", never a distance', () => {
    expect(values('Left lower lobectomy: carcinoma centred on the lobar bronchus, 2.2 cm. Nodes 0/3.').pT).toBe('T1c');
    expect(values('Macroscopy: left upper lobectomy with a tumour of 45 mm. Nodes 0/3.').pT).toBe('T2b');
  });

  it('keeps foci in another organ and nodules on the pleura out of T', () => {
    expect(values(`${RUL} Liver, segments 5 and 6, wedges: two foci of metastatic adenocarcinoma.`).pT).toBe('T1c');
    expect(values(`${RUL} Multiple small nodules on the parietal pleura; biopsy: metastatic carcinoma.`).pT).toBe(
      'T1c'
    );
  });

  it('reads side-first stations and labelled categories, never R1 or L1', () => {
    expect(values('Right upper lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes: R4 1/3, R10 0/2.').pN).toBe('N2');
    expect(values('Right upper lobectomy: adenocarcinoma, 2.4 cm. Nodal status: N2 (station 7).').pN).toBe('N2');
    expect(values('Right upper lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes 0/14, L1, V1, R1.').pN).toBe('N0');
  });

  it('takes the stations bracketed after a positive count as the involved ones', () => {
    const t = 'Right lower lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes with metastasis: 2 (4R, 7). Examined: 12.';
    expect(values(t).pN).toBe('N2');
    expect(values('Right lower lobectomy: adenocarcinoma, 2.4 cm. 4R: 1 positive of 3. 7: 0 positive of 2.').pN).toBe(
      'N2'
    );
  });
});

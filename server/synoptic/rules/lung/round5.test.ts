// AJCC 8th lung rules of the fifth round: 37 resection texts written for this test (testdata/lung-round5.json, truth
// set by AJCC 8th before the extractor ran) on MIA limits, obstruction to the hilum, lobes by name, misspellings,
// diaphragmatic pleura, station sides, NX, "name (number): x/y" lines, pericardial nodules, distant nodes, negative
// effusions and the highest M.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';
import { lobesIn, tumorSide } from './side';

interface Case {
  id: string;
  note: string;
  text: string;
  truth: Record<string, string | null>;
}

const cases = JSON.parse(readFileSync(resolve(import.meta.dirname, 'testdata/lung-round5.json'), 'utf8')) as Case[];
const values = (text: string) => {
  const a = extractLung(text).answers;
  return Object.fromEntries(['pT', 'pN', 'pM', 'stage-group'].map((k) => [k, a[k]?.value ?? null]));
};

describe('fifth-round lung corpus', () => {
  it('has at least 25 cases over every M category and NX', () => {
    expect(cases.length).toBeGreaterThanOrEqual(25);
    expect(new Set(cases.map((c) => c.truth.pM))).toEqual(new Set(['M0', 'M1a', 'M1b', 'M1c']));
    expect(cases.some((c) => c.truth.pN === 'NX')).toBe(true);
  });

  it.each(cases.map((c) => [c.id, c.note, c] as const))('%s (%s): T, N, M and stage as AJCC 8th', (_id, _n, c) => {
    expect(values(c.text)).toEqual(c.truth);
  });
});

const RUL = 'Right upper lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes 0/6.';
const LLL = 'Left lower lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes 0/6.';
const pT = (text: string) => values(text).pT;
const pN = (text: string) => values(text).pN;
const pM = (text: string) => values(text).pM;

describe('T: MIA named as a limit, obstruction to the hilum, diaphragmatic pleura', () => {
  it('reads T1mi only from a diagnosis of MIA with invasion of at most 0.5 cm', () => {
    expect(pT('Right lower lobe: minimally invasive adenocarcinoma, 1.6 cm, invasive focus 0.3 cm. Nodes 0/4.')).toBe(
      'T1mi'
    );
    expect(
      pT('Right lower lobe: adenocarcinoma, lepidic; invasive size 0.8 cm, so not MIA. Total 1.9 cm. Nodes 0/4.')
    ).toBe('T1a');
    expect(pT('Left lower lobe: adenocarcinoma, 1.2 cm, resected by minimally invasive lobectomy. Nodes 0/4.')).toBe(
      'T1b'
    );
  });

  it('raises T to T2 for obstruction reaching the hilum, not for a specimen received collapsed', () => {
    expect(pT(`${RUL} Distal to the occluded bronchus, obstructive consolidation extends to the hilum.`)).toBe('T2a');
    expect(pT(`${RUL} Endogenous lipoid pneumonia involves the whole lobe beyond the tumour.`)).toBe('T2a');
    expect(pT('Right upper lobectomy, received collapsed with the hilum stapled: adenocarcinoma, 1.5 cm.')).toBe('T1b');
    expect(pT(`${RUL} Obstructive pneumonitis is present; hilar lymph nodes are negative.`)).toBe('T1c');
  });

  it('keeps pleura over the diaphragm T3 and diaphragm muscle T4', () => {
    expect(pT(`${LLL} The tumour invades the diaphragmatic parietal pleura.`)).toBe('T3');
    expect(pT(`${LLL} The tumour extends into the pleura overlying the diaphragm.`)).toBe('T3');
    expect(pT(`${LLL} The tumour invades the diaphragm.`)).toBe('T4');
  });

  it('places the lingula in the left upper lobe and the unsided middle lobe on the right', () => {
    expect(lobesIn('lingulectomy; middle lobe; upper lobe of the left lung')).toEqual([
      'left upper',
      'right middle',
      'left upper',
    ]);
    expect(pT(`${LLL} Part B, lingula, wedge: 6 mm focus of adenocarcinoma resembling part A.`)).toBe('T4');
    expect(
      pT('Left upper lobectomy: adenocarcinoma of the lingula, 2 cm; a second nodule of it in the same lobe.')
    ).toBe('T3');
  });

  it('takes the primary lobe from the anatomic resection, not from the history', () => {
    const t =
      'History: mass in the left lower lobe with a right upper lobe nodule. Right upper lobectomy: 2 cm adenocarcinoma.';
    expect(tumorSide({ text: t, sentences: t.split('. ').map((x, i) => ({ index: i, text: x, masked: x })) })).toBe(
      'R'
    );
  });
});

describe('N: stations by side and by name, and no nodes', () => {
  it('gives NX for every way of saying that no nodes were received', () => {
    expect(pN('Left upper lobe wedge: adenocarcinoma 1.5 cm. The specimen contains no lymph nodes.')).toBe('NX');
    expect(pN('Left upper lobe wedge: adenocarcinoma 1.5 cm. Lymph nodes: 0 examined.')).toBe('NX');
    expect(pN('Left upper lobe wedge: adenocarcinoma 1.5 cm. Nodal status: cannot be assessed (no nodes).')).toBe('NX');
    expect(pN('Left upper lobe wedge: adenocarcinoma 1.5 cm. There were no lymph nodes in the wedge.')).toBe('NX');
    expect(pN('Left upper lobe: adenocarcinoma 1.5 cm. Lymph nodes: 0/6, with no lymph node metastasis.')).toBe('N0');
  });

  it('reads "name (number): x/y" station lines, sub-stations and # included', () => {
    const LUL = 'Left upper lobectomy: adenocarcinoma, 2.5 cm.';
    expect(pN(`${LUL} Prevascular (3a): 1/1 positive. Hilar (10L): 0/2 negative.`)).toBe('N2');
    expect(pN(`${LUL} Subcarinal (#7): 1 of 3 positive.`)).toBe('N2');
    expect(pN(`${LUL} Lobar (12L): 1/1 positive. Subcarinal (7): 0/3 negative.`)).toBe('N1');
  });

  it('reads the side of a station written after its number or as a container label', () => {
    expect(pN(`${LLL} Additional specimen: station 4 right (paratracheal), 1/1 positive.`)).toBe('N3');
    expect(pN('Left lower lobectomy: adenocarcinoma 2 cm. Nodes: 4-R 1/1, 7 0/2.')).toBe('N3');
    expect(pN(`${LLL} Separate container, "4R lymph node": metastatic adenocarcinoma (1/1).`)).toBe('N3');
  });
});

describe('M: proof in the next clause or sentence, serosal deposits, distant nodes, effusions', () => {
  it('takes the proof of lesions from the sentence or clause after them', () => {
    expect(pM(`${RUL} CT: three hepatic lesions. Biopsy of one: metastatic adenocarcinoma.`)).toBe('M1c');
    expect(pM(`${RUL} MRI: a single pituitary lesion. Resection showed metastatic adenocarcinoma.`)).toBe('M1b');
    expect(pM(`${LLL} History: nodule in the middle lobe; CT-guided biopsy: adenocarcinoma.`)).toBe('M1a');
    expect(pM(`${RUL} Pleural effusion; cytology positive for carcinoma.`)).toBe('M1a');
    expect(pM(`${RUL} CT: three hepatic lesions. Biopsy of one: haemangioma.`)).toBe('M0');
  });

  it('reads a deposit on the pericardium set apart from the tumour as M1a, direct invasion as T', () => {
    const t = `${LLL} The tumour does not reach the pericardium; a discrete deposit of adenocarcinoma lies on the pericardium.`;
    expect(values(t)).toMatchObject({ pT: 'T1c', pM: 'M1a' });
    expect(values(`${LLL} The tumour invades the parietal pericardium.`)).toMatchObject({ pT: 'T3', pM: 'M0' });
  });

  it('takes a single abdominal node proven by FNA as M1b, station 6 as N2', () => {
    expect(pM(`${RUL} PET: one avid porta hepatis lymph node, FNA positive for adenocarcinoma.`)).toBe('M1b');
    expect(
      values('Left upper lobectomy: adenocarcinoma 2 cm. Para-aortic node (station 6): 1/1 positive.')
    ).toMatchObject({ pN: 'N2', pM: 'M0' });
  });

  it('does not take an effusion with negative cytology as M1a', () => {
    expect(pM(`${RUL} Pleural effusion: cytology showed no evidence of malignant cells (x3); transudate.`)).toBe('M0');
    expect(pM(`${RUL} Thoracentesis: straw-coloured transudate, cytology negative for adenocarcinoma.`)).toBe('M0');
    expect(pM(`${RUL} Pleural fluid: malignant cells present; liver: two metastases on biopsy.`)).toBe('M1c');
  });
});

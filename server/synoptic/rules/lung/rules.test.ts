// One test per AJCC 8th lung rule the extractor implements, on sentences written for these tests.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';

const value = (text: string, linkId: string) => extractLung(text).answers[linkId]?.value ?? null;
const RUL = 'Right upper lobectomy: invasive adenocarcinoma, 2.4 cm.';

describe('pT by AJCC 8th descriptors', () => {
  it('raises T to T2 only for the main bronchus, not a lobar or segmental one', () => {
    expect(value(`${RUL} The tumor infiltrates a segmental bronchus; the main bronchus margin is free.`, 'pT')).toBe(
      'T1c'
    );
    expect(value(`${RUL} Tumor extends into the lobar bronchus but does not involve the main bronchus.`, 'pT')).toBe(
      'T1c'
    );
    expect(value(`${RUL} Tumor involves the right mainstem bronchus, 2.5 cm from the carina.`, 'pT')).toBe('T2a');
  });

  it('scopes a negation to the verb it governs ("does not invade")', () => {
    expect(value(`${RUL} The tumor abuts but does not invade the parietal pleura.`, 'pT')).toBe('T1c');
    expect(value(`${RUL} No lymphovascular invasion, and the tumor invades the diaphragm.`, 'pT')).toBe('T4');
  });

  it('stages a lepidic-predominant tumor by its invasive size, stated or estimated from the lepidic percentage', () => {
    const lep = 'Left lower lobectomy: adenocarcinoma, lepidic predominant, total size 3.6 cm';
    expect(value(`${lep}; the invasive (acinar) component measures 1.3 cm. Lymph nodes 0/5.`, 'pT')).toBe('T1b');
    expect(value(`${lep}. Patterns: lepidic 75%, acinar 25%. Lymph nodes 0/5.`, 'pT')).toBe('T1a');
    expect(
      value('Left upper lobectomy: lepidic predominant adenocarcinoma, 2.2 cm, invasive focus 0.4 cm.', 'pT')
    ).toBe('T1mi');
  });

  it('reads whole-lung atelectasis as T2 and a named great vessel as T4', () => {
    expect(value(`${RUL} Obstructive pneumonitis involves the entire lung.`, 'pT')).toBe('T2a');
    expect(value(`${RUL} The tumor invades the superior vena cava.`, 'pT')).toBe('T4');
  });

  it('keeps a nodule called "not a separate primary" as a separate nodule of another ipsilateral lobe', () => {
    const t = `${RUL} A 0.6 cm focus in the right lower lobe is judged an intrapulmonary metastasis, not a separate primary.`;
    expect(value(t, 'pT')).toBe('T4');
  });
});

describe('pN by IASLC station and laterality', () => {
  const LLL = 'Left lower lobectomy: squamous cell carcinoma, 1.8 cm.';
  it('reads station lists written as "Level 10R: 1/1", "4R 0/3" and "station 7 (0/2)"', () => {
    expect(value(`${RUL}\nLymph nodes:\nLevel 10R: 1/1\n4R 0/3\nstation 7 (0/2)`, 'pN')).toBe('N1');
    expect(value(`${RUL} Lymph nodes: 10R 0/2, 4R 1/3, 7 0/2.`, 'pN')).toBe('N2');
  });

  it('reads counts in words and binds each count to the station after it', () => {
    expect(value(`${RUL} Metastatic carcinoma in two of fourteen hilar lymph nodes.`, 'pN')).toBe('N1');
    expect(value(`${RUL} One of three hilar nodes and none of four subcarinal nodes contain carcinoma.`, 'pN')).toBe(
      'N1'
    );
    expect(value(`${RUL} Zero of three hilar nodes and one of four subcarinal nodes contain carcinoma.`, 'pN')).toBe(
      'N2'
    );
  });

  it('classes stations against the tumor side: contralateral hilar or any supraclavicular node is N3', () => {
    expect(value(`${LLL} Lymph nodes: station 10R (1/2) positive; station 7 0/3.`, 'pN')).toBe('N3');
    expect(value(`${LLL} A right scalene lymph node biopsy shows metastatic carcinoma.`, 'pN')).toBe('N3');
    expect(value(`${LLL} Metastatic carcinoma in a contralateral mediastinal lymph node.`, 'pN')).toBe('N3');
  });

  it('finds a positive hilar node next to parietal pleural invasion, and direct extension into a node as N1', () => {
    const t = `${RUL} The tumor invades the parietal pleura; one hilar lymph node is positive for metastatic carcinoma.`;
    expect(value(t, 'pN')).toBe('N1');
    expect(value(t, 'pT')).toBe('T3');
    expect(value(`${RUL} The tumor directly extends into an adjacent peribronchial lymph node.`, 'pN')).toBe('N1');
  });

  it('does not read "negative for metastatic carcinoma" as positive, and reads a part heading with its finding', () => {
    expect(value(`${RUL} Subcarinal lymph nodes, negative for metastatic carcinoma (0/4).`, 'pN')).toBe('N0');
    expect(
      value(`${RUL}\nC. Lymph node, station 4R, excision:\nMetastatic adenocarcinoma in 2 of 2 lymph nodes.`, 'pN')
    ).toBe('N2');
  });

  it('reads lymph node tables and CAP count fields', () => {
    const table = `${RUL}\n| Station | Examined | Positive |\n| 10R | 3 | 0 |\n| 7 | 4 | 2 |`;
    expect(value(table, 'pN')).toBe('N2');
    expect(value(`${RUL}\nNumber of lymph nodes involved: 0\nNumber of lymph nodes examined: 9`, 'pN')).toBe('N0');
  });

  it('gives NX when no nodes were examined and N0 for "all nodes negative"', () => {
    expect(value(`${RUL} No lymph nodes were submitted with the specimen.`, 'pN')).toBe('NX');
    expect(value(`${RUL} All twelve lymph nodes are benign.`, 'pN')).toBe('N0');
  });
});

describe('pM by AJCC 8th', () => {
  it('takes a biopsy-proven nodule in the other lung as M1a, and a benign one not', () => {
    expect(value(`${RUL} Clinical: a 9 mm nodule in the left lower lobe, biopsy-proven adenocarcinoma.`, 'pM')).toBe(
      'M1a'
    );
    expect(value(`${RUL} Clinical: a 9 mm nodule in the left lower lobe, benign granuloma on biopsy.`, 'pM')).toBe(
      'M0'
    );
  });

  it('does not take positive pleural lavage as M1a but does take a malignant effusion', () => {
    expect(value(`${RUL} Pleural lavage cytology: positive for malignant cells.`, 'pM')).toBe('M0');
    expect(value(`${RUL} Pericardial fluid cytology shows adenocarcinoma.`, 'pM')).toBe('M1a');
  });

  it('counts extrathoracic metastases: one in one organ M1b, two organs or several lesions M1c, sizes are not counts', () => {
    expect(value(`${RUL} Staging: a solitary 2.1 cm adrenal metastasis.`, 'pM')).toBe('M1b');
    expect(value(`${RUL} Staging: an adrenal metastasis; MRI also shows a brain metastasis.`, 'pM')).toBe('M1c');
    expect(value(`${RUL} Staging: three brain metastases.`, 'pM')).toBe('M1c');
    expect(value(`${RUL} Brain MRI shows no metastases.`, 'pM')).toBe('M0');
  });
});

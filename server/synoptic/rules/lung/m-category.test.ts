// AJCC 8th M rules of the second round, on sentences written for this test.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';

const pM = (text: string) => extractLung(text).answers.pM?.value ?? null;
const LLL = 'Left lower lobectomy: adenocarcinoma, 2.2 cm.';

describe('pM (AJCC 8th M1a/M1b/M1c)', () => {
  it('reads a contralateral lobe named at the start of a line (M1a) and keeps a benign one M0', () => {
    expect(pM(`${LLL}\nRight lower lobe nodule, wedge excision: metastatic adenocarcinoma.`)).toBe('M1a');
    expect(pM(`${LLL}\nRight lower lobe nodule, wedge excision: hamartoma.`)).toBe('M0');
  });

  it('joins an organ lesion to the biopsy that proves it in the next clause (M1b)', () => {
    expect(pM(`${LLL} PET: an avid right adrenal lesion; biopsy confirmed metastatic adenocarcinoma.`)).toBe('M1b');
  });

  it('counts one bone lesion named twice as one metastasis, two singular metastases as M1c', () => {
    expect(pM(`${LLL} History: isolated osseous metastasis to the T9 vertebral body.`)).toBe('M1b');
    expect(pM(`${LLL} History: a sacral metastasis and a humeral metastasis.`)).toBe('M1c');
  });

  it('reads oligometastatic disease in two organs as M1c and a distant (non-regional) node as M1b', () => {
    expect(pM(`${LLL} History: oligometastatic disease with lesions in the brain and adrenal gland.`)).toBe('M1c');
    expect(pM(`${LLL} History: a single metastasis to a distant (non-regional) lymph node.`)).toBe('M1b');
    expect(pM(`${LLL} History: leptomeningeal metastasis on MRI.`)).toBe('M1b');
  });
});

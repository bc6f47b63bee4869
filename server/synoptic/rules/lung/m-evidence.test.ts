// AJCC 8th M rules of the third round, on sentences written for this test: hedges and negation scope, a benign
// diagnosis after a part heading, organ specimens, metastases whose organs are not named, and stated M1 categories.
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';
import { affirmed } from './m-evidence';

const pM = (text: string) => extractLung(text).answers.pM?.value ?? null;
const pN = (text: string) => extractLung(text).answers.pN?.value ?? null;
const RUL = 'Right upper lobectomy: adenocarcinoma, 2.4 cm. Lymph nodes 0/5.';

describe('whether a metastasis is affirmed', () => {
  it('takes no hedged metastasis (AJCC: when in doubt, the lower category)', () => {
    expect(pM(`${RUL} Brain metastasis was suspected but not confirmed.`)).toBe('M0');
    expect(pM(`${RUL} A liver metastasis cannot be excluded.`)).toBe('M0');
    expect(pM(`${RUL} Adrenal nodule suspicious for metastasis; biopsy pending.`)).toBe('M0');
  });

  it('scopes a negation over a list of organs and over a post-trigger', () => {
    expect(pM(`${RUL} Staging MRI: no evidence of metastatic disease in the brain.`)).toBe('M0');
    expect(pM(`${RUL} PET showed no avid lesions in the liver, adrenals or bones to suggest metastasis.`)).toBe('M0');
    expect(pM(`${RUL} Metastatic work-up (brain MRI, PET) negative.`)).toBe('M0');
    expect(affirmed('left adrenal gland: metastatic carcinoma', 5, 7)).toBe(true);
  });

  it('reads the diagnosis after a part heading: benign is not spread, carcinoma is', () => {
    expect(pM(`${RUL} Pleural nodule, excision: fibrous plaque, no malignancy.`)).toBe('M0');
    expect(pM(`${RUL} Pleural nodules: absent.`)).toBe('M0');
    expect(pM(`${RUL} Liver lesion was biopsied and showed a hemangioma; no metastatic carcinoma.`)).toBe('M0');
    expect(pM(`${RUL} Pericardium nodule, excision: metastatic adenocarcinoma.`)).toBe('M1a');
  });
});

describe('M1a: pleural and pericardial spread', () => {
  it('reads a malignant effusion in either word order, and a negative one as M0', () => {
    expect(pM(`${RUL} Malignant cells identified in the pleural effusion.`)).toBe('M1a');
    expect(pM(`${RUL} Tumour cells are present in the pericardial fluid.`)).toBe('M1a');
    expect(pM(`${RUL} Pleural fluid cytology: reactive mesothelial cells, no malignant cells.`)).toBe('M0');
  });

  it('reads implants, deposits and biopsies of the pleura', () => {
    expect(pM(`${RUL} The parietal pleural surface shows multiple tumour implants.`)).toBe('M1a');
    expect(pM(`${RUL} Tumor deposits are present on the parietal pleura.`)).toBe('M1a');
    expect(pM(`${RUL} Pleural biopsy: metastatic carcinoma.`)).toBe('M1a');
  });

  it('keeps M1a when the same clause says there is no distant metastasis', () => {
    expect(pM(`${RUL} Pleural nodules present, no distant metastases.`)).toBe('M1a');
  });

  it('takes an unqualified separate nodule in the opposite lung as tumor', () => {
    expect(pM(`${RUL} A separate nodule is present in the left lower lobe.`)).toBe('M1a');
  });
});

describe('M1b and M1c: extrathoracic metastases', () => {
  it('reads an organ specimen with carcinoma as a metastasis, but not an en bloc rib', () => {
    expect(pM(`${RUL} Liver, core biopsy: adenocarcinoma compatible with pulmonary origin.`)).toBe('M1b');
    expect(pM(`${RUL} Brain, left frontal lobe, excision: adenocarcinoma, TTF-1 positive.`)).toBe('M1b');
    expect(pM(`${RUL} Right adrenalectomy: metastatic carcinoma, single focus.`)).toBe('M1b');
    expect(pM(`${RUL} Rib, en bloc resection: adenocarcinoma invading bone.`)).toBe('M0');
  });

  it('reads "mets" and the cerebellum, and many metastases in a single organ as M1c', () => {
    expect(pM(`${RUL} Clinical: history of brain met, resected.`)).toBe('M1b');
    expect(pM(`${RUL} Clinical: liver and bone mets.`)).toBe('M1c');
    expect(pM(`${RUL} Clinical history: solitary cerebellum metastasis.`)).toBe('M1b');
    expect(pM(`${RUL} Multiple extrathoracic metastases in a single organ (liver).`)).toBe('M1c');
  });

  it('counts one organ named two ways once, and plural metastatic lesions as several', () => {
    expect(pM(`${RUL} Clinical: a renal metastasis; the kidney lesion was biopsied.`)).toBe('M1b');
    expect(pM(`${RUL} Clinical: metastatic lesions in the liver.`)).toBe('M1c');
  });

  it('reads extrathoracic metastases whose organs are not named', () => {
    expect(pM(`${RUL} Extrathoracic metastases in several organs.`)).toBe('M1c');
    expect(pM(`${RUL} A single extrathoracic metastasis was treated with radiosurgery.`)).toBe('M1b');
    expect(pM(`${RUL} Distant site(s) involved: liver and bone.`)).toBe('M1c');
    expect(pM(`${RUL} Clinical: widespread metastatic disease.`)).toBe('M1c');
    expect(pM(`${RUL} Clinical: multiple lymph node metastases in the mediastinum.`)).toBe('M0');
  });

  it('takes a low cervical node as N3, not as a distant metastasis', () => {
    const t = `Right upper lobectomy: adenocarcinoma, 2.4 cm. Left low cervical lymph node: metastatic carcinoma.`;
    expect(pM(t)).toBe('M0');
    expect(pN(t)).toBe('N3');
  });

  it('reads a bare M1a/M1b/M1c the report states, over an M0 fallback', () => {
    expect(pM(`${RUL} Clinical: stage IV (M1b) disease.`)).toBe('M1b');
    expect(pM(`${RUL} Known M1c disease.`)).toBe('M1c');
    expect(pM(`${RUL} No extrathoracic metastases. Pathologic stage: pT1c pN0 pM1a.`)).toBe('M1a');
  });
});

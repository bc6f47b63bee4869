// The stated pTNM fallback: used only where the descriptors are not given, never a bare "T1" nerve root.
import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { extractLung } from '.';
import { statedCategory } from './stated-tnm';

const value = (text: string, linkId: string) => extractLung(text).answers[linkId]?.value ?? null;

describe('stated pTNM', () => {
  it('reads a TNM group and prefixed categories', () => {
    const doc = makeDoc('Synoptic summary. Pathologic stage: pT2aN1 cM0.');
    expect(statedCategory(doc, 'T')?.value).toBe('T2a');
    expect(statedCategory(doc, 'N')?.value).toBe('N1');
    expect(statedCategory(doc, 'M')?.value).toBe('M0');
  });

  it('is a fallback: it fills T and N without descriptors and yields to stated descriptors', () => {
    expect(value('Right upper lobectomy: adenocarcinoma. Pathologic stage: pT2a pN1.', 'pT')).toBe('T2a');
    expect(value('Right upper lobectomy: adenocarcinoma, 3.5 cm. Stage: pT2a pN1.', 'pN')).toBe('N1');
    expect(value('Right upper lobectomy: adenocarcinoma, 1.4 cm. Stage: pT2a pN0.', 'pT')).toBe('T1b');
  });

  it('never reads a nerve root or vertebra as a category, nor a clinical T before therapy', () => {
    expect(statedCategory(makeDoc('Invasion of the T1 nerve root and the T4 vertebra.'), 'T')).toBeUndefined();
    expect(statedCategory(makeDoc('Initially clinical stage cT3 cN2 before chemotherapy.'), 'T')).toBeUndefined();
  });

  it('takes a stated M1 when the findings do not describe the metastases', () => {
    expect(value('Right upper lobectomy: carcinoma, 2.2 cm. Clinical stage cT2a cN0 cM1c.', 'pM')).toBe('M1c');
    expect(value('Right upper lobectomy: carcinoma, 2.2 cm. Pathologic stage pT1c pN0 pM1a.', 'pM')).toBe('M1a');
  });
});

// Node statements of the third round, on sentences written for this test: the polarity word that belongs to a count,
// "none involved", and specimens without nodes (NX).
import { describe, expect, it } from 'vitest';
import { extractLung } from '.';
import { findStatuses, verdict } from './node-status';

const pN = (text: string) => extractLung(text).answers.pN?.value ?? null;
const RUL = 'Right upper lobectomy: carcinoma 1.2 cm.';

describe('node counts and words', () => {
  it('reads "0 of 11 positive" as one negative count, not a count and a positive word', () => {
    expect(pN(`${RUL} Lymph nodes: 0 of 11 positive.`)).toBe('N0');
    expect(verdict(findStatuses('0 of 11 positive'))).toBe(false);
    expect(pN(`${RUL} Lymph nodes: 1 of 2 subcarinal nodes positive; 0 of 3 hilar nodes positive.`)).toBe('N2');
  });

  it('reads "none involved" as negative and a single involved station by its number', () => {
    expect(pN(`${RUL} Lymph nodes: twelve examined, none involved.`)).toBe('N0');
    expect(pN(`${RUL} Lymph nodes: twelve examined, one involved (station 11R).`)).toBe('N1');
  });

  it('gives NX when nodes were not received or none were submitted', () => {
    expect(pN(`${RUL} Lymph nodes: not received.`)).toBe('NX');
    expect(pN(`${RUL} Lymph nodes: none submitted.`)).toBe('NX');
  });

  it('classes stations 8 and 9 as N2 and a contralateral 4L as N3 for a right tumor', () => {
    expect(pN(`${RUL} Paraesophageal lymph node (station 8): metastatic carcinoma.`)).toBe('N2');
    expect(pN(`${RUL} Pulmonary ligament lymph node (station 9): 1/1 positive.`)).toBe('N2');
    expect(pN(`${RUL} Station 4L: 1/2 positive.`)).toBe('N3');
  });
});

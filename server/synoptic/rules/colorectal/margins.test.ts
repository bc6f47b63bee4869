import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { findMargins } from './margins';

const cm = (text: string) => {
  const d = findMargins(makeDoc(text), false).distances;
  return { proximal: d.proximal?.cm ?? null, distal: d.distal?.cm ?? null, radial: d.radial?.cm ?? null };
};

describe('colorectal margin distances (proximal, distal, radial, in cm)', () => {
  it('reads "clear of" and "clearance" as distances', () => {
    expect(cm('The tumour lies 18 mm clear of the distal margin.').distal).toBe(1.8);
    expect(cm('It has a proximal clearance of 70 mm.').proximal).toBe(7);
  });

  it('reads numbers in words with their units', () => {
    expect(cm('The tumour is four centimetres from the distal margin.').distal).toBe(4);
  });

  it('pairs each length with its side in "x from the proximal and y from the distal margin"', () => {
    expect(cm('The mass is 9 cm from the proximal and 2.5 cm from the distal margin.')).toEqual({
      proximal: 9,
      distal: 2.5,
      radial: null,
    });
  });

  it('reads a distance list introduced by "distances" and tumour at a margin as 0 cm', () => {
    expect(cm('Distances from the carcinoma: proximal 14 cm, distal 6 cm, radial 3 mm.')).toEqual({
      proximal: 14,
      distal: 6,
      radial: 0.3,
    });
    expect(cm('The tumour is at the inked radial margin.').radial).toBe(0);
    expect(cm('The tumour is at the distal end of the specimen, 2 cm from the distal margin.').distal).toBe(2);
  });
});

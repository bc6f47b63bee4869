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

  it('reads a tumour transected at, or at ink on, a margin as 0 cm', () => {
    expect(cm('The carcinoma is transected at the distal resection margin.').distal).toBe(0);
    expect(cm('Tumour is present at ink at the mesenteric margin.').radial).toBe(0);
    expect(cm('Growth at ink on the circumferential margin.').radial).toBe(0);
  });

  it('reads the mesorectal fascia as the circumferential margin and "cms" as centimetres', () => {
    expect(cm('The deepest tumour lies 3 mm from the mesorectal fascia.').radial).toBe(0.3);
    expect(cm('The lesion is 6 cms from the distal margin.').distal).toBe(6);
  });

  it('reads the closest margin however it is named', () => {
    const closest = (text: string) => findMargins(makeDoc(text), false).closest?.kind ?? null;
    expect(closest('The closest margin is the CRM at 2 mm.')).toBe('radial');
    expect(closest('The tumour is closest to the distal margin.')).toBe('distal');
    expect(closest('The growth lies 3 cm from the distal margin (closest).')).toBe('distal');
    expect(closest('The distal margin, at 3 cm, is the nearest.')).toBe('distal');
    // A "closest margin" field with its own value is not a comment on the margin before it.
    expect(closest('Proximal margin 20 cm, closest margin 3 mm.')).toBeNull();
  });
});

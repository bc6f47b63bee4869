// A margin distance read from a length and a side word in one phrase, in any order, and only in a sentence about
// margins (or about uninvolved bowel on either side of the tumour).
import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { sideDistances } from './margin-sides';
import { findMargins } from './margins';

const cm = (text: string) => {
  const d = findMargins(makeDoc(text), false).distances;
  return { proximal: d.proximal?.cm ?? null, distal: d.distal?.cm ?? null, radial: d.radial?.cm ?? null };
};

describe('margin distances from a side word and a length in one phrase', () => {
  it('reads adverbs and sides after the length', () => {
    expect(cm('Resection margins are clear by 14 cm proximally and 25 mm distally.')).toEqual({
      proximal: 14,
      distal: 2.5,
      radial: null,
    });
    expect(cm('The longitudinal margins measure 9 cm (proximal) and 6 cm (distal).')).toMatchObject({
      proximal: 9,
      distal: 6,
    });
    expect(cm('Distances to the margins are 9 cm proximal and 6 cm distal.')).toMatchObject({ proximal: 9, distal: 6 });
  });

  it('reads sides before the length and abbreviated or oral/aboral sides', () => {
    expect(cm('Margin distances are proximal 9 cm and distal 6 cm.')).toMatchObject({ proximal: 9, distal: 6 });
    expect(cm('Prox. margin 9 cm, dist. margin 6 cm.')).toMatchObject({ proximal: 9, distal: 6 });
    expect(cm('The growth is 9 cm from the oral and 6 cm from the aboral resection margin.')).toMatchObject({
      proximal: 9,
      distal: 6,
    });
  });

  it('reads a margin named as the subject of the phrase before ("… is clear and lies 3 cm from the tumour")', () => {
    expect(cm('The distal margin is macroscopically clear and lies 3 cm from the tumour.').distal).toBe(3);
  });

  it('reads the length of uninvolved bowel on either side of the tumour', () => {
    expect(cm('There is 11 cm of normal colon proximal to the tumour and 7 cm of normal colon distal to it.')).toEqual({
      proximal: 11,
      distal: 7,
      radial: null,
    });
  });

  it('reads a side word standing for its margin by ellipsis', () => {
    expect(cm('The carcinoma is 11 cm from the proximal margin. It is 7 cm from the distal.').distal).toBe(7);
  });

  it('ignores sizes, landmarks and sentences not about margins', () => {
    expect(sideDistances('A 4 cm tumour lies in the distal sigmoid.', new Set())).toEqual([]);
    expect(sideDistances('Proximal margin clear; a 6 mm polyp lies 3 cm distally.', new Set())).toEqual([]);
    expect(sideDistances('The distal margin is clear; the dentate line is 2 cm distal.', new Set())).toEqual([]);
    expect(cm('The tumour extends 3 cm distally along the mucosa.').distal).toBeNull();
  });
});

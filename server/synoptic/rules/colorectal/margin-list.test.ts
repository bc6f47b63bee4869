// Margin distances listed under a heading: the heading names them margins and may give their unit.
import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { listedMargins } from './margin-list';

const list = (text: string) => listedMargins(makeDoc(text)).map((l) => [l.side, l.cm]);

describe('margin distances listed under a heading', () => {
  it('reads bare side words on the lines below "Margins:" until the list ends', () => {
    expect(list('Margins:\n  Proximal: 13 cm\n  Distal: 45 mm\n  Radial: 0.4 cm\nNodes: 14 found.')).toEqual([
      ['proximal', 13],
      ['distal', 4.5],
      ['radial', 0.4],
    ]);
    expect(list('Distance from the carcinoma to the margins:\n- proximal 13 cm\n- CRM 2 mm')).toEqual([
      ['proximal', 13],
      ['crm', 0.2],
    ]);
  });

  it('applies a unit given in the heading and reads involvement as 0', () => {
    expect(list('Distances to margins (cm): proximal 13, distal 4.5, radial 0.4.')).toEqual([
      ['proximal', 13],
      ['distal', 4.5],
      ['radial', 0.4],
    ]);
    expect(list('Margins:\nDistal: involved\nProximal: 8 cm')).toEqual([
      ['distal', 0],
      ['proximal', 8],
    ]);
  });

  it('reads nothing without a heading or without a unit', () => {
    expect(list('Proximal: 13 cm\nDistal: 4 cm')).toEqual([]);
    expect(list('Margins: proximal 13, distal 4.')).toEqual([]);
  });
});

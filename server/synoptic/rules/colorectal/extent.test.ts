import { describe, expect, it } from 'vitest';
import { makeDoc } from '../../text/doc';
import { EXTENT_LEVELS, findExtent } from './extent';

const extent = (text: string) => findExtent(makeDoc(text))?.value ?? null;
const [MUCOSA, SUBMUCOSA, MP, PERICOLIC, SEROSA, ADJACENT] = EXTENT_LEVELS;

describe('colorectal tumor extent (deepest layer stated, CAP / AJCC 8 pT)', () => {
  it('reads each wall layer the tumor reaches', () => {
    expect(extent('An intramucosal carcinoma is present on the polyp head.')).toBe(MUCOSA);
    expect(extent('The lesion infiltrates the submucosa.')).toBe(SUBMUCOSA);
    expect(extent('On slicing, the growth invades the muscularis propria.')).toBe(MP);
    expect(extent('The carcinoma grows through the muscle coat into perirectal adipose tissue.')).toBe(PERICOLIC);
    expect(extent('The tumour breaches the visceral peritoneum over a 5 mm area.')).toBe(SEROSA);
    expect(extent('The mass is firmly adherent to the dome of the urinary bladder.')).toBe(ADJACENT);
  });

  it('keeps "into but not through" at the layer named and ends negation scope at the next finding', () => {
    expect(extent('The tumor extends into, but not through, the muscularis propria.')).toBe(MP);
    expect(extent('It invades the submucosa but does not reach the muscularis propria.')).toBe(SUBMUCOSA);
    expect(extent('The carcinoma extends through the bowel wall into pericolic fat; the serosa is intact.')).toBe(
      PERICOLIC
    );
    expect(extent('Tumour reaches to within 2 mm of the serosal surface.')).toBe(PERICOLIC);
  });

  it('does not take a structure merely attached to the specimen, or nodes in the fat, for invasion', () => {
    expect(extent('A sigmoid colectomy with attached omentum; the tumour is 3 cm long.')).toBeNull();
    expect(extent('Several lymph nodes are found in the pericolic fat.')).toBeNull();
    expect(extent('An ulcerated mass involving half of the bowel wall circumference.')).toBeNull();
  });

  it('reads extramural spread and the outer border of the muscularis propria as pericolorectal invasion', () => {
    expect(extent('Extramural spread of 3 mm is seen at the deepest point.')).toBe(PERICOLIC);
    expect(extent('The growth extends 3 mm beyond the outer border of the muscularis propria.')).toBe(PERICOLIC);
    expect(extent('The carcinoma invades the extramural fat.')).toBe(PERICOLIC);
  });

  it('reads a denied passage through a layer as reaching into it', () => {
    expect(extent('The tumour does not extend beyond the muscularis propria.')).toBe(MP);
    expect(extent('The growth has not breached the muscularis propria.')).toBe(MP);
  });

  it('reads tumour on the peritoneal surface and an organ the tumour is fixed to', () => {
    expect(extent('Tumour is seen on the peritoneal surface.')).toBe(SEROSA);
    expect(extent('The tumour is fixed to the anterior abdominal wall.')).toBe(ADJACENT);
  });
});

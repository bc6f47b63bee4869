import { describe, expect, it } from 'vitest';
import { CD99 } from '../testdata/fixtures';
import { extractCd99 } from './cd99';

/** Localization and distribution read from a text. */
const read = (text: string) => {
  const { answers } = extractCd99(text);
  return [answers['cd99-localization']?.value ?? null, answers['cd99-distribution']?.value ?? null];
};
const NEG = ['Negative (no staining)', 'Not applicable'];

describe('CD99 rules extractor', () => {
  it.each(CD99.map((c) => [c.id, c] as const))('%s', (_id, c) => {
    const { answers } = extractCd99(c.text);
    for (const [linkId, want] of Object.entries(c.truth)) expect(answers[linkId]?.value, linkId).toBe(want);
  });

  it('says so when the report has no CD99 result', () => {
    expect(extractCd99('Desmin is positive.')).toEqual({ answers: {}, issues: ['The report does not mention CD99.'] });
  });

  it('keeps CD99 positive when a later negation covers only the markers after it', () => {
    expect(
      read('Lesional cells express CD99 with patchy cytoplasmic staining and are negative for SOX10, S100 and HMB45.')
    ).toEqual(['Cytoplasmic', 'Patchy']);
    expect(read('Negative: synaptophysin, WT1, CD99 is diffusely membranous.')).toEqual(['Membranous', 'Diffuse']);
  });

  it('does not count a localization the report denies', () => {
    expect(read('CD99 shows granular cytoplasmic positivity, without membranous accentuation, in most cells.')).toEqual(
      ['Cytoplasmic', 'Diffuse']
    );
    expect(read('CD99: cytoplasmic staining with membranous accentuation in a minority of cells.')).toEqual([
      'Membranous and cytoplasmic',
      'Patchy',
    ]);
  });

  it('reads short negative notations', () => {
    expect(read('CD99 - negative in the neoplastic cells.')).toEqual(NEG);
    expect(read('Panel: CD99: neg, BCOR: pos.')).toEqual(NEG);
    expect(read('CD99 (-), FLI1 (+).')).toEqual(NEG);
    expect(read('Neoplastic cells do not express CD99 or NKX2.2.')).toEqual(NEG);
  });

  it('ignores non-tumour cells and internal controls', () => {
    expect(read('CD99 labels entrapped lymphocytes, but the tumour cells are entirely negative.')).toEqual(NEG);
    expect(read('CD99 is negative in tumour cells (endothelium stains as positive internal control).')).toEqual(NEG);
  });

  it('maps extent words and fractions to the value set', () => {
    expect(read('CD99 marks virtually all tumour cells along the cell membrane.')).toEqual(['Membranous', 'Diffuse']);
    expect(read('Roughly half of the cells show cytoplasmic CD99.')).toEqual(['Cytoplasmic', 'Patchy']);
    expect(read('CD99 is present in about one third of the cells, membranous.')).toEqual(['Membranous', 'Patchy']);
    expect(read('CD99 decorates isolated cells with a membranous pattern.')).toEqual(['Membranous', 'Focal']);
    expect(read('Paranuclear dot-like CD99 is seen in occasional cells.')).toEqual(['Cytoplasmic', 'Focal']);
  });

  it('maps percentages with comparators and ranges', () => {
    expect(read('CD99: membranous, > 90 % of tumour cells.')).toEqual(['Membranous', 'Diffuse']);
    expect(read('CD99 membranous in under 10 percent of cells.')).toEqual(['Membranous', 'Focal']);
    expect(read('Membrane CD99 in 20-40% of the tumour.')).toEqual(['Membranous', 'Patchy']);
  });

  it('takes the pattern from a clause that goes on describing the stain', () => {
    expect(read('CD99 is positive. The staining is membranous and involves most cells.')).toEqual([
      'Membranous',
      'Diffuse',
    ]);
  });

  it('prefers an addendum result over a failed stain', () => {
    expect(
      read(
        'CD99 was uninterpretable owing to poor fixation. Addendum: on repeat, CD99 is strongly membranous in the majority of cells.'
      )
    ).toEqual(['Membranous', 'Diffuse']);
  });

  it('keeps the modifiers of the next marker out of the CD99 clause', () => {
    expect(read('CD99 shows membranous staining throughout, and focal nuclear FLI1 is seen.')).toEqual([
      'Membranous',
      'Diffuse',
    ]);
  });
});

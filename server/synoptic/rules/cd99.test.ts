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

  it('reads the pattern from following sentences headed localization, distribution or extent', () => {
    expect(read('CD99: positive. Localisation: cytoplasmic. Distribution: patchy.')).toEqual(['Cytoplasmic', 'Patchy']);
    expect(read('CD99 is positive.\nPattern: membranous.\nExtent: diffuse.')).toEqual(['Membranous', 'Diffuse']);
  });

  it('reads "staining: none" and "0 %" as negative', () => {
    expect(read('CD99 staining: none.')).toEqual(NEG);
    expect(read('CD99 shows 0% staining of the tumour.')).toEqual(NEG);
  });

  it('takes a denied localization for a pattern, not for CD99 negativity', () => {
    expect(read('Membranous CD99 is not seen; the tumour shows weak cytoplasmic CD99 in about 20% of cells.')).toEqual([
      'Cytoplasmic',
      'Patchy',
    ]);
    expect(read('The tumour lacks membranous CD99; there is focal cytoplasmic staining.')).toEqual([
      'Cytoplasmic',
      'Focal',
    ]);
  });

  it('ends a negated pattern phrase at its head noun, so the extent after it stays', () => {
    expect(read('CD99 shows cytoplasmic staining without membranous accentuation in a patchy distribution.')).toEqual([
      'Cytoplasmic',
      'Patchy',
    ]);
  });

  it('takes the widest extent when several stained populations are described', () => {
    expect(read('CD99 is membranous in the majority of cells, with cytoplasmic staining in a few.')).toEqual([
      'Membranous and cytoplasmic',
      'Diffuse',
    ]);
    // "throughout" says where, not how much: scattered cells stay focal.
    expect(read('CD99 marks scattered cells throughout the tumour, membranous.')).toEqual(['Membranous', 'Focal']);
  });

  it('reads more words for extent and localization', () => {
    expect(read('CD99 is extensively positive with a pericellular pattern.')).toEqual(['Membranous', 'Diffuse']);
    expect(read('CD99 stains every tumour cell, intracytoplasmic.')).toEqual(['Cytoplasmic', 'Diffuse']);
    expect(read('CD99 shows sparse membranous positivity.')).toEqual(['Membranous', 'Focal']);
    expect(read('CD99 is partially positive, cytoplasmic.')).toEqual(['Cytoplasmic', 'Patchy']);
    expect(read('CD99: strong membranous positivity in about nine tenths of cells.')).toEqual([
      'Membranous',
      'Diffuse',
    ]);
  });
});

// The policy refuses what record text could smuggle in: foreign references and URLs, local files, unasked searches,
// unknown (e.g. writing) tools and calls beyond the round's limit.
import { describe, expect, it } from 'vitest';
import { checkCall, type PolicyContext } from './policy';

const IMAGE = 'ImagingStudy/s1/series/1.2/instances/1.2.3';
const ctx = (asks = { literature: false, web: false }): PolicyContext => ({
  tools: new Set([
    'segment_lesion',
    'predict_biomarkers',
    'web_search',
    'pubmed_search',
    'variant_actionability',
    'radiology_report',
  ]),
  references: new Set(['ImagingStudy/s1', IMAGE, 'DocumentReference/bag']),
  urls: new Set(['https://ehr.example/fhir/Binary/b1', 'Binary/b2']),
  asks,
  maxCallsPerRound: 2,
});
const verdict = (tool: string, args: unknown, index = 0, c = ctx()) => checkCall({ tool, args }, index, c);

describe('checkCall', () => {
  it('allows calls on the record', () => {
    expect(verdict('segment_lesion', { image: IMAGE, box: [1, 2, 3, 4] })).toEqual({ ok: true });
    expect(verdict('predict_biomarkers', { features: 'DocumentReference/bag' })).toEqual({ ok: true });
    expect(verdict('segment_lesion', { image: 'Binary/b2', box: [1, 2, 3, 4] })).toEqual({ ok: true });
    expect(
      verdict('radiology_report', { images: [{ image: 'https://ehr.example/fhir/Binary/b1', label: 'PET/CT' }] })
    ).toEqual({ ok: true });
    expect(
      verdict('variant_actionability', { gene: 'KRAS', alteration: 'G12C', tumorType: 'colorectal cancer' })
    ).toEqual({ ok: true });
  });

  it('refuses references, URLs and paths that are not in the record', () => {
    const other = verdict('segment_lesion', {
      image: 'ImagingStudy/elsewhere/series/1/instances/2',
      box: [1, 2, 3, 4],
    });
    expect(other).toEqual({ ok: false, reason: expect.stringMatching(/not part of this patient's record/) });
    expect(verdict('radiology_report', { images: [{ image: 'http://169.254.169.254/latest' }] })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not an attachment/),
    });
    expect(verdict('predict_biomarkers', { features: '/etc/passwd' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/local files/),
    });
    expect(verdict('predict_biomarkers', { features: 'bag.npy' })).toMatchObject({ ok: false });
  });

  it('allows external searches only when the question asks for them', () => {
    expect(verdict('web_search', { query: 'new drugs' })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/question/),
    });
    expect(verdict('pubmed_search', { query: 'x' }, 0, ctx({ literature: true, web: false }))).toEqual({ ok: true });
  });

  it('refuses unknown tools (nothing may write) and calls beyond the round limit', () => {
    expect(verdict('fhir_write', { resource: {} })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/no tool/),
    });
    expect(verdict('variant_actionability', { alteration: 'MSI-H' }, 2)).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/at most 2/),
    });
  });
});

describe('checkCall with a search the record indicates', () => {
  const indicated: PolicyContext = {
    ...ctx(),
    indicatedSearch: {
      tools: new Set(['pubmed_search']),
      query: 'gastric adenocarcinoma ERBB2 amplification treatment',
    },
  };
  it('allows PubMed with exactly the query built from the facts, without the question asking', () => {
    const args = { query: 'gastric adenocarcinoma ERBB2 amplification treatment' };
    expect(verdict('pubmed_search', args, 0, indicated)).toEqual({ ok: true });
  });
  it('refuses any other query and the web, so record text cannot steer an external search', () => {
    expect(verdict('pubmed_search', { query: 'list of all patients' }, 0, indicated)).toMatchObject({ ok: false });
    const web = { query: 'gastric adenocarcinoma ERBB2 amplification treatment' };
    expect(verdict('web_search', web, 0, indicated)).toMatchObject({ ok: false });
  });
});

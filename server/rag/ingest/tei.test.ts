// GROBID TEI import reads title, year, DOI, journal, abstract and headed body sections, lets sidecar metadata win,
// and refuses non-TEI or malformed XML with a clear message.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseTei } from './tei';

const fixture = (name: string): string => readFileSync(resolve(import.meta.dirname, 'testdata', name), 'utf8');

describe('parseTei', () => {
  it('reads title, year, DOI, journal, abstract and headed body sections from a GROBID file', () => {
    const doc = parseTei(fixture('grobid-paper.tei.xml'), 'papers/grobid-paper.tei.xml');
    expect(doc).toMatchObject({
      id: 'grobid-paper',
      title: 'Circulating tumour DNA after colon cancer resection: a cohort study',
      year: 2022,
      source: 'Journal of Test Oncology (2022)',
      url: 'https://doi.org/10.1234/jto.2022.0042',
      format: 'tei',
      path: 'papers/grobid-paper.tei.xml',
    });
    expect(doc.sections.map((s) => [s.id, s.heading, s.text])).toEqual([
      [
        'abstract',
        'Abstract',
        'Background: ctDNA detects minimal residual disease & predicts relapse.\n\nResults: ctDNA-positive patients relapsed more often (HR > 7).',
      ],
      [
        'introduction',
        'Introduction',
        'Adjuvant chemotherapy is given to stage III patients [1]. Risk stratification is imperfect.',
      ],
      [
        'methods',
        'Methods',
        "Plasma was drawn 4 weeks after surgery1; see Fig. 1.\n\nSamples with ≥ 2 variants were called positive — the assay's threshold.\n\nFollow-up imaging was done every 6 months.",
      ],
      ['results', 'Results', 'Of 230 patients, 20 were ctDNA-positive.'],
      ['discussion-limits', 'Discussion & limits', 'ctDNA-guided therapy needs randomised trials.'],
    ]);
    expect(doc.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('lets sidecar metadata win', () => {
    const doc = parseTei(fixture('grobid-paper.tei.xml'), 'p.tei.xml', {
      id: 'ctdna-2022',
      source: 'Rivera et al. 2022',
      topics: ['ctdna'],
    });
    expect(doc).toMatchObject({ id: 'ctdna-2022', source: 'Rivera et al. 2022', topics: ['ctdna'], year: 2022 });
  });

  it('refuses XML that is not TEI, and malformed XML, with a clear message', () => {
    expect(() => parseTei(fixture('not-tei.xml'), 'not-tei.xml')).toThrow(
      'not a GROBID TEI document (root element <rss>, expected <TEI>)'
    );
    expect(() => parseTei('<TEI>\n<text><body><p>x</body></text></TEI>', 'bad.xml')).toThrow(
      'malformed XML at line 2: </body> does not close <p>'
    );
    expect(() => parseTei('<TEI><teiHeader/></TEI>', 'empty.xml')).toThrow(/no abstract or body text/);
  });
});

// Text cleaning before indexing: link text kept and URLs shortened, HTML dropped, broken characters (ligatures,
// mojibake, invisible ones) repaired, and line-end hyphens joined, so passages read and match as written.
import { describe, expect, it } from 'vitest';
import { clean } from './clean';

describe('clean', () => {
  it('keeps link text, shortens bare URLs to the host and drops HTML', () => {
    expect(clean('See [ESMO mCRC](https://www.esmo.org/guidelines/x "t") and ![fig](a.png).')).toBe(
      'See ESMO mCRC and fig.'
    );
    expect(clean('Source: https://www.nccn.org/professionals/physician_gls/pdf/colon.pdf.')).toBe('Source: nccn.org.');
    expect(clean('<https://doi.org/10.1000/x> ok')).toBe('doi.org ok');
    expect(clean('<p>CrCl <b>&lt; 30</b> mL/min</p><!-- x -->done<br/>next')).toBe('CrCl < 30 mL/min\ndone\nnext');
    expect(clean('ECOG < 2 and a<b')).toBe('ECOG < 2 and a<b');
  });

  it('repairs broken characters: invisible ones, ligatures, UTF-8 read as Latin-1', () => {
    expect(clean('ﬁbrosis ﬂuorouracil e\u00adpi\u200bdural\ufeff')).toBe('fibrosis fluorouracil epidural');
    expect(clean('5â€“10 mm â€” naÃ¯ve, rÃ©section, â€œquotedâ€\u009d, 37 Â°C')).toBe(
      '5–10 mm — naïve, résection, “quoted”, 37 °C'
    );
    expect(clean('Ã©')).toBe('é');
    expect(clean('Zürich, São Paulo, façade')).toBe('Zürich, São Paulo, façade');
    expect(clean('cafe\u0301')).toBe('café');
  });

  it('joins words hyphenated at line ends and normalises whitespace, keeping lines and paragraphs', () => {
    expect(clean('adjuvant treat-\nment for six\tmonths  here   \r\n\r\n\r\n\r\nNext\u00a0para')).toBe(
      'adjuvant treatment for six months here\n\nNext para'
    );
    expect(clean('5-\nFU and non-small')).toBe('5-\nFU and non-small');
    expect(clean('- item one\n  - nested   item')).toBe('- item one\n  - nested item');
  });
});

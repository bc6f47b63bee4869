// The report's HTML must show the answer's structure and never let record or model text become markup.
import { describe, expect, it } from 'vitest';
import { markdownToHtml } from './markdown-html';

describe('markdownToHtml', () => {
  it('renders headings, lists, bold, links and paragraphs', () => {
    const html = markdownToHtml(
      '## Response\nBoth lesions grew: **PD** [1].\n\n- CEA rose\n- no new lesions\n\n1. FOLFIRI\n2. trial\n\nSee [ESMO](https://esmo.org/x).'
    );
    expect(html).toBe(
      '<div><h3>Response</h3><p>Both lesions grew: <strong>PD</strong> [1].</p><ul><li>CEA rose</li><li>no new lesions</li></ul>' +
        '<ol><li>FOLFIRI</li><li>trial</li></ol><p>See <a href="https://esmo.org/x">ESMO</a>.</p></div>'
    );
  });

  it('escapes HTML and refuses non-http links', () => {
    const html = markdownToHtml('<script>alert(1)</script> [x](javascript:alert(1)) "q" & <b>');
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('href="javascript');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&quot;q&quot; &amp; &lt;b&gt;');
  });
});

// The shared XML reader: what it keeps and skips, the plain text it gives, and the well-formedness errors it names.
import { describe, expect, it } from 'vitest';
import { childElements, decodeEntities, descendants, findPath, parseXml, textOf, XmlError } from './xml';

describe('decodeEntities', () => {
  it('decodes numeric and named entities, leaves unknown ones, replaces invalid code points', () => {
    expect(decodeEntities('&#65;&#x42;&lt;&amp;lt;&nbsp;&#xD800;&#0;')).toBe('AB<&lt;&nbsp;\uFFFD\uFFFD');
  });
});

describe('parseXml', () => {
  it('handles attributes, namespaces, entities, CDATA, comments and self-closing tags', () => {
    const root = parseXml(
      `<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x "y">]><a xmlns:t="u" k='v &amp; w'><!-- c --><t:b/>x &lt; y<![CDATA[<z>]]>&#65;</a>`
    );
    expect(root).toEqual({
      name: 'a',
      attrs: { k: 'v & w', t: 'u' },
      children: [{ name: 'b', attrs: {}, children: [] }, 'x < y', '<z>', 'A'],
    });
  });

  it('keeps CDATA raw and skips a comment holding ">", a byte-order mark and a DOCTYPE subset ending in "] >"', () => {
    const root = parseXml(
      '\uFEFF<!DOCTYPE a [<!ENTITY x "y>">] >\n<a><!-- c > d --><b>1 &lt; 2</b><b><![CDATA[<i>&amp;</i>]]></b></a>\n'
    );
    expect(textOf(root)).toBe('1 < 2<i>&amp;</i>');
  });

  it('reads ">" inside a quoted attribute value and a public DOCTYPE like the one efetch sends', () => {
    const root = parseXml('<!DOCTYPE S PUBLIC "-//NLM//DTD x//EN" "x.dtd">\n<S><T Label="a > b">t</T></S>');
    expect(findPath(root, 'T')?.attrs.Label).toBe('a > b');
  });

  it.each([
    ['<a><b></a>', '</a> does not close <b>'],
    ['<a></c></a>', '</c> does not close <a>'],
    ['</a>', '</a> has no start tag'],
    ['<a>', '<a> is never closed'],
    ['<a/><b/>', 'more than one root'],
    ['text', 'text outside the root element'],
    ['<a><!-- open</a>', 'unterminated comment'],
    ['<a><b attr="x', 'bad start tag'],
    ['<a b=c/>', 'bad start tag'],
    ['<!DOCTYPE a [<!ENTITY x "y">', 'unterminated declaration'],
    ['', 'no root element'],
  ])('rejects %s', (xml, message) => {
    expect(() => parseXml(xml)).toThrow(XmlError);
    expect(() => parseXml(xml)).toThrow(message);
  });

  it('names the line of the error', () => {
    expect(() => parseXml('<a>\n<b>\n</c></a>')).toThrow('malformed XML at line 3: </c> does not close <b>');
  });
});

describe('helpers', () => {
  const root = parseXml(
    '<r><div><head>H</head><p>one <figure><figDesc>fig</figDesc></figure>two</p><div><p>nested</p></div></div><p>top</p></r>'
  );

  it('follows child paths and lists children, tolerating a missing element', () => {
    expect(textOf(findPath(root, 'div', 'head'))).toBe('H');
    expect(findPath(root, 'div', 'nope', 'p')).toBeUndefined();
    expect(childElements(root).map((e) => e.name)).toEqual(['div', 'p']);
    expect(childElements(undefined, 'p')).toEqual([]);
  });

  it('lists descendants in document order, nested matches included', () => {
    expect(descendants(root, 'p').map((p) => textOf(p))).toEqual(['one figtwo', 'nested', 'top']);
    expect(descendants(root, 'div')).toHaveLength(2);
  });

  it('leaves out the text of skipped elements and collapses whitespace', () => {
    expect(textOf(descendants(root, 'p')[0], new Set(['figure']))).toBe('one two');
    expect(textOf(parseXml('<p>  a\n\t b\u0001 </p>'))).toBe('a b');
    expect(textOf(undefined)).toBe('');
  });

  it('writes superscript exponents with a caret but leaves charge signs inline', () => {
    expect(textOf(parseXml('<p>10<sup>-3</sup> M, CD4<sup>+</sup> cells, CO<sub>2</sub></p>'))).toBe(
      '10^-3 M, CD4+ cells, CO2'
    );
  });
});

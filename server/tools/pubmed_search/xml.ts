// A small, dependency-free XML reader for NCBI efetch output: elements, attributes, text, entities; no DTD, no namespaces.

export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

/** Input that is not well-formed enough to read. */
export class XmlError extends Error {}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes the five XML entities and numeric character references; unknown or invalid ones stay as written.
 * @param text - Raw character data or attribute value.
 * @returns The decoded text.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\uFFFD';
  });
}

/**
 * Parses an XML document into a tree under a synthetic `#document` element.
 * Tolerant: stray end tags are ignored and unclosed elements are closed at the end of input.
 * @param xml - The document.
 * @returns The root.
 * @throws XmlError when a tag is never closed by `>`.
 */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const top = () => stack[stack.length - 1];
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    if (lt === -1) {
      top().children.push(decodeEntities(xml.slice(i)));
      break;
    }
    if (lt > i) top().children.push(decodeEntities(xml.slice(i, lt)));
    if (xml.startsWith('<!--', lt)) {
      i = skipPast(xml, '-->', lt + 4);
    } else if (xml.startsWith('<![CDATA[', lt)) {
      const end = xml.indexOf(']]>', lt + 9);
      top().children.push(xml.slice(lt + 9, end === -1 ? xml.length : end));
      i = end === -1 ? xml.length : end + 3;
    } else if (xml.startsWith('<?', lt)) {
      i = skipPast(xml, '?>', lt + 2);
    } else if (xml.startsWith('<!', lt)) {
      i = skipDeclaration(xml, lt);
    } else {
      const gt = tagEnd(xml, lt + 1);
      if (gt === -1) throw new XmlError(`XML tag not closed at offset ${lt}`);
      const inner = xml.slice(lt + 1, gt);
      if (inner.startsWith('/')) {
        const name = inner.slice(1).trim();
        const at = stack.map((e) => e.name).lastIndexOf(name);
        if (at > 0) stack.length = at;
      } else {
        const selfClosing = inner.endsWith('/');
        const element = startTag(selfClosing ? inner.slice(0, -1) : inner);
        top().children.push(element);
        if (!selfClosing) stack.push(element);
      }
      i = gt + 1;
    }
  }
  return root;
}

function skipPast(xml: string, marker: string, from: number): number {
  const end = xml.indexOf(marker, from);
  return end === -1 ? xml.length : end + marker.length;
}

/** <!DOCTYPE …> may hold an internal subset in brackets, itself holding '>' characters. */
function skipDeclaration(xml: string, from: number): number {
  let depth = 0;
  for (let j = from + 2; j < xml.length; j++) {
    const c = xml[j];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return j + 1;
  }
  return xml.length;
}

/** The index of the '>' ending a tag, skipping '>' inside quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = '';
  for (let j = from; j < xml.length; j++) {
    const c = xml[j];
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '>') return j;
  }
  return -1;
}

function startTag(inner: string): XmlElement {
  const name = /^[^\s/>]+/.exec(inner)?.[0] ?? '';
  const attrs: Record<string, string> = {};
  for (const m of inner.slice(name.length).matchAll(/([^\s=]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
    attrs[m[1]] = decodeEntities(m[2] ?? m[3] ?? '');
  }
  return { name, attrs, children: [] };
}

/** Child elements, optionally only those with a given name. */
export function elements(parent: XmlElement | undefined, name?: string): XmlElement[] {
  if (!parent) return [];
  return parent.children.filter((c): c is XmlElement => typeof c !== 'string' && (!name || c.name === name));
}

/** The first element reached by following child names, e.g. `find(article, 'Journal', 'Title')`. */
export function find(parent: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let current = parent;
  for (const name of path) current = elements(current, name)[0];
  return current;
}

/**
 * All text inside an element with inline markup (<i>, <b>, <sub>, MathML…) dropped, superscripts written as "^x", whitespace collapsed and
 * control characters removed: the result is plain text, never markup.
 * @param element - The element.
 * @returns Its text, or '' when absent.
 */
export function text(element: XmlElement | undefined): string {
  if (!element) return '';
  const parts: string[] = [];
  const walk = (node: XmlNode, inSup: boolean) => {
    if (typeof node === 'string') {
      parts.push(node);
      return;
    }
    // Dropping <sup> would turn 10<sup>3</sup> into "103": keep exponents visible as "10^3" (but "CD4+" stays).
    const sup = node.name === 'sup' && !inSup;
    if (sup && !/^[\s+\-\u2212]*$/.test(rawText(node))) parts.push('^');
    for (const child of node.children) walk(child, inSup || sup);
  };
  walk(element, false);
  return parts.join('').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters (except tab and newlines) is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

function rawText(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(rawText).join('');
}

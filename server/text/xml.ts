// The one XML reader for the XML this app reads (NCBI efetch, GROBID TEI): strict, small, no DTDs, no dependency.

/** An element with namespace prefixes removed from its name and attribute names. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

/** Input that is not well-formed XML; the message names the line, e.g. "malformed XML at line 2: …". */
export class XmlError extends Error {
  readonly line: number;
  constructor(line: number, detail: string) {
    super(`malformed XML at line ${line}: ${detail}`);
    this.name = 'XmlError';
    this.line = line;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/**
 * Decodes the five XML entities and numeric character references; unknown entities stay as written.
 * @param text - Raw character data or attribute value.
 * @returns The decoded text; a reference to an invalid code point (0, surrogate, beyond U+10FFFF) becomes U+FFFD.
 */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);/g, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? whole;
    const code = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return valid ? String.fromCodePoint(code) : '\uFFFD';
  });
}

const local = (name: string): string => name.slice(name.indexOf(':') + 1);
const NAME = String.raw`[\p{L}_:][\p{L}\p{M}\p{N}_.:-]*`;
// Attribute values must be quoted and may not hold a raw '<'; that also keeps a missing quote from swallowing the document.
const ATTR = String.raw`${NAME}\s*=\s*(?:"[^"<]*"|'[^'<]*')`;
const START_TAG = new RegExp(String.raw`<(${NAME})((?:\s+${ATTR})*)\s*(/?)>`, 'uy');
const ATTRS = new RegExp(String.raw`(${NAME})\s*=\s*(?:"([^"<]*)"|'([^'<]*)')`, 'gu');
const END_TAG = new RegExp(String.raw`</(${NAME})\s*>`, 'uy');

/**
 * Parses a well-formed XML document (one root element; comments, processing instructions and the DOCTYPE are skipped,
 * its internal subset not applied; CDATA kept raw).
 * @param text - The document; a leading byte-order mark is ignored.
 * @returns The root element.
 * @throws XmlError naming the line of the first well-formedness error.
 */
export function parseXml(text: string): XmlElement {
  const doc: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [doc];
  const fail = (at: number, detail: string): never => {
    throw new XmlError(text.slice(0, at).split('\n').length, detail);
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const top = stack[stack.length - 1] as XmlElement;
    const lt = text.indexOf('<', i);
    const stop = lt < 0 ? text.length : lt;
    if (stop > i) {
      const chunk = text.slice(i, stop);
      if (top !== doc) top.children.push(decodeEntities(chunk));
      else if (chunk.trim()) fail(i, 'text outside the root element');
    }
    if (lt < 0) break;
    if (text.startsWith('<!--', lt)) i = past(text, '-->', lt + 4) ?? fail(lt, 'unterminated comment');
    else if (text.startsWith('<?', lt)) i = past(text, '?>', lt + 2) ?? fail(lt, 'unterminated processing instruction');
    else if (text.startsWith('<![CDATA[', lt)) {
      i = past(text, ']]>', lt + 9) ?? fail(lt, 'unterminated CDATA section');
      if (top === doc) fail(lt, 'CDATA outside the root element');
      top.children.push(text.slice(lt + 9, i - 3));
    } else if (text.startsWith('<!', lt)) {
      i = declarationEnd(text, lt);
      if (i < 0) fail(lt, 'unterminated declaration');
    } else if (text[lt + 1] === '/') {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(text) ?? fail(lt, 'bad end tag');
      const name = local(m[1]);
      if (top === doc) fail(lt, `</${name}> has no start tag`);
      if (top.name !== name) fail(lt, `</${name}> does not close <${top.name}>`);
      stack.pop();
      i = lt + m[0].length;
    } else {
      START_TAG.lastIndex = lt;
      const [whole, rawName, rawAttrs, selfClosing] = START_TAG.exec(text) ?? fail(lt, 'bad start tag');
      if (top === doc && doc.children.length) fail(lt, 'more than one root element');
      const el: XmlElement = { name: local(rawName), attrs: {}, children: [] };
      for (const a of rawAttrs.matchAll(ATTRS)) el.attrs[local(a[1])] = decodeEntities(a[2] ?? a[3] ?? '');
      top.children.push(el);
      if (!selfClosing) stack.push(el);
      i = lt + whole.length;
    }
  }
  if (stack.length > 1) fail(text.length, `<${(stack[stack.length - 1] as XmlElement).name}> is never closed`);
  const root = doc.children[0];
  return root && typeof root !== 'string' ? root : fail(0, 'no root element');
}

function past(text: string, marker: string, from: number): number | undefined {
  const at = text.indexOf(marker, from);
  return at < 0 ? undefined : at + marker.length;
}

/** The index just past a `<!DOCTYPE …>` declaration, whose internal subset in brackets may itself hold '>'; -1 when unterminated. */
function declarationEnd(text: string, from: number): number {
  let depth = 0;
  for (let j = from + 2; j < text.length; j++) {
    const c = text[j];
    if (c === '[') depth++;
    else if (c === ']') depth--;
    else if (c === '>' && depth <= 0) return j + 1;
  }
  return -1;
}

/** Child elements, optionally only those with a given (local) name; none for a missing element. */
export function childElements(el: XmlElement | undefined, name?: string): XmlElement[] {
  if (!el) return [];
  return el.children.filter((c): c is XmlElement => typeof c !== 'string' && (!name || c.name === name));
}

/** The first element reached by following child names, e.g. `findPath(tei, 'teiHeader', 'fileDesc')`; undefined when a step is missing. */
export function findPath(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = el;
  for (const name of names) at = childElements(at, name)[0];
  return at;
}

/** All descendant elements with a given name, in document order (matches inside matches included). */
export function descendants(el: XmlElement | undefined, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of childElements(el)) {
    if (c.name === name) out.push(c);
    out.push(...descendants(c, name));
  }
  return out;
}

const NO_SKIP: ReadonlySet<string> = new Set();
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters (except tab and newlines) is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g;

/**
 * The plain text inside an element: inline markup (<i>, <b>, <sub>, MathML…) dropped, superscripts written as "^x",
 * control characters removed and whitespace collapsed, so the result is never markup.
 * @param el - The element.
 * @param skip - Names of descendant elements whose text is left out (e.g. figures, notes).
 * @returns Its text, or '' when the element is missing.
 */
export function textOf(el: XmlElement | undefined, skip: ReadonlySet<string> = NO_SKIP): string {
  if (!el) return '';
  const parts: string[] = [];
  const walk = (node: XmlNode, inSup: boolean) => {
    if (typeof node === 'string') {
      parts.push(node);
      return;
    }
    // Dropping <sup> would turn 10<sup>3</sup> into "103": keep exponents visible as "10^3" (but "CD4+" stays).
    const sup = node.name === 'sup' && !inSup;
    if (sup && !/^[\s+\-\u2212]*$/.test(rawText(node))) parts.push('^');
    for (const child of node.children) {
      if (typeof child === 'string' || !skip.has(child.name)) walk(child, inSup || sup);
    }
  };
  walk(el, false);
  return parts.join('').replace(CONTROL, '').replace(/\s+/g, ' ').trim();
}

function rawText(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(rawText).join('');
}

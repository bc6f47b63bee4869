// A small, strict XML reader for GROBID TEI files: elements, attributes, text, CDATA and entities (no DTDs, no dependency).

/** An element with namespace prefixes removed from its name and attribute names. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}

export type XmlNode = XmlElement | string;

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Replaces the five XML entities and numeric character references; unknown entities stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|[A-Za-z]+);/g, (m, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref] ?? m;
    const cp = ref[1] === 'x' ? Number.parseInt(ref.slice(2), 16) : Number.parseInt(ref.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
}

const local = (name: string): string => name.slice(name.indexOf(':') + 1);
const END_TAG = /<\/([^\s>]+)\s*>/y;
const START_TAG = /<([A-Za-z_][\w.:-]*)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>/y;

/**
 * Parses an XML document into a tree.
 * @param text - The document.
 * @returns The root element; throws an Error naming the line for malformed XML.
 */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const lineAt = (i: number): number => text.slice(0, i).split('\n').length;
  const fail = (i: number, what: string): never => {
    throw new Error(`malformed XML at line ${lineAt(i)}: ${what}`);
  };
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const top = stack[stack.length - 1] as XmlElement;
    const lt = text.indexOf('<', i);
    const end = lt < 0 ? text.length : lt;
    if (end > i) {
      const chunk = text.slice(i, end);
      if (top === root) {
        if (chunk.trim()) fail(i, 'text outside the root element');
      } else top.children.push(decodeEntities(chunk));
    }
    if (lt < 0) break;
    const close = (marker: string, what: string): number => {
      const at = text.indexOf(marker, lt);
      return at < 0 ? fail(lt, `unterminated ${what}`) : at + marker.length;
    };
    if (text.startsWith('<!--', lt)) i = close('-->', 'comment');
    else if (text.startsWith('<?', lt)) i = close('?>', 'processing instruction');
    else if (text.startsWith('<![CDATA[', lt)) {
      i = close(']]>', 'CDATA section');
      if (top === root) fail(lt, 'CDATA outside the root element');
      top.children.push(text.slice(lt + 9, i - 3));
    } else if (text.startsWith('<!', lt)) {
      // DOCTYPE, possibly with an internal subset in brackets; its declarations are not applied.
      const bracket = text.indexOf('[', lt);
      const gt = text.indexOf('>', lt);
      i = bracket >= 0 && bracket < gt ? close(']>', 'DOCTYPE') : close('>', 'declaration');
    } else if (text[lt + 1] === '/') {
      END_TAG.lastIndex = lt;
      const m = END_TAG.exec(text);
      if (!m) fail(lt, 'bad end tag');
      const name = local((m as RegExpExecArray)[1] as string);
      if (top === root || top.name !== name) fail(lt, `</${name}> does not close <${top.name}>`);
      stack.pop();
      i = lt + (m as RegExpExecArray)[0].length;
    } else {
      START_TAG.lastIndex = lt;
      const m = START_TAG.exec(text);
      if (!m) fail(lt, 'bad start tag');
      const [whole, rawName, rawAttrs, selfClosing] = m as unknown as [string, string, string, string];
      if (top === root && root.children.length) fail(lt, 'more than one root element');
      const el: XmlElement = { name: local(rawName), attrs: {}, children: [] };
      for (const a of rawAttrs.matchAll(/([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
        el.attrs[local(a[1] as string)] = decodeEntities(a[2] ?? a[3] ?? '');
      }
      top.children.push(el);
      if (!selfClosing) stack.push(el);
      i = lt + whole.length;
    }
  }
  if (stack.length > 1) fail(text.length, `<${(stack[stack.length - 1] as XmlElement).name}> is never closed`);
  const first = root.children[0];
  if (!first || typeof first === 'string') fail(0, 'no root element');
  return first as XmlElement;
}

/** Child elements with a given (local) name. */
export function childElements(el: XmlElement, name?: string): XmlElement[] {
  return el.children.filter((c): c is XmlElement => typeof c !== 'string' && (!name || c.name === name));
}

/** First element reached by following child names, e.g. `path(tei, 'teiHeader', 'fileDesc', 'titleStmt')`. */
export function path(el: XmlElement | undefined, ...names: string[]): XmlElement | undefined {
  let at = el;
  for (const name of names) at = at && childElements(at, name)[0];
  return at;
}

/** All descendant elements with a given name, in document order. */
export function descendants(el: XmlElement, name: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const c of childElements(el)) {
    if (c.name === name) out.push(c);
    out.push(...descendants(c, name));
  }
  return out;
}

/** Text content of an element; elements named in `skip` (e.g. figures, notes) are left out. */
export function textOf(el: XmlElement, skip: ReadonlySet<string> = new Set()): string {
  let out = '';
  for (const c of el.children) out += typeof c === 'string' ? c : skip.has(c.name) ? '' : textOf(c, skip);
  return out;
}

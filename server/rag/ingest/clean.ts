// Cleans extracted text before chunking: links, markup, invisible and broken characters, hyphenation, whitespace.

/** Windows-1252 characters at 0x80–0x9F: text decoded with it shows these where UTF-8 continuation bytes were. */
const CP1252: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};
const CONT = `\\u0080-\\u00bf${Object.keys(CP1252).join('')}`;
/** A UTF-8 lead byte (Â–ô) followed by continuation bytes, all read as Latin-1/Windows-1252 ("Ã©", "â€“"). */
const MOJIBAKE = new RegExp(`[\\u00c2-\\u00f4][${CONT}]{1,3}`, 'g');
const utf8 = new TextDecoder('utf-8', { fatal: true });

/** C0/C1 control characters other than tab and line breaks: debris from PDF and OCR extraction. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;
const LIGATURES: Record<string, string> = { ﬀ: 'ff', ﬁ: 'fi', ﬂ: 'fl', ﬃ: 'ffi', ﬄ: 'ffl', ﬅ: 'st', ﬆ: 'st' };
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
};

function fixMojibake(text: string): string {
  return text.replace(MOJIBAKE, (match) => {
    const bytes = [...match].map((c) => CP1252[c] ?? c.charCodeAt(0));
    const lead = bytes[0] as number;
    const want = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
    if (bytes.length < want) return match;
    try {
      return utf8.decode(new Uint8Array(bytes.slice(0, want))) + match.slice(want);
    } catch {
      return match;
    }
  });
}

/** Host name of a URL without "www.", or the URL itself when it does not parse. */
function shortUrl(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Cleans one text: markdown links and images keep their text; bare URLs shrink to their host name; HTML tags and
 * comments go; soft hyphens, zero-width and control characters go; ligatures expand; UTF-8 read as Latin-1
 * ("â€“", "Ã©") is repaired; words hyphenated at a line end are joined; spaces collapse; Unicode NFC.
 * Line breaks and blank lines are kept (they mark lists and paragraphs).
 * @param text - Raw section text from any parser.
 */
export function clean(text: string): string {
  let t = text.replace(/\r\n?/g, '\n');
  t = fixMojibake(fixMojibake(t));
  t = t.replace(/[\u00ad\u200b-\u200d\u2060\ufeff]/g, '').replace(CONTROL, '');
  t = t.replace(/[ﬀ-ﬆ]/g, (c) => LIGATURES[c] ?? c);
  t = t.replace(/!?\[([^\]\n]*)\]\((?:[^()\s]|\([^()\s]*\))*(?:\s+"[^"\n]*")?\)/g, '$1');
  t = t.replace(/<(https?:\/\/[^>\s]+)>/g, (_, url: string) => shortUrl(url));
  t = t.replace(/\bhttps?:\/\/[^\s<>()[\]"]*[^\s<>()[\]".,;:!?'’]/g, shortUrl);
  t = t.replace(/<!--[\s\S]*?-->/g, '');
  t = t.replace(/<(?:br|\/p|\/div|\/li|\/h[1-6]|\/tr)\b[^<>]*>/gi, '\n');
  t = t.replace(/<\/?[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?\/?>/g, '');
  t = t.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, name: string) => {
    if (name[0] !== '#') return ENTITIES[name.toLowerCase()] ?? m;
    const cp =
      name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : m;
  });
  t = t.replace(/(\p{Ll})-[ \t]*\n[ \t]*(\p{Ll})/gu, '$1$2');
  t = t.replace(/[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ');
  t = t
    .split('\n')
    .map((line) => line.replace(/(\S) {2,}/g, '$1 ').trimEnd())
    .join('\n');
  return t
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .normalize('NFC');
}

// Reads and writes multipart/related bodies (WADO-RS) in the browser and in Node, with bytes only.

/** One body part: its media type and raw bytes. */
export interface MultipartPart {
  contentType: string;
  body: Uint8Array;
}

const ascii = new TextEncoder();
const latin1 = new TextDecoder('latin1');
const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;

/**
 * Reads a parameter of a media type header, quoted or not, e.g. `boundary` of `multipart/related; boundary=x`.
 * @param contentType - The header value.
 * @param name - The parameter name (case-insensitive).
 * @returns The value, or undefined.
 */
export function mediaTypeParam(contentType: string, name: string): string | undefined {
  const re = /;\s*([^=;\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/g;
  for (const m of contentType.matchAll(re)) {
    if (m[1].toLowerCase() === name.toLowerCase()) return m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3];
  }
  return undefined;
}

/** Index of `needle` in `hay` at or after `from`, or -1. */
function indexOfBytes(hay: Uint8Array, needle: Uint8Array, from: number): number {
  const last = hay.length - needle.length;
  for (let i = hay.indexOf(needle[0], from); i !== -1 && i <= last; i = hay.indexOf(needle[0], i + 1)) {
    let j = 1;
    while (j < needle.length && hay[i + j] === needle[j]) j++;
    if (j === needle.length) return i;
  }
  return -1;
}

interface Delimiter {
  start: number;
  end: number;
}

/** Next delimiter line (`--boundary` at the start of a line) at or after `from`: where it starts and what follows. */
function nextDelimiter(body: Uint8Array, dash: Uint8Array, from: number): Delimiter | undefined {
  for (let at = indexOfBytes(body, dash, from); at !== -1; at = indexOfBytes(body, dash, at + 1)) {
    if (at === 0 || body[at - 1] === LF) return { start: at, end: at + dash.length };
  }
  return undefined;
}

/** Skips transport padding and the line break after a delimiter; returns the next line's start. */
function skipLineEnd(body: Uint8Array, at: number): number {
  let i = at;
  while (body[i] === 0x20 || body[i] === 0x09) i++;
  if (body[i] === CR) i++;
  if (body[i] === LF) i++;
  return i;
}

/** Reads header lines up to the blank line; CRLF or bare LF. */
function readHeaders(body: Uint8Array, from: number): { headers: string; bodyStart: number } {
  const lines: string[] = [];
  for (let at = from; ; ) {
    const nl = body.indexOf(LF, at);
    if (nl === -1) throw new Error('multipart part has no blank line after its headers');
    const lineEnd = nl > at && body[nl - 1] === CR ? nl - 1 : nl;
    if (lineEnd === at) return { headers: lines.join('\n'), bodyStart: nl + 1 };
    lines.push(latin1.decode(body.subarray(at, lineEnd)));
    at = nl + 1;
  }
}

/** The delimiter ending a part: jumps by Content-Length when it is right, else searches. */
function findPartEnd(body: Uint8Array, dash: Uint8Array, bodyStart: number, headers: string): Delimiter | undefined {
  const length = Number(/^content-length\s*:\s*(\d+)\s*$/im.exec(headers)?.[1] ?? Number.NaN);
  const end = bodyStart + length;
  if (Number.isSafeInteger(length) && end < body.length) {
    const lineBreak = body[end] === LF ? 1 : body[end] === CR && body[end + 1] === LF ? 2 : 0;
    const hint = lineBreak ? nextDelimiter(body, dash, end) : undefined;
    if (hint && hint.start === end + lineBreak) return hint;
  }
  return nextDelimiter(body, dash, bodyStart);
}

/**
 * Splits a multipart/related body into its parts.
 * @param body - The whole response body.
 * @param contentType - The response's Content-Type, which holds the boundary.
 * @returns The parts in order; a part without Content-Type gets the `type` parameter (or text/plain).
 */
export function parseMultipartRelated(body: Uint8Array, contentType: string): MultipartPart[] {
  const boundary = mediaTypeParam(contentType, 'boundary');
  if (!boundary) throw new Error(`multipart Content-Type has no boundary: "${contentType}"`);
  const defaultType = mediaTypeParam(contentType, 'type') ?? 'text/plain';
  const dash = ascii.encode(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let delimiter = nextDelimiter(body, dash, 0);
  while (delimiter && !(body[delimiter.end] === DASH && body[delimiter.end + 1] === DASH)) {
    const { headers, bodyStart } = readHeaders(body, skipLineEnd(body, delimiter.end));
    const type = /^content-type\s*:\s*(.+)$/im.exec(headers)?.[1].trim() ?? defaultType;
    const next = findPartEnd(body, dash, bodyStart, headers);
    if (!next) throw new Error(`multipart body ends without a closing boundary "--${boundary}--"`);
    // The line break before a delimiter belongs to the delimiter, not to the part.
    let bodyEnd = next.start - 1;
    if (bodyEnd > bodyStart && body[bodyEnd - 1] === CR) bodyEnd--;
    parts.push({ contentType: type, body: body.subarray(bodyStart, Math.max(bodyStart, bodyEnd)) });
    delimiter = next;
  }
  if (parts.length === 0) throw new Error(`multipart body has no parts for boundary "${boundary}"`);
  return parts;
}

/**
 * Builds a multipart/related body; pair it with `multipart/related; type="…"; boundary=…`.
 * @param parts - The parts.
 * @param boundary - A boundary that occurs in no part.
 * @returns The body bytes.
 */
export function buildMultipartRelated(parts: MultipartPart[], boundary: string): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  for (const part of parts) {
    const head = `--${boundary}\r\nContent-Type: ${part.contentType}\r\nContent-Length: ${part.body.length}\r\n\r\n`;
    chunks.push(ascii.encode(head), part.body, ascii.encode('\r\n'));
  }
  chunks.push(ascii.encode(`--${boundary}--\r\n`));
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

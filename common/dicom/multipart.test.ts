// Checks multipart/related parsing against bodies as real WADO-RS servers send them.
import { describe, expect, it } from 'vitest';
import { buildMultipartRelated, mediaTypeParam, parseMultipartRelated } from './multipart';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const dec = (b: Uint8Array): string => new TextDecoder().decode(b);
const concat = (...chunks: (string | Uint8Array)[]): Uint8Array => {
  const parts = chunks.map((c) => (typeof c === 'string' ? enc(c) : c));
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

describe('parseMultipartRelated', () => {
  it('round-trips binary parts that contain line breaks, dashes and the boundary mid-line', () => {
    const tricky = concat('\r\n--\r\n', new Uint8Array([0, 255, 13, 10, 45, 45]), 'x--b1', '\r\n');
    const parts = [
      { contentType: 'application/dicom', body: tricky },
      { contentType: 'application/dicom', body: new Uint8Array(0) },
      { contentType: 'application/dicom', body: new Uint8Array([1, 2, 3]) },
    ];
    const body = buildMultipartRelated(parts, 'b1');
    const parsed = parseMultipartRelated(body, 'multipart/related; type="application/dicom"; boundary=b1');
    expect(parsed).toEqual(parts);
  });

  it('takes a quoted boundary and ignores a preamble, transport padding and an epilogue', () => {
    const body = concat(
      'This is a preamble.\r\n',
      '--a b:c \t\r\nContent-Type: application/dicom\r\n\r\nFIRST\r\n',
      '--a b:c\r\ncontent-type:application/dicom+json\r\n\r\nSECOND\r\n',
      '--a b:c--  \r\nepilogue'
    );
    const parsed = parseMultipartRelated(body, 'multipart/related; boundary="a b:c"; type=application/dicom');
    expect(parsed.map((p) => [p.contentType, dec(p.body)])).toEqual([
      ['application/dicom', 'FIRST'],
      ['application/dicom+json', 'SECOND'],
    ]);
  });

  it('tolerates bare LF line breaks and gives headerless parts the type parameter', () => {
    const body = enc('--xyz\n\nNO HEADERS\n--xyz\nContent-Type: text/plain\n\nTWO\n--xyz--\n');
    const parsed = parseMultipartRelated(body, 'Multipart/Related; Boundary=xyz; type="application/dicom"');
    expect(parsed.map((p) => [p.contentType, dec(p.body)])).toEqual([
      ['application/dicom', 'NO HEADERS'],
      ['text/plain', 'TWO'],
    ]);
  });

  it('searches for the delimiter when Content-Length is wrong', () => {
    const body = enc('--q\r\nContent-Type: a/b\r\nContent-Length: 2\r\n\r\nLONGER\r\n--q--');
    expect(dec(parseMultipartRelated(body, 'multipart/related; boundary=q')[0].body)).toBe('LONGER');
  });

  it('fails clearly without a boundary, without parts, or without a closing delimiter', () => {
    expect(() => parseMultipartRelated(enc('--x--'), 'multipart/related; type="application/dicom"')).toThrow(
      /no boundary/
    );
    expect(() => parseMultipartRelated(enc('--x--\r\n'), 'multipart/related; boundary=x')).toThrow(/no parts/);
    expect(() => parseMultipartRelated(enc('nothing here'), 'multipart/related; boundary=x')).toThrow(/no parts/);
    expect(() => parseMultipartRelated(enc('--x\r\n\r\nbody'), 'multipart/related; boundary=x')).toThrow(
      /closing boundary/
    );
  });
});

describe('mediaTypeParam', () => {
  it('reads quoted (with escapes) and bare parameters case-insensitively', () => {
    const ct = 'multipart/related; TYPE="application/dicom"; q=0.5; boundary="say \\"hi\\""';
    expect(mediaTypeParam(ct, 'type')).toBe('application/dicom');
    expect(mediaTypeParam(ct, 'q')).toBe('0.5');
    expect(mediaTypeParam(ct, 'boundary')).toBe('say "hi"');
    expect(mediaTypeParam(ct, 'charset')).toBeUndefined();
  });
});

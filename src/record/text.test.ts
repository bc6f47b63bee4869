// Checks that report text decodes as UTF-8 and that HTML arrives as plain text only.
import { describe, expect, it } from 'vitest';
import { attachmentText, decodeBase64Utf8, htmlToText } from './text';

const b64 = (s: string) => Buffer.from(s, 'utf-8').toString('base64');

describe('decodeBase64Utf8', () => {
  it('decodes multi-byte UTF-8 and tolerates line breaks', () => {
    const encoded = b64('Tumor 3,2 cm – Grad 2, Läsion µm');
    expect(decodeBase64Utf8(`${encoded.slice(0, 10)}\n${encoded.slice(10)}`)).toBe('Tumor 3,2 cm – Grad 2, Läsion µm');
  });

  it('rejects data that is not base64', () => {
    expect(() => decodeBase64Utf8('not base64!')).toThrow(/not valid base64/);
  });
});

describe('htmlToText', () => {
  it('drops scripts and tags, keeps line breaks and entities', () => {
    const html = '<p>Margins &lt;1 mm</p><script>alert(1)</script><img src=x onerror=alert(1)>Final<br>dx';
    expect(htmlToText(html)).toBe('Margins <1 mm\nFinal\ndx');
  });
});

describe('attachmentText', () => {
  it('shows inline text and says why other attachments are not shown', () => {
    expect(attachmentText({ contentType: 'text/plain; charset=utf-8', data: b64('FINAL DIAGNOSIS') })).toEqual({
      kind: 'text',
      text: 'FINAL DIAGNOSIS',
    });
    expect(attachmentText({ contentType: 'application/pdf', data: 'JVBERi0=' }).kind).toBe('unavailable');
    expect(attachmentText({ contentType: 'text/plain', url: 'Binary/1' })).toMatchObject({ kind: 'unavailable' });
  });
});

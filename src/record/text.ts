// Turns report attachments (base64 text, maybe HTML) into plain text, so no record content is ever rendered as HTML.
import type { Attachment } from '@medplum/fhirtypes';

/**
 * Decodes base64 (standard or URL-safe, whitespace allowed) as UTF-8 text.
 * @param data - The base64 data of an Attachment.
 * @returns The text; throws an Error when the data is not base64.
 */
export function decodeBase64Utf8(data: string): string {
  const clean = data.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(clean)) {
    throw new Error('The attachment data is not valid base64');
  }
  const binary = atob(clean.padEnd(Math.ceil(clean.length / 4) * 4, '='));
  const bytes = Uint8Array.from(binary, (ch) => ch.charCodeAt(0));
  return new TextDecoder('utf-8').decode(bytes);
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/**
 * Reduces HTML to readable plain text (line breaks kept, tags and scripts dropped, entities decoded).
 * The result is still shown as text, so imperfect markup cannot inject anything.
 * @param html - The HTML source.
 * @returns Plain text.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])\s*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#')) {
        const code = name[1]?.toLowerCase() === 'x' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
        return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
      }
      return ENTITIES[name.toLowerCase()] ?? whole;
    })
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** What a reader can see of one attachment. */
export type AttachmentText = { kind: 'text'; text: string } | { kind: 'unavailable'; reason: string };

/**
 * Extracts the readable text of an attachment: inline text/* (HTML reduced to text), otherwise says why not.
 * @param attachment - A presentedForm or DocumentReference content attachment.
 * @returns The text, or the reason it cannot be shown.
 */
export function attachmentText(attachment: Attachment): AttachmentText {
  const type = (attachment.contentType ?? 'text/plain').split(';')[0]?.trim().toLowerCase() ?? '';
  const label = attachment.title ? `"${attachment.title}" ` : '';
  if (!attachment.data) {
    return {
      kind: 'unavailable',
      reason: `Attachment ${label}(${type}) is stored outside the record and is not loaded here.`,
    };
  }
  if (!type.startsWith('text/') && type !== 'application/xhtml+xml') {
    return { kind: 'unavailable', reason: `Attachment ${label}of type ${type} is not shown here.` };
  }
  try {
    const text = decodeBase64Utf8(attachment.data);
    return { kind: 'text', text: type.includes('html') ? htmlToText(text) : text };
  } catch (err) {
    return { kind: 'unavailable', reason: `Attachment ${label}could not be decoded: ${(err as Error).message}.` };
  }
}

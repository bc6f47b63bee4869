// Turns what a caller has (raw bytes, a text, a DiagnosticReport) into report text, and says plainly what is wrong
// with input that cannot be read, instead of failing.
import { createHash } from 'node:crypto';
import type { DiagnosticReport } from '@medplum/fhirtypes';

export interface ReportInput {
  /** Decoded text; empty when it could not be read (see `issue`). */
  text: string;
  /** Stable key: the DiagnosticReport id, else a hash of the text. */
  key: string;
  ref?: string;
  subject?: string;
  issue?: string;
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** A short stable hash of a text, for keys. */
export function textKey(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

/**
 * Decodes bytes as UTF-8, refusing invalid sequences.
 * @param bytes - The file or attachment content.
 * @returns The text, or an issue naming the problem.
 */
export function decodeText(bytes: Uint8Array): { text: string; issue?: string } {
  try {
    const text = utf8.decode(bytes).replace(/^\uFEFF/, '');
    return /\S/.test(text) ? { text } : { text: '', issue: 'The report text is empty.' };
  } catch {
    const at = firstInvalid(bytes);
    return {
      text: '',
      issue: `The report is not valid UTF-8 text (invalid byte 0x${bytes[at]?.toString(16).padStart(2, '0')} at offset ${at}); nothing was extracted.`,
    };
  }
}

/** Offset of the first byte that does not start a well-formed UTF-8 sequence (the decoder above is the judge). */
function firstInvalid(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c < 0xe0 ? 1 : c >= 0xe0 && c < 0xf0 ? 2 : c >= 0xf0 && c < 0xf5 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return 0;
}

/**
 * The text of a DiagnosticReport: a text/plain (or unspecified) presentedForm attachment, else the conclusion.
 * @param report - The resource as parsed from JSON (not trusted to be well formed).
 * @returns The input, with an issue when no readable text is present.
 */
export function reportFromDiagnosticReport(report: DiagnosticReport): ReportInput {
  const key = report.id ?? '';
  const base = { ref: report.id ? `DiagnosticReport/${report.id}` : undefined, subject: report.subject?.reference };
  const forms = Array.isArray(report.presentedForm) ? report.presentedForm : [];
  const form = forms.find((f) => f?.data && (!f.contentType || /^text\/plain\b/i.test(f.contentType)));
  let text = '';
  let issue: string | undefined;
  if (form?.data) {
    const decoded = decodeText(Buffer.from(form.data, 'base64'));
    text = decoded.text;
    issue = decoded.issue;
  } else if (typeof report.conclusion === 'string' && report.conclusion.trim()) {
    text = report.conclusion;
  } else {
    issue = forms.length
      ? `The report's presentedForm has no text/plain data (${forms.map((f) => f?.contentType ?? 'no type').join(', ')}); nothing was extracted.`
      : 'The report has neither a presentedForm nor a conclusion; nothing was extracted.';
  }
  return { text, key: key || textKey(text), ...base, ...(issue ? { issue } : {}) };
}

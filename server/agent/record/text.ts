// Small readers for record resources: codes, references and the plain text of reports and attachments.
import type { Attachment, CodeableConcept, DiagnosticReport, Reference } from '@medplum/fhirtypes';

/** Largest text read from one attachment; report and note texts are far smaller. */
const MAX_TEXT_CHARS = 200_000;

/**
 * The text of an inline text attachment (base64 `data`, `text/*` content type).
 * @param attachment - The attachment.
 * @returns The text, or undefined for binary or URL-only attachments.
 */
export function attachmentText(attachment: Attachment | undefined): string | undefined {
  if (!attachment?.data) return undefined;
  const type = (attachment.contentType ?? 'text/plain').toLowerCase();
  if (!type.startsWith('text/')) return undefined;
  return Buffer.from(attachment.data, 'base64').toString('utf8').slice(0, MAX_TEXT_CHARS);
}

/** A report's readable text: every inline text presentedForm, then the conclusion. */
export function reportText(report: DiagnosticReport): string {
  const parts = (report.presentedForm ?? []).map(attachmentText).filter((t): t is string => Boolean(t));
  if (report.conclusion) parts.push(report.conclusion);
  return parts.join('\n');
}

/** The human text of a concept: its text, else the first coding's display or code. */
export function conceptText(concept: CodeableConcept | undefined): string {
  return concept?.text ?? concept?.coding?.find((c) => c.display)?.display ?? concept?.coding?.[0]?.code ?? '';
}

/** Whether a concept carries a code of a system (any system when `system` is omitted). */
export function hasCode(concept: CodeableConcept | undefined, codes: readonly string[], system?: string): boolean {
  return (concept?.coding ?? []).some(
    (c) => c.code !== undefined && codes.includes(c.code) && (!system || c.system === system)
  );
}

/**
 * A reference as `Type/id`, whatever base URL or version suffix it was written with.
 * @param ref - The reference.
 * @returns `Type/id`, or undefined for contained, logical or malformed references.
 */
export function refKey(ref: Reference | undefined): string | undefined {
  const m = /(?:^|\/)([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(ref?.reference ?? '');
  return m ? `${m[1]}/${m[2]}` : undefined;
}

/** `Type/id` of a resource. */
export const keyOf = (r: { resourceType: string; id?: string }): string => `${r.resourceType}/${r.id ?? ''}`;

/** The date part (YYYY, YYYY-MM or YYYY-MM-DD) of a FHIR date or dateTime. */
export function datePart(value: string | undefined): string | undefined {
  return /^\d{4}(?:-\d{2}(?:-\d{2})?)?/.exec(value ?? '')?.[0];
}

export const LOINC = 'http://loinc.org';

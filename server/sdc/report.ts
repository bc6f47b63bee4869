// Reads the pathology report a form is pre-filled from: the DiagnosticReport or DocumentReference, from the EHR with
// the caller's token, confined to the caller's patient, and its plain text (422 when it has none).
import { businessRule, OperationOutcomeError } from '@medplum/core';
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { notFound } from '../agent/outcome';
import { type FhirClient, withRetries } from '../fhir/fhir-client';
import { decodeText, type ReportInput, reportFromDiagnosticReport } from '../synoptic/input';

const NOT_IN_RECORD = "No such report in this patient's record";

const isPatient = (reference: string | undefined, patientId: string) =>
  reference === `Patient/${patientId}` || (reference ?? '').endsWith(`/Patient/${patientId}`);

/** The text of a DocumentReference: its first text/plain (or untyped) attachment with inline data. */
function fromDocumentReference(doc: DocumentReference): ReportInput {
  const attachments = (Array.isArray(doc.content) ? doc.content : []).map((c) => c?.attachment).filter(Boolean);
  const form = attachments.find((a) => a?.data && (!a.contentType || /^text\/plain\b/i.test(a.contentType)));
  const base = { key: doc.id ?? '', ref: `DocumentReference/${doc.id}` };
  if (!form?.data) {
    const types = attachments.map((a) => a?.contentType ?? (a?.url ? 'a link' : 'no type')).join(', ');
    return { ...base, text: '', issue: `The document has no inline text/plain content (${types || 'no content'}).` };
  }
  const decoded = decodeText(Buffer.from(form.data, 'base64'));
  return { ...base, text: decoded.text, ...(decoded.issue ? { issue: decoded.issue } : {}) };
}

/**
 * Reads a report of the caller's patient and its text.
 * @param fhir - The EHR client with the caller's token.
 * @param reference - `DiagnosticReport/<id>` or `DocumentReference/<id>`.
 * @param patientId - The caller's patient.
 * @param signal - The request's cancellation.
 * @returns The report input (text, key, ref, subject); throws 404 when the report is missing, refused or about another
 *   patient (the same answer, so a caller learns nothing of other records) and 422 when it holds no readable text.
 */
export async function readReport(
  fhir: FhirClient,
  reference: string,
  patientId: string,
  signal?: AbortSignal
): Promise<ReportInput> {
  const [resourceType, id] = reference.split('/') as ['DiagnosticReport' | 'DocumentReference', string];
  let resource: DiagnosticReport | DocumentReference;
  try {
    resource = (await withRetries(
      fhir,
      (attempt) => fhir.client.read({ resourceType, id, options: { signal: attempt } }),
      { signal }
    )) as unknown as DiagnosticReport | DocumentReference;
  } catch (err) {
    const code = err instanceof OperationOutcomeError ? err.outcome.issue?.[0]?.code : undefined;
    if (code === 'not-found' || code === 'forbidden') throw new OperationOutcomeError(notFound(NOT_IN_RECORD));
    throw err;
  }
  // patient/ scopes alone do not confine reads on every EHR (Medplum without an AccessPolicy): check the subject.
  if (resource.resourceType !== resourceType || !isPatient(resource.subject?.reference, patientId)) {
    throw new OperationOutcomeError(notFound(NOT_IN_RECORD));
  }
  const input =
    resource.resourceType === 'DiagnosticReport'
      ? reportFromDiagnosticReport(resource)
      : fromDocumentReference(resource);
  if (input.issue || !input.text.trim()) {
    const why = input.issue ?? 'The report text is empty.';
    throw new OperationOutcomeError(
      businessRule('report-text', `The form cannot be pre-filled: the report has no readable text. ${why}`)
    );
  }
  return { ...input, key: id, ref: reference, subject: `Patient/${patientId}` };
}

// Puts DiagnosticReports and DocumentReferences into one newest-first list of readable reports.
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { conceptText } from './format';
import { type AttachmentText, attachmentText } from './text';

/** One report or document as the Reports card shows it. */
export interface ReportItem {
  id: string;
  kind: 'report' | 'document';
  title: string;
  category?: string;
  date?: string;
  status?: string;
  /** The report's conclusion or the document's description. */
  summary?: string;
  attachments: AttachmentText[];
}

function fromReport(r: DiagnosticReport, i: number): ReportItem {
  return {
    id: `DiagnosticReport/${r.id ?? i}`,
    kind: 'report',
    title: conceptText(r.code) ?? 'Diagnostic report',
    category: r.category?.map(conceptText).filter(Boolean).join(', ') || undefined,
    date: r.effectiveDateTime ?? r.effectivePeriod?.start ?? r.issued,
    status: r.status,
    summary: r.conclusion ?? r.conclusionCode?.map(conceptText).filter(Boolean).join(', '),
    attachments: (r.presentedForm ?? []).map(attachmentText),
  };
}

function fromDocument(d: DocumentReference, i: number): ReportItem {
  return {
    id: `DocumentReference/${d.id ?? i}`,
    kind: 'document',
    title: conceptText(d.type) ?? d.content[0]?.attachment.title ?? 'Document',
    category: d.category?.map(conceptText).filter(Boolean).join(', ') || undefined,
    date: d.date ?? d.context?.period?.start ?? d.content[0]?.attachment.creation,
    status: d.docStatus ?? d.status,
    summary: d.description,
    attachments: d.content.map((c) => attachmentText(c.attachment)),
  };
}

/**
 * Lists reports and documents, newest first (undated last).
 * @param reports - The patient's DiagnosticReports.
 * @param documents - The patient's DocumentReferences.
 * @returns The items.
 */
export function buildReportList(reports: DiagnosticReport[], documents: DocumentReference[]): ReportItem[] {
  const items = [...reports.map(fromReport), ...documents.map(fromDocument)];
  return items.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''));
}

// Which documents of a record a registry job extracts synoptic forms from (pathology DiagnosticReports and
// DocumentReferences that carry text) and which template each report's wording calls for (common/synoptic/pathology.ts,
// shared with the app).
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import { hasPathologyCode, suggestTemplate, TEMPLATE_WORDING } from '../../common/synoptic/pathology';
import { isOncoAgentOutput } from '../../common/writeback/ours';
import { type ReportInput, reportFromDiagnosticReport } from '../synoptic/input';

function documentInput(doc: DocumentReference): ReportInput | undefined {
  const attachment = (doc.content ?? [])
    .map((c) => c.attachment)
    .find((a) => a?.data && (!a.contentType || /^text\/plain\b/i.test(a.contentType)));
  if (!attachment?.data || !doc.id) return undefined;
  const text = Buffer.from(attachment.data, 'base64').toString('utf8');
  return { text, key: doc.id, ref: `DocumentReference/${doc.id}`, subject: doc.subject?.reference };
}

export interface PathologyReport {
  template: string;
  input: ReportInput;
  /** When the report was issued or written, for choosing the newest of a template. */
  date: string;
}

/**
 * The newest pathology report for each template (the write-back plan holds one form per template).
 * @param reports - The record's DiagnosticReports.
 * @param documents - The record's DocumentReferences.
 * @returns At most one report per template, in template order.
 */
export function pathologyReports(reports: DiagnosticReport[], documents: DocumentReference[]): PathologyReport[] {
  const candidates: PathologyReport[] = [];
  for (const r of reports) {
    if (isOncoAgentOutput(r) || !hasPathologyCode([...(r.category ?? []), r.code])) continue;
    const input = reportFromDiagnosticReport(r);
    const template = input.issue ? undefined : suggestTemplate(input.text);
    if (template) candidates.push({ template, input, date: r.issued ?? r.effectiveDateTime ?? '' });
  }
  for (const d of documents) {
    if (isOncoAgentOutput(d) || !hasPathologyCode([d.type, ...(d.category ?? [])])) continue;
    const input = documentInput(d);
    const template = input && suggestTemplate(input.text);
    if (input && template) candidates.push({ template, input, date: d.date ?? '' });
  }
  const newest = new Map<string, PathologyReport>();
  for (const c of candidates) {
    const seen = newest.get(c.template);
    if (!seen || c.date > seen.date) newest.set(c.template, c);
  }
  return TEMPLATE_WORDING.map(([, id]) => newest.get(id)).filter((c): c is PathologyReport => c !== undefined);
}

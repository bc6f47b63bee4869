// Reports and documents with category, date and conclusion; full text on demand, always as plain text.
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { formatDate } from '../../record/format';
import { buildReportList } from '../../record/reports';
import { isOncoAgentOutput } from '../../writeback/outputs';
import { Card } from '../Card/Card';

export interface ReportsProps {
  diagnosticReports: DiagnosticReport[];
  documentReferences: DocumentReference[];
  /** Extra content under a report (e.g. the structured-form launcher), by `DiagnosticReport/<id>`. */
  extra?: (id: string) => ReactNode;
}

/**
 * Lists reports and documents; record text is rendered as text nodes only, never as HTML.
 * @param props - The record's DiagnosticReports and DocumentReferences.
 * @returns The card.
 */
export function Reports({ diagnosticReports, documentReferences, extra }: ReportsProps): ReactNode {
  const items = buildReportList(diagnosticReports, documentReferences);
  const ours = new Set(diagnosticReports.filter(isOncoAgentOutput).map((r) => `DiagnosticReport/${r.id}`));
  return (
    <Card title="Reports and documents" testId="reports" count={items.length} empty="No reports recorded." wide>
      <ul className="rows">
        {items.map((item) => (
          <li key={item.id} className="row" data-testid="report" data-oncoagent={String(ours.has(item.id))}>
            <div className="row-main">
              <span className="row-title">{item.title}</span>
              {item.category && <span className="tag">{item.category}</span>}
              {ours.has(item.id) && <span className="tag tag-oncoagent">From OncoAgent</span>}
            </div>
            <div className="row-meta">
              <span>{formatDate(item.date)}</span>
              <span>{item.status ?? 'status not recorded'}</span>
              <span>{item.kind === 'report' ? 'diagnostic report' : 'document'}</span>
            </div>
            {item.summary && <p className="conclusion">{item.summary}</p>}
            {item.attachments.map((a, i) =>
              a.kind === 'text' ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and never reorder
                <details key={i} className="report-text">
                  <summary>Full text{item.attachments.length > 1 ? ` (${i + 1})` : ''}</summary>
                  <pre data-testid="report-text">{a.text}</pre>
                </details>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no id and never reorder
                <p key={i} className="muted">
                  {a.reason}
                </p>
              )
            )}
            {extra?.(item.id)}
          </li>
        ))}
      </ul>
    </Card>
  );
}

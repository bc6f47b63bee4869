// The treatment history for the tumour board: cancer treatments first (regimens with their drugs and period, surgery,
// radiotherapy, local treatments), newest first; chronic and supportive medication and other procedures folded below.
import type { ReactNode } from 'react';
import type { PatientRecord } from '../../../common/record/patient-record';
import { buildTimeline, type TimelineEntry } from '../../record/timeline';
import { Card } from '../Card/Card';
import { isAnticancer, type TherapyLine, therapyLines } from '../Charts/therapy-lines';

export interface TreatmentTimelineProps {
  record: Pick<PatientRecord, 'medicationRequests' | 'medicationStatements' | 'procedures'>;
}

const KIND: Record<TherapyLine['kind'], string> = {
  systemic: 'systemic therapy',
  surgery: 'surgery',
  radiotherapy: 'radiotherapy',
  local: 'local treatment',
};

/** Timeline entries that are not cancer treatments: other medication, diagnostic procedures. */
function others(record: TreatmentTimelineProps['record'], lines: TherapyLine[]): TimelineEntry[] {
  const procedures = new Set(lines.filter((l) => l.key.startsWith('proc:')).map((l) => `Procedure/${l.key.slice(5)}`));
  return buildTimeline(record).filter((e) =>
    e.kind === 'medication' ? !isAnticancer({ text: e.name }) : !procedures.has(e.id)
  );
}

/**
 * Shows the cancer treatments, then the rest of the medication and procedures on request.
 * @param props - The record's medications and procedures.
 * @returns The card.
 */
export function TreatmentTimeline({ record }: TreatmentTimelineProps): ReactNode {
  const lines = therapyLines(record).reverse();
  const rest = others(record, lines);
  return (
    <Card
      title="Treatment timeline"
      testId="treatment-timeline"
      count={lines.length + rest.length}
      empty="No treatments recorded."
    >
      {lines.length === 0 && <p className="empty">No cancer treatment recorded.</p>}
      <ol className="timeline">
        {lines.map((l) => (
          <li key={l.key} className="timeline-entry" data-testid="timeline-entry" data-kind={l.kind}>
            <span className="timeline-when">{l.when}</span>
            <div>
              <span className="row-title">{l.name}</span> <span className="tag">{KIND[l.kind]}</span>
              {l.drugs && l.drugs.length > 1 && <div className="row-meta">{l.drugs.join(', ')}</div>}
            </div>
          </li>
        ))}
      </ol>
      {rest.length > 0 && (
        <details className="timeline-other" data-testid="timeline-other">
          <summary>
            Other medication and procedures ({rest.length}): {rest.map((e) => e.name).join(', ')}
          </summary>
          <ol className="timeline">
            {rest.map((e) => (
              <li key={e.id} className="timeline-entry" data-testid="timeline-other-entry">
                <span className="timeline-when">{e.when}</span>
                <div>
                  <span className="row-title">{e.name}</span>
                  <div className="row-meta">
                    <span>{e.status ?? 'status not recorded'}</span>
                    {e.detail && <span>{e.detail}</span>}
                  </div>
                </div>
              </li>
            ))}
          </ol>
        </details>
      )}
    </Card>
  );
}

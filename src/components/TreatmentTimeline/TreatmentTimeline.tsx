// The treatment history (medications and procedures) as one timeline, newest first.
import type { ReactNode } from 'react';
import type { PatientRecord } from '../../../common/record/patient-record';
import { buildTimeline } from '../../record/timeline';
import { Card } from '../Card/Card';

export interface TreatmentTimelineProps {
  record: Pick<PatientRecord, 'medicationRequests' | 'medicationStatements' | 'procedures'>;
}

/**
 * Shows every treatment with its period and status.
 * @param props - The record's medications and procedures.
 * @returns The card.
 */
export function TreatmentTimeline({ record }: TreatmentTimelineProps): ReactNode {
  const entries = buildTimeline(record);
  return (
    <Card title="Treatment timeline" testId="treatment-timeline" count={entries.length} empty="No treatments recorded.">
      <ol className="timeline">
        {entries.map((e) => (
          <li key={e.id} className="timeline-entry" data-testid="timeline-entry">
            <span className="timeline-when">{e.when}</span>
            <div>
              <span className="row-title">{e.name}</span>
              <span className={`tag tag-${e.kind}`}>{e.kind}</span>
              <div className="row-meta">
                <span>{e.status ?? 'status not recorded'}</span>
                {e.detail && <span>{e.detail}</span>}
              </div>
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

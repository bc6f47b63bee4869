// The problem list: every Condition with onset, status and body site; cancers first, metastases marked.
import type { Condition } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { clinicalStatus, isMetastasis, primaryCancer, sortProblems } from '../../record/conditions';
import { conceptText, formatDate } from '../../record/format';
import { conditionStage } from '../../record/stage';
import { Card } from '../Card/Card';

export interface ProblemListProps {
  conditions: Condition[];
}

function onset(c: Condition): string {
  if (c.onsetString) {
    return c.onsetString;
  }
  if (c.onsetAge?.value !== undefined) {
    return `age ${c.onsetAge.value}`;
  }
  return formatDate(c.onsetDateTime ?? c.onsetPeriod?.start ?? c.recordedDate);
}

/**
 * Lists the patient's conditions.
 * @param props - All Conditions.
 * @returns The card.
 */
export function ProblemList({ conditions }: ProblemListProps): ReactNode {
  const primary = primaryCancer(conditions);
  return (
    <Card title="Problem list" testId="problem-list" count={conditions.length} empty="No conditions recorded.">
      <ul className="rows">
        {sortProblems(conditions).map((c, i) => {
          const metastasis = isMetastasis(c);
          const site = c.bodySite?.map(conceptText).filter(Boolean).join(', ');
          const stage = conditionStage(c);
          return (
            <li key={c.id ?? i} className="row" data-testid="problem">
              <div className="row-main">
                <span className="row-title">{conceptText(c.code) ?? 'Unnamed condition'}</span>
                {c === primary && <span className="tag tag-primary">primary cancer</span>}
                {metastasis && (
                  <span className="tag tag-metastasis" data-testid="metastasis">
                    metastasis
                  </span>
                )}
              </div>
              <div className="row-meta">
                <span>onset {onset(c)}</span>
                <span>{clinicalStatus(c) ?? 'status not recorded'}</span>
                {site && <span>{site}</span>}
                {stage && <span>{stage}</span>}
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

// The workup's findings grouped by kind, conflicts first and highlighted, each with its sources as citations.
import type { ReactNode } from 'react';
import type { Finding, WorkupToolCall } from '../../../common/contracts';
import { parseCitationToken } from '../../../common/workup/citations';
import { citesDemoModel, groupFindings, therapyLevel } from '../../workup/findings';
import { AiLabel, ValidationLabel } from '../AiLabel/AiLabel';
import { Citations } from '../Citation/Citation';
import { LevelBadge } from '../LevelBadge/LevelBadge';

export interface FindingsProps {
  findings: Finding[];
  toolCalls: WorkupToolCall[];
}

function FindingItem({ finding, toolCalls }: { finding: Finding; toolCalls: WorkupToolCall[] }): ReactNode {
  const level = finding.kind === 'therapy' ? therapyLevel(finding, toolCalls) : undefined;
  const refs = finding.sources.flatMap((token) => parseCitationToken(token) ?? []);
  const unreadable = finding.sources.filter((token) => !parseCitationToken(token));
  return (
    <li className={`finding finding-${finding.kind}`} data-testid="finding" data-kind={finding.kind}>
      {level && <LevelBadge level={level} />}
      <span className="finding-text">{finding.text}</span>
      <Citations refs={refs} />
      {refs.length === 0 && <span className="tag tag-warn">no source given</span>}
      {unreadable.length > 0 && <span className="muted"> (unreadable source: {unreadable.join(', ')})</span>}
      {citesDemoModel(finding, toolCalls) && <ValidationLabel text="Demo model — not clinically validated" demo />}
    </li>
  );
}

/**
 * Shows the findings by kind.
 * @param props - The findings and the tool calls they may cite.
 * @returns The section, or nothing when there are no findings.
 */
export function Findings({ findings, toolCalls }: FindingsProps): ReactNode {
  const groups = groupFindings(findings);
  if (groups.length === 0) {
    return null;
  }
  return (
    <section className="report-section" aria-labelledby="findings-heading">
      <h3 id="findings-heading" className="subhead">
        Findings <AiLabel />
      </h3>
      {groups.map((group) => (
        <div
          key={group.kind}
          className={group.kind === 'conflict' ? 'finding-group finding-group-conflict' : 'finding-group'}
          data-testid="finding-group"
          data-kind={group.kind}
          role={group.kind === 'conflict' ? 'note' : undefined}
        >
          <h4 className="finding-group-title">
            {group.kind === 'conflict' && <span aria-hidden="true">⚠ </span>}
            {group.title}
          </h4>
          <ul className="findings">
            {group.findings.map((finding, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: findings have no id and keep their order
              <FindingItem key={i} finding={finding} toolCalls={toolCalls} />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

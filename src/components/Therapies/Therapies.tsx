// Therapies matched to an alteration, strongest evidence first, each with its level badge and source.
import type { ReactNode } from 'react';
import type { TherapyOut } from '../../../common/contracts/tools';
import type { ActionabilityView } from '../../workup/tool-views';
import { LevelBadge } from '../LevelBadge/LevelBadge';

function Rows({ title, therapies }: { title: string; therapies: TherapyOut[] }): ReactNode {
  if (therapies.length === 0) {
    return null;
  }
  return (
    <>
      <h5 className="table-title">{title}</h5>
      <table className="table table-compact">
        <thead>
          <tr>
            <th scope="col">Level</th>
            <th scope="col">Therapy</th>
            <th scope="col">Evidence in</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {therapies.map((t) => (
            <tr key={`${t.level}-${t.drugs.join('+')}-${t.tumorType}`} data-testid="therapy" data-level={t.level}>
              <td>
                <LevelBadge level={t.level} />
              </td>
              <th scope="row">{t.drugs.join(' + ')}</th>
              <td>
                {t.tumorType}
                {t.matchType === 'other tumour type' && <span className="tag">other tumour type</span>}
              </td>
              <td>
                {t.source}
                {t.year ? ` ${t.year}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/**
 * Shows one variant_actionability result.
 * @param props - The summary and matched therapies.
 * @returns The summary and tables.
 */
export function Therapies({ view }: { view: ActionabilityView }): ReactNode {
  return (
    <div className="therapies" data-testid="therapies">
      {view.summary && <p>{view.summary}</p>}
      <Rows title="Sensitivity" therapies={view.therapies} />
      <Rows title="Resistance" therapies={view.resistance} />
      {view.therapies.length === 0 && view.resistance.length === 0 && (
        <p className="empty">No matched therapies in the knowledge base.</p>
      )}
      {view.source && (
        <p className="muted">
          Knowledge: {view.source === 'oncokb' ? 'OncoKB' : 'bundled offline knowledge'}
          {view.knowledgeVersion ? ` (${view.knowledgeVersion})` : ''}
        </p>
      )}
    </div>
  );
}

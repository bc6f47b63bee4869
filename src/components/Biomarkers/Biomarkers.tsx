// The tumor's biomarkers: genomic variants, MSI, MMR, TMB, ECOG and tumor markers with their trend.
import type { Observation } from '@medplum/fhirtypes';
import type { ReactNode } from 'react';
import { type BiomarkerValue, type MarkerSummary, summarizeBiomarkers } from '../../record/biomarkers';
import { formatDate } from '../../record/format';
import { Card } from '../Card/Card';

export interface BiomarkersProps {
  observations: Observation[];
}

const ARROWS = { rising: '↑', falling: '↓', stable: '→' } as const;

function Fact({ label, value }: { label: string; value: BiomarkerValue | undefined }): ReactNode {
  return (
    <div className="fact" data-testid={`biomarker-${label.toLowerCase()}`}>
      <dt>{label}</dt>
      <dd>
        {value ? value.value : <span className="muted">not recorded</span>}
        {value?.date && <span className="muted"> · {formatDate(value.date)}</span>}
      </dd>
    </div>
  );
}

function trendText(m: MarkerSummary): string {
  if (!m.trend || !m.previous) {
    return m.count > 1 ? `${m.count} results` : 'single result';
  }
  const sign = (m.changePercent ?? 0) > 0 ? '+' : '';
  return `${ARROWS[m.trend]} ${m.trend} ${sign}${m.changePercent}% vs ${m.previous.value} (${formatDate(m.previous.date)})`;
}

/**
 * Shows the biomarker summary.
 * @param props - All Observations in the record.
 * @returns The card.
 */
export function Biomarkers({ observations }: BiomarkersProps): ReactNode {
  const s = summarizeBiomarkers(observations);
  return (
    <Card title="Biomarkers" testId="biomarkers">
      <h3 className="subhead">Genomic variants</h3>
      {s.variants.length === 0 ? (
        <p className="empty">No variants recorded.</p>
      ) : (
        <ul className="chips">
          {s.variants.map((v, i) => (
            <li
              key={v.id ?? i}
              className={v.detected === false ? 'chip chip-negative' : 'chip'}
              data-testid="variant"
              data-detected={v.detected === false ? 'false' : 'true'}
              title={`Reported ${formatDate(v.date)}`}
            >
              {v.value}
            </li>
          ))}
        </ul>
      )}
      <dl className="facts">
        <Fact label="MSI" value={s.msi} />
        <Fact label="TMB" value={s.tmb} />
        <Fact label="ECOG" value={s.ecog} />
        {s.mmr.length === 0 ? (
          <Fact label="MMR" value={undefined} />
        ) : (
          s.mmr.map((m, i) => <Fact key={m.id ?? i} label="MMR" value={{ ...m, value: `${m.name}: ${m.value}` }} />)
        )}
      </dl>
      <h3 className="subhead">Tumor markers</h3>
      {s.markers.length === 0 ? (
        <p className="empty">No CEA, CA 19-9 or AFP results.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Marker</th>
              <th scope="col">Latest</th>
              <th scope="col">Date</th>
              <th scope="col">Trend</th>
            </tr>
          </thead>
          <tbody>
            {s.markers.map((m) => (
              <tr key={m.name} data-testid="tumor-marker" data-trend={m.trend}>
                <th scope="row">{m.name}</th>
                <td>{m.value}</td>
                <td className="nowrap">{formatDate(m.date)}</td>
                <td className={m.trend === 'rising' ? 'trend-rising' : undefined}>{trendText(m)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}

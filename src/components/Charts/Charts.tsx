// The "Trends" card: tumour markers and laboratory tests with two or more values, each as a chart over time with the
// cancer treatments of that period, its meaning in words, and its values as a table; and the RECIST sum of diameters
// when the chart's saved response assessments give two or more dated time points.
import type { Observation } from '@medplum/fhirtypes';
import { type ReactNode, useMemo } from 'react';
import type { PatientRecord } from '../../../common/record/patient-record';
import { Card } from '../Card/Card';
import { RecistChart } from './RecistChart';
import { savedRecistSeries } from './recist-record';
import './charts.css';
import { trendSeries } from './series';
import { TrendChart } from './TrendChart';
import { TrendTable } from './TrendTable';
import { therapyLines } from './therapy-lines';

export interface ChartsProps {
  /** The record's measured Observations (OncoAgent's own results left out). */
  observations: Observation[];
  /** The record's medications and procedures, drawn as therapy lines; its imaging studies date RECIST sums. */
  record: Pick<PatientRecord, 'medicationRequests' | 'medicationStatements' | 'procedures'> &
    Partial<Pick<PatientRecord, 'imagingStudies'>>;
  /** OncoAgent's saved results in the chart: signed response assessments give the RECIST series. */
  saved?: Observation[];
}

const NONE: Observation[] = [];

/**
 * Shows a chart for every tumour marker and laboratory test followed over time.
 * @param props - The measured Observations and the record's treatments.
 * @returns The card.
 */
export function Charts({ observations, record, saved = NONE }: ChartsProps): ReactNode {
  const series = useMemo(() => trendSeries(observations), [observations]);
  const lines = useMemo(() => therapyLines(record), [record]);
  const recist = useMemo(() => savedRecistSeries(saved, record.imagingStudies ?? []), [saved, record.imagingStudies]);
  return (
    <Card
      title="Trends"
      testId="trends"
      count={series.length + (recist ? 1 : 0)}
      empty="No tumour marker or laboratory test has two or more values yet."
      wide
    >
      <div className="trend-charts">
        {series.map((s) => (
          <section key={s.key} className="trend" data-testid="trend" data-kind={s.kind} aria-label={s.name}>
            <h3 className="trend-title">
              {s.name}
              {s.unit && <span className="muted"> ({s.unit})</span>}
              {s.kind === 'marker' && <span className="tag">tumour marker</span>}
            </h3>
            <TrendChart series={s} lines={lines} />
            <TrendTable series={s} />
          </section>
        ))}
        {recist && (
          <section className="trend" data-testid="trend" data-kind="recist" aria-label="RECIST sum of diameters">
            <h3 className="trend-title">
              RECIST sum of target-lesion diameters <span className="muted">(mm)</span>
              <span className="tag">saved assessments</span>
            </h3>
            <RecistChart series={recist} />
          </section>
        )}
      </div>
    </Card>
  );
}

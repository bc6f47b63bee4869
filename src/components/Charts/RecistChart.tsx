// The RECIST sum of target-lesion diameters at each time point as a small SVG chart, with the sums that would mean
// progression (+20 % and +5 mm over the nadir) and partial response (−30 % from baseline), and the same in words.
import { type ReactNode, useId } from 'react';
import type { RecistSeries } from './recist';
import { linear, niceTicks, numberText, shortDate } from './scale';
import { useWidth } from './useWidth';

const TOP = 24;
/** Room on the right for the threshold labels, so they never sit on a point. */
const LABELS = 165;
const PLOT = 120;
const LEFT = 46;
const RIGHT = 16;
const BOTTOM = 36;

/**
 * The chart's text alternative.
 * @param series - The assessment's time points and thresholds.
 * @returns One sentence.
 */
export function describeRecist(series: RecistSeries): string {
  const points = series.points
    .map((p) => `${p.label.toLowerCase()} ${numberText(p.sumMm)} mm${p.date ? ` (${shortDate(p.date)})` : ''}`)
    .join(', ');
  return (
    `Sum of target-lesion diameters: ${points}. Progression from ${numberText(Number(series.progressionMm.toFixed(1)))} mm, ` +
    `partial response at or below ${numberText(Number(series.partialResponseMm.toFixed(1)))} mm.`
  );
}

/**
 * Draws one assessment's sums of diameters.
 * @param props - The series.
 * @returns A figure with the chart and its caption.
 */
export function RecistChart({ series }: { series: RecistSeries }): ReactNode {
  const [ref, width] = useWidth<HTMLElement>(480);
  const captionId = useId();
  const height = TOP + PLOT + BOTTOM;
  const n = series.points.length;
  const x = linear([0, Math.max(1, n - 1)], [LEFT + 40, Math.max(LEFT + 120, width - RIGHT - LABELS)]);
  const ticks = niceTicks([0, ...series.points.map((p) => p.sumMm * 1.1), series.progressionMm]);
  const y = linear([ticks[0] ?? 0, ticks.at(-1) ?? 1], [TOP + PLOT, TOP]);
  const limits = [
    { key: 'pd', label: 'progression', mm: series.progressionMm },
    { key: 'pr', label: 'partial response', mm: series.partialResponseMm },
  ];
  return (
    <figure ref={ref} className="trend-chart recist-chart" data-testid="recist-chart" data-points={n}>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId}>
        <title>Sum of target-lesion diameters by time point</title>
        {ticks.map((t) => (
          <g key={t} className="chart-tick">
            <line x1={LEFT} x2={width - RIGHT} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="chart-axis-label">
              {numberText(t)}
            </text>
          </g>
        ))}
        {limits.map((l) => (
          <g key={l.key} className={`chart-threshold chart-threshold-${l.key}`}>
            <line x1={LEFT} x2={width - RIGHT} y1={y(l.mm)} y2={y(l.mm)} />
            <text x={width - RIGHT} y={y(l.mm) - 4} textAnchor="end" className="chart-axis-label">
              {l.label} {numberText(Number(l.mm.toFixed(1)))} mm
            </text>
          </g>
        ))}
        <path
          d={series.points.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.sumMm).toFixed(1)}`).join(' ')}
          className="chart-line"
        />
        {series.points.map((p, i) => (
          <g key={p.label} data-testid="recist-point">
            <circle cx={x(i)} cy={y(p.sumMm)} r={4} className="chart-point" />
            <text x={x(i)} y={y(p.sumMm) - 9} textAnchor="middle" className="chart-value-label">
              {numberText(p.sumMm)} mm
            </text>
            <text x={x(i)} y={TOP + PLOT + 16} textAnchor="middle" className="chart-axis-label">
              {p.label}
            </text>
            {p.date && (
              <text x={x(i)} y={TOP + PLOT + 30} textAnchor="middle" className="chart-axis-label">
                {shortDate(p.date)}
              </text>
            )}
          </g>
        ))}
      </svg>
      <figcaption id={captionId} className="chart-caption" data-testid="chart-summary">
        {describeRecist(series)}
      </figcaption>
    </figure>
  );
}

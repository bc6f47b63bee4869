// One test over time as an SVG line chart: the values with their dates, the upper limit of normal, and the cancer
// treatments of that time as labelled bands (regimens) or markers (surgery); the caption says the same in words.
import { type ReactNode, useId } from 'react';
import { linear, niceTicks, numberText, type Scale, shortDate, timeDomain, timeOf } from './scale';
import type { TrendSeries } from './series';
import { describeSeries, linesDuring } from './summary';
import type { TherapyLine } from './therapy-lines';
import { useWidth } from './useWidth';

export interface TrendChartProps {
  series: TrendSeries;
  /** The record's therapy lines; those overlapping the series are drawn. */
  lines: TherapyLine[];
}

const LANE = 18;
const PLOT = 130;
const LEFT = 46;
const RIGHT = 14;
const BOTTOM = 22;
const CHAR = 6.2;

type Anchor = 'start' | 'middle' | 'end';

/**
 * Date labels that do not collide: the last always, the others only where they have room (a phone has room for two
 * or three). Labels near an edge are anchored inside the chart.
 */
function placeLabels(labels: { at: number; text: string }[], left: number, right: number) {
  const extent = (l: { at: number; text: string }) => {
    const w = l.text.length * CHAR + 4;
    const anchor: Anchor = l.at - w / 2 < left - 20 ? 'start' : l.at + w / 2 > right ? 'end' : 'middle';
    const x0 = anchor === 'start' ? l.at : anchor === 'end' ? l.at - w : l.at - w / 2;
    return { ...l, anchor, x0, x1: x0 + w };
  };
  const all = labels.map(extent);
  const last = all.at(-1);
  const kept: typeof all = [];
  for (const l of all.slice(0, -1)) {
    const prev = kept.at(-1);
    if ((!prev || l.x0 >= prev.x1 + 8) && (!last || l.x1 + 8 <= last.x0)) kept.push(l);
  }
  return last ? [...kept, last] : kept;
}

/** Lane of each line: lines that do not overlap in time share one (first-fit), so sequential lines take one row. */
function packLanes(lines: TherapyLine[]): number[] {
  const ends: number[] = [];
  return lines.map((l) => {
    const start = timeOf(l.start);
    const end = l.ongoing ? Number.POSITIVE_INFINITY : timeOf(l.end ?? l.start) + 86_400_000;
    let lane = ends.findIndex((e) => e < start);
    if (lane < 0) lane = ends.length;
    ends[lane] = end;
    return lane;
  });
}

const clip = (text: string, px: number): string => {
  const max = Math.floor(px / CHAR);
  if (max < 4) return '';
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
};

function Band({
  line,
  x,
  top,
  lane,
  plotEnd,
}: {
  line: TherapyLine;
  x: Scale;
  top: number;
  lane: number;
  plotEnd: number;
}) {
  const [d0, d1] = x.domain;
  const start = Math.max(timeOf(line.start), d0);
  const end = line.ongoing ? d1 : Math.min(timeOf(line.end ?? line.start), d1);
  const x0 = x(start);
  const x1 = Math.max(x(end), x0 + 3);
  const y = lane * LANE + 2;
  const point = !line.ongoing && (!line.end || line.end.slice(0, 10) === line.start.slice(0, 10));
  return (
    <g className={`chart-band chart-band-${line.kind}`} data-testid="therapy-band" data-kind={line.kind}>
      <title>{`${line.name}: ${line.when}`}</title>
      {point ? (
        <line x1={x0} x2={x0} y1={y} y2={plotEnd} className="chart-event" />
      ) : (
        <rect x={x0} y={top} width={x1 - x0} height={plotEnd - top} className="chart-band-shade" />
      )}
      <rect x={x0} y={y} width={point ? 4 : x1 - x0} height={LANE - 4} rx={2} className="chart-band-lane" />
      <text
        x={x0 + (point ? 7 : 4)}
        y={y + LANE - 8}
        className={point ? 'chart-band-label chart-band-label-outside' : 'chart-band-label'}
      >
        {clip(line.name + (line.ongoing ? ' (ongoing)' : ''), (point ? 160 : x1 - x0) - 6)}
      </text>
    </g>
  );
}

/**
 * Draws a series with its therapy lines and states it in words beneath.
 * @param props - The series and the record's therapy lines.
 * @returns A figure with the chart and its caption.
 */
export function TrendChart({ series, lines }: TrendChartProps): ReactNode {
  const [ref, width] = useWidth<HTMLElement>(560);
  const captionId = useId();
  const during = linesDuring(series, lines);
  const lanes = packLanes(during);
  const top = (during.length ? Math.max(...lanes) + 1 : 0) * LANE + 6;
  const height = top + PLOT + BOTTOM;
  const x = linear(timeDomain(series.points.map((p) => p.date)), [LEFT, width - RIGHT]);
  const high = series.range?.high;
  const ticks = niceTicks([...series.points.map((p) => p.value), ...(high !== undefined ? [high] : [])]);
  const y = linear([ticks[0] ?? 0, ticks.at(-1) ?? 1], [top + PLOT, top]);
  const path = series.points.map((p, i) => `${i ? 'L' : 'M'}${x(timeOf(p.date)).toFixed(1)},${y(p.value).toFixed(1)}`);
  const dateLabels = placeLabels(
    series.points.map((p) => ({ at: x(timeOf(p.date)), text: shortDate(p.date) })),
    LEFT,
    width - RIGHT
  );
  const lastPoint = series.points.at(-1);
  return (
    <figure
      ref={ref}
      className="trend-chart"
      data-testid="trend-chart"
      data-series={series.name}
      data-points={series.points.length}
    >
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={captionId}>
        <title>{`${series.name} over time`}</title>
        {during.map((line, i) => (
          <Band key={line.key} line={line} x={x} top={top} lane={lanes[i] ?? i} plotEnd={top + PLOT} />
        ))}
        {ticks.map((t) => (
          <g key={t} className="chart-tick">
            <line x1={LEFT} x2={width - RIGHT} y1={y(t)} y2={y(t)} className="chart-grid" />
            <text x={LEFT - 6} y={y(t) + 4} textAnchor="end" className="chart-axis-label">
              {numberText(t)}
            </text>
          </g>
        ))}
        {high !== undefined && (
          <g className="chart-limit" data-testid="upper-limit">
            <line x1={LEFT} x2={width - RIGHT} y1={y(high)} y2={y(high)} />
            <text x={LEFT + 4} y={y(high) - 4} className="chart-axis-label">
              upper limit {numberText(high)}
            </text>
          </g>
        )}
        <path d={path.join(' ')} className="chart-line" />
        {series.points.map((p) => (
          <circle
            key={p.date}
            cx={x(timeOf(p.date))}
            cy={y(p.value)}
            r={4}
            className={p.flag ? 'chart-point chart-point-flagged' : 'chart-point'}
          >
            <title>{`${shortDate(p.date)}: ${numberText(p.value)}${series.unit ? ` ${series.unit}` : ''}`}</title>
          </circle>
        ))}
        {lastPoint && (
          <text
            x={Math.min(x(timeOf(lastPoint.date)), width - RIGHT) - 6}
            y={Math.max(y(lastPoint.value) - 8, top + 10)}
            textAnchor="end"
            className="chart-value-label"
          >
            {numberText(lastPoint.value)}
          </text>
        )}
        {dateLabels.map((l) => (
          <text key={l.at} x={l.at} y={top + PLOT + 16} textAnchor={l.anchor} className="chart-axis-label">
            {l.text}
          </text>
        ))}
      </svg>
      <figcaption id={captionId} className="chart-caption" data-testid="chart-summary">
        {describeSeries(series, lines)}
      </figcaption>
    </figure>
  );
}

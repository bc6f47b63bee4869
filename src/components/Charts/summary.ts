// The words a chart stands for: one sentence a screen reader announces and a printout keeps, naming the trend, the
// first and last values with their dates and units, the normal limit, and the treatments given over that time.

import { numberText, shortDate, timeOf } from './scale';
import type { TrendSeries } from './series';
import type { TherapyLine } from './therapy-lines';

const withUnit = (value: number, unit: string): string => `${numberText(value)}${unit ? ` ${unit}` : ''}`;

function direction(first: number, last: number): string {
  const change = first === 0 ? (last === 0 ? 0 : 100) : ((last - first) / Math.abs(first)) * 100;
  const pct = `${change > 0 ? '+' : ''}${Math.round(change)} %`;
  if (Math.abs(change) < 10) return `stayed about the same (${pct})`;
  return `${change > 0 ? 'rose' : 'fell'} ${Math.abs(Math.round(change))} %`;
}

/**
 * The treatments whose period overlaps the series' dates.
 * @param series - The series.
 * @param lines - All therapy lines of the record.
 * @returns The overlapping lines, oldest first.
 */
export function linesDuring(series: TrendSeries, lines: TherapyLine[]): TherapyLine[] {
  const first = timeOf(series.points[0]?.date ?? '');
  const last = timeOf(series.points.at(-1)?.date ?? '');
  return lines.filter((l) => {
    const start = timeOf(l.start);
    const end = l.ongoing ? Number.POSITIVE_INFINITY : timeOf(l.end ?? l.start);
    return start <= last && end >= first;
  });
}

/**
 * Describes a series in one or two sentences.
 * @param series - The series (at least two points, oldest first).
 * @param lines - The therapy lines drawn on its chart.
 * @returns The text alternative.
 */
export function describeSeries(series: TrendSeries, lines: TherapyLine[]): string {
  const first = series.points[0];
  const last = series.points.at(-1);
  if (!first || !last) return `${series.name}: no values.`;
  const parts = [
    `${series.name}: ${series.points.length} values from ${shortDate(first.date)} to ${shortDate(last.date)}, ` +
      `${direction(first.value, last.value)} from ${withUnit(first.value, series.unit)} to ${withUnit(last.value, series.unit)}.`,
  ];
  const high = series.range?.high;
  if (high !== undefined) {
    const above = series.points.filter((p) => p.value > high).length;
    const limit = `the upper limit of normal (${withUnit(high, series.unit)})`;
    parts.push(
      above === 0
        ? `All values within ${limit}.`
        : above === series.points.length
          ? `Every value above ${limit}.`
          : `${above} of ${series.points.length} values above ${limit}.`
    );
  }
  const during = linesDuring(series, lines);
  if (during.length) parts.push(`Treatment over this time: ${during.map((l) => `${l.name} (${l.when})`).join('; ')}.`);
  return parts.join(' ');
}

// The arithmetic of the SVG charts: a time scale over ISO dates, a linear value scale with round ticks, and date
// labels short enough for a phone.

const DAY = 86_400_000;

/** Milliseconds since the epoch of an ISO date or dateTime (a date alone is read as UTC midnight). */
export const timeOf = (iso: string): number => Date.parse(iso.length === 10 ? `${iso}T00:00:00Z` : iso);

/** A linear map from a domain onto a pixel range. */
export interface Scale {
  (value: number): number;
  domain: [number, number];
}

/**
 * A linear scale; a domain of zero width maps everything to the middle of the range.
 * @param domain - The smallest and largest value.
 * @param range - The pixel positions of domain[0] and domain[1].
 * @returns The scale.
 */
export function linear(domain: [number, number], range: [number, number]): Scale {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const scale = ((v: number) => (d1 === d0 ? (r0 + r1) / 2 : r0 + ((v - d0) / (d1 - d0)) * (r1 - r0))) as Scale;
  scale.domain = domain;
  return scale;
}

/**
 * Round tick values (1, 2, 2.5 or 5 × 10ⁿ) covering the values, starting at 0 when all are positive and the smallest is
 * under half the largest (a marker falling to normal should be seen against zero).
 * @param values - The values to cover (points and reference limits).
 * @param count - About how many ticks.
 * @returns Ascending ticks; the first and last bound the axis.
 */
export function niceTicks(values: number[], count = 4): number[] {
  const max = Math.max(...values);
  let min = Math.min(...values);
  if (min >= 0 && min < max / 2) min = 0;
  if (max === min) return max === 0 ? [0, 1] : [min - Math.abs(min) / 2, max + Math.abs(max) / 2];
  const raw = (max - min) / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((m) => m * power >= raw) ?? 10) * power;
  const first = Math.floor(min / step) * step;
  const ticks: number[] = [];
  for (let t = first; t < max + step - step / 1e6; t += step) ticks.push(Number(t.toPrecision(12)));
  return ticks;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * "14 Aug 2026": a date as a clinician writes it on a chart, unambiguous in any locale.
 * @param iso - An ISO date or dateTime.
 * @returns The label.
 */
export function shortDate(iso: string): string {
  const [y, m, d] = iso.slice(0, 10).split('-');
  return `${Number(d)} ${MONTHS[Number(m) - 1] ?? m} ${y}`;
}

/**
 * The time domain of a chart: its points' dates, padded by a few days so the first and last points are not on the
 * frame.
 * @param dates - ISO dates of the points.
 * @returns [start, end] in milliseconds.
 */
export function timeDomain(dates: string[]): [number, number] {
  const times = dates.map(timeOf);
  const start = Math.min(...times);
  const end = Math.max(...times);
  const pad = Math.max(3 * DAY, (end - start) * 0.04);
  return [start - pad, end + pad];
}

/**
 * Formats a number without float noise: 93.7, 0.25, 1200.
 * @param value - The number.
 * @returns The text.
 */
export const numberText = (value: number): string => String(Number(value.toPrecision(6)));

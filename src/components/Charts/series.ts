// Turns the record's measured Observations into the trend series the charts draw: tumour markers first, then every
// other laboratory test with at least two numeric values, oldest point first, each with its readable unit.
import type { Observation } from '@medplum/fhirtypes';
import { conceptText, hasCoding, LOINC } from '../../record/format';
import { classifyObservation, observationDate, TUMOR_MARKERS } from '../../record/observations';
import { readableUnit } from '../../record/units';

/** One measured value of a series. */
export interface TrendPoint {
  /** YYYY-MM-DD (or the full dateTime as recorded). */
  date: string;
  value: number;
  /** Flag as recorded (H, L, …); undefined when normal or not given. */
  flag?: string;
}

/** One test followed over time. */
export interface TrendSeries {
  key: string;
  name: string;
  kind: 'marker' | 'lab';
  /** Readable unit ("ng/mL", "×10³/µL"); "" when the values carry none worth showing. */
  unit: string;
  /** Oldest first. */
  points: TrendPoint[];
  /** Upper and lower limit of normal, when the newest value states them in the same unit. */
  range?: { low?: number; high?: number };
  /** Values left out because their unit differs from the newest value's (never mixed on one axis). */
  otherUnits: number;
}

/** The fewest dated values a chart needs: one value is not a trend. */
export const MIN_POINTS = 2;

const unitOf = (o: Observation): string => o.valueQuantity?.code ?? o.valueQuantity?.unit ?? '';

function numeric(o: Observation): number | undefined {
  const v = o.valueQuantity?.value ?? o.valueInteger;
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined;
}

function seriesKey(o: Observation): string {
  const coding = o.code.coding?.find((c) => c.system === LOINC) ?? o.code.coding?.[0];
  return coding?.code ? `${coding.system ?? ''}|${coding.code}` : (conceptText(o.code) ?? 'unknown');
}

function markerName(o: Observation): string | undefined {
  const code = Object.keys(TUMOR_MARKERS).find((c) => hasCoding(o.code, LOINC, c));
  return code ? TUMOR_MARKERS[code] : undefined;
}

/**
 * A LOINC long name as a clinician says it: "Magnesium [Mass/volume] in Serum or Plasma" → "Magnesium",
 * "Bilirubin.total [Mass/volume] …" → "Bilirubin total". A plain text name stays as it is.
 * @param name - The test's name as coded.
 * @returns The short name.
 */
export function shortTestName(name: string): string {
  const short = name
    .replace(/\s*\[[^\]]*\]/g, '')
    .replace(/\s+(?:in|by)\s+.*$/, '')
    .replace(/(\w)\.(\w)/g, '$1 $2')
    .trim();
  return short || name;
}

function flagOf(o: Observation): string | undefined {
  const code = o.interpretation?.[0]?.coding?.[0]?.code ?? o.interpretation?.[0]?.text;
  return code === 'N' ? undefined : code;
}

function rangeOf(o: Observation, unit: string): TrendSeries['range'] {
  const r = o.referenceRange?.[0];
  const same = (q: { code?: string; unit?: string } | undefined): boolean => !q || (q.code ?? q.unit ?? '') === unit;
  if (!r || !same(r.low) || !same(r.high)) return undefined;
  const low = r.low?.value;
  const high = r.high?.value;
  return low === undefined && high === undefined ? undefined : { low, high };
}

function toSeries(key: string, group: Observation[]): TrendSeries | undefined {
  const dated = group
    .map((o) => ({ o, date: observationDate(o), value: numeric(o) }))
    .filter((d): d is { o: Observation; date: string; value: number } => !!d.date && d.value !== undefined)
    .sort((a, b) => a.date.localeCompare(b.date));
  const newest = dated.at(-1);
  if (!newest) return undefined;
  const unit = unitOf(newest.o);
  const same = dated.filter((d) => unitOf(d.o) === unit);
  if (same.length < MIN_POINTS) return undefined;
  const marker = markerName(newest.o);
  return {
    key,
    name: marker ?? shortTestName(conceptText(newest.o.code) ?? 'Unnamed test'),
    kind: marker ? 'marker' : 'lab',
    unit: readableUnit(unit),
    points: same.map((d) => ({ date: d.date, value: d.value, flag: flagOf(d.o) })),
    range: rangeOf(newest.o, unit),
    otherUnits: dated.length - same.length,
  };
}

/**
 * Builds the trend series of tumour markers and laboratory tests that have at least two dated numeric values.
 * @param observations - The record's measured Observations (OncoAgent's own results left out).
 * @returns Tumour markers first, then labs, each group by name.
 */
export function trendSeries(observations: Observation[]): TrendSeries[] {
  const groups = new Map<string, Observation[]>();
  for (const o of observations) {
    const kind = classifyObservation(o);
    if (kind !== 'tumor-marker' && kind !== 'lab') continue;
    if (o.status === 'entered-in-error' || o.status === 'cancelled') continue;
    const key = seriesKey(o);
    groups.set(key, [...(groups.get(key) ?? []), o]);
  }
  const series = [...groups].flatMap(([key, group]) => toSeries(key, group) ?? []);
  const order = (s: TrendSeries): number => (s.kind === 'marker' ? 0 : 1);
  return series.sort((a, b) => order(a) - order(b) || a.name.localeCompare(b.name));
}

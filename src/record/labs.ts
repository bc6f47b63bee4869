// Reduces the laboratory Observations to one compact row per test: latest value, flag, range and history size.
import type { Observation, ObservationReferenceRange } from '@medplum/fhirtypes';
import { conceptText, formatQuantity } from './format';
import { classifyObservation, groupByCode, observationDate, observationValue } from './observations';

/** One row of the Labs table. */
export interface LabRow {
  key: string;
  name: string;
  value: string;
  date?: string;
  /** Interpretation code such as H, L, A, or its text. */
  flag?: string;
  range?: string;
  previous?: string;
  count: number;
}

function formatRange(range: ObservationReferenceRange | undefined): string | undefined {
  if (!range) {
    return undefined;
  }
  if (range.text) {
    return range.text;
  }
  const low = formatQuantity(range.low);
  const high = formatQuantity(range.high);
  if (low && high) {
    return `${range.low?.value} – ${high}`;
  }
  return low ? `≥ ${low}` : high ? `≤ ${high}` : undefined;
}

function flagOf(obs: Observation): string | undefined {
  const interpretation = obs.interpretation?.[0];
  const code = interpretation?.coding?.[0]?.code;
  if (code === 'N') {
    return undefined;
  }
  return code ?? interpretation?.text;
}

/**
 * Builds the Labs table from every laboratory Observation that no other card shows, newest tests first.
 * @param observations - All Observations in the record.
 * @returns One row per test.
 */
export function summarizeLabs(observations: Observation[]): LabRow[] {
  const labs = observations.filter((o) => classifyObservation(o) === 'lab');
  const rows: LabRow[] = [];
  for (const [key, group] of groupByCode(labs)) {
    const [last, prev] = group;
    if (!last) {
      continue;
    }
    rows.push({
      key,
      name: conceptText(last.code) ?? 'Unnamed test',
      value: observationValue(last) ?? '—',
      date: observationDate(last),
      flag: flagOf(last),
      range: formatRange(last.referenceRange?.[0]),
      previous: prev ? observationValue(prev) : undefined,
      count: group.length,
    });
  }
  return rows.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.name.localeCompare(b.name));
}

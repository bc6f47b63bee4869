// The RECIST sum of target-lesion diameters from the record: OncoAgent's saved response assessments (an Observation
// with the baseline, follow-up and nadir sums as components), each time point dated by the imaging studies it was
// derived from, merged across assessments into one series.
import type { ImagingStudy, Observation } from '@medplum/fhirtypes';
import { replacedResults } from '../../writeback/saved-groups';
import type { RecistPoint, RecistSeries } from './recist';

const isCode = (o: { code?: { coding?: { code?: string }[] } }, code: string): boolean =>
  !!o.code?.coding?.some((c) => c.code === code);

const component = (o: Observation, code: string): number | undefined =>
  o.component?.find((c) => isCode(c, code))?.valueQuantity?.value;

/**
 * The time points of the record's response assessments (withdrawn and replaced ones left out), oldest first.
 * @param observations - OncoAgent's Observations in the chart.
 * @param studies - The record's imaging studies, to date the time points.
 * @returns The series, or undefined with fewer than two dated time points.
 */
export function savedRecistSeries(observations: Observation[], studies: ImagingStudy[]): RecistSeries | undefined {
  const replaced = replacedResults(observations);
  const assessments = observations.filter(
    (o) =>
      isCode(o, 'recist-response') &&
      o.status !== 'entered-in-error' &&
      o.status !== 'cancelled' &&
      !replaced.has(`Observation/${o.id}`)
  );
  const sums = new Map<string, number>();
  let latest: { o: Observation; date: string } | undefined;
  for (const o of assessments) {
    const dates = (o.derivedFrom ?? [])
      .map((r) => studies.find((s) => r.reference === `ImagingStudy/${s.id}`)?.started?.slice(0, 10))
      .filter((d): d is string => !!d)
      .sort();
    const baseline = component(o, 'sum-diameters-baseline');
    const followUp = component(o, 'sum-diameters-follow-up');
    const [first, last] = [dates[0], dates.at(-1)];
    if (!first || !last || first === last || baseline === undefined || followUp === undefined) continue;
    sums.set(first, sums.get(first) ?? baseline);
    sums.set(last, followUp);
    if (!latest || last > latest.date) latest = { o, date: last };
  }
  if (!latest || sums.size < 2) return undefined;
  const dated = [...sums].sort(([a], [b]) => a.localeCompare(b));
  const points: RecistPoint[] = dated.map(([date, sumMm], i) => ({
    label: i === 0 ? 'Baseline' : 'Follow-up',
    sumMm,
    date,
  }));
  const baseline = points[0]?.sumMm ?? 0;
  const nadir = component(latest.o, 'sum-diameters-nadir') ?? Math.min(...points.map((p) => p.sumMm));
  return {
    callId: latest.o.id ?? 'saved',
    category: latest.o.valueCodeableConcept?.coding?.[0]?.code ?? '',
    points,
    progressionMm: Math.max(nadir * 1.2, nadir + 5),
    partialResponseMm: baseline * 0.7,
  };
}

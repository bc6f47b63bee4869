// The RECIST sum of target-lesion diameters as time points (baseline, nadir, follow-up) from a workup's assess_response
// call, dated by the imaging studies its lesions were measured on when the workup's measurements say which.
import type { ImagingStudy } from '@medplum/fhirtypes';
import type { WorkupToolCall } from '../../../common/contracts';
import { assessResponseContract, segmentLesionContract } from '../../../common/contracts/tools';

/** One time point of the sum of diameters. */
export interface RecistPoint {
  label: 'Baseline' | 'Nadir' | 'Follow-up';
  sumMm: number;
  /** The imaging date, when the measurements name a study of the record. */
  date?: string;
}

/** What the RECIST chart draws for one assessment. */
export interface RecistSeries {
  callId: string;
  category: string;
  points: RecistPoint[];
  /** Sum at or above which the follow-up is progression: +20 % and +5 mm over the nadir. */
  progressionMm: number;
  /** Sum at or below which it is a partial response: −30 % from baseline. */
  partialResponseMm: number;
}

interface Lesion {
  id: string;
  diameterMm: number;
  isLymphNode?: boolean;
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const lesions = (v: unknown): Lesion[] =>
  Array.isArray(v) ? v.filter((l): l is Lesion => typeof l?.id === 'string' && num(l?.diameterMm) !== undefined) : [];
const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' ? (v as Record<string, unknown>) : {};

/** The record study a segment_lesion call measured on ("ImagingStudy/<id>/series/…") and its sizes. */
function measurements(calls: WorkupToolCall[], studies: ImagingStudy[]) {
  return calls.flatMap((c) => {
    if (c.tool !== segmentLesionContract.name || c.status !== 'ok') return [];
    const image = String(record(c.args).image ?? '');
    const id = /^ImagingStudy\/([^/]+)/.exec(image)?.[1];
    const study = studies.find((s) => s.id === id);
    const out = record(c.output);
    return [{ date: study?.started, long: num(out.longestDiameterMm), short: num(out.shortAxisMm) }];
  });
}

function dateOf(list: Lesion[], measured: ReturnType<typeof measurements>): string | undefined {
  const dates = list.flatMap((l) => {
    const hit = measured.find((m) => {
      const size = l.isLymphNode ? m.short : m.long;
      return size !== undefined && Math.abs(size - l.diameterMm) <= 0.05;
    });
    return hit?.date ? [hit.date.slice(0, 10)] : [];
  });
  // All lesions of a time point should come from one study; if not, the date is not certain enough to show.
  return dates.length > 0 && dates.every((d) => d === dates[0]) ? dates[0] : undefined;
}

/**
 * The sum-of-diameters series of each finished assess_response call of a workup.
 * @param calls - The workup's tool calls.
 * @param studies - The record's imaging studies, to date the time points.
 * @returns One series per assessment with at least two time points.
 */
export function recistSeries(calls: WorkupToolCall[], studies: ImagingStudy[]): RecistSeries[] {
  const measured = measurements(calls, studies);
  return calls.flatMap((c) => {
    if (c.tool !== assessResponseContract.name || c.status !== 'ok') return [];
    const out = record(c.output);
    const baseline = num(out.baselineSumMm);
    const followUp = num(out.followUpSumMm);
    const nadir = num(out.nadirSumMm) ?? baseline;
    if (baseline === undefined || followUp === undefined || nadir === undefined) return [];
    const args = record(c.args);
    const points: RecistPoint[] = [
      { label: 'Baseline', sumMm: baseline, date: dateOf(lesions(args.baseline), measured) },
      ...(nadir < baseline ? [{ label: 'Nadir' as const, sumMm: nadir }] : []),
      { label: 'Follow-up', sumMm: followUp, date: dateOf(lesions(args.followUp), measured) },
    ];
    return [
      {
        callId: c.id,
        category: String(out.category ?? ''),
        points,
        progressionMm: Math.max(nadir * 1.2, nadir + 5),
        partialResponseMm: baseline * 0.7,
      },
    ];
  });
}

// What the segment_lesion and assess_response builders share: their parsed calls, which lesion of an assessment each
// measurement measured (matched by diameter), and whether a measurement can be written (the response links only those).
import type { ObservationComponent } from '@medplum/fhirtypes';
import type { z } from 'zod';
import type { WorkupResult } from '../../common/contracts';
import { assessResponseContract, segmentLesionContract } from '../../common/contracts/tools';
import { inputRef } from './citations';
import { obsCode, SYS } from './codes';
import { round } from './items';
import { callsOf, type ParsedCall, RecistArgs, RecistOut, SegmentArgs, SegmentOut } from './outputs';

export type Segment = ParsedCall<z.infer<typeof SegmentOut>, z.infer<typeof SegmentArgs>>;
export type Recist = ParsedCall<z.infer<typeof RecistOut>, z.infer<typeof RecistArgs>>;

/** The ok segment_lesion calls whose output parses, and the others as problems. */
export const segmentCalls = (workup: WorkupResult) =>
  callsOf(workup, segmentLesionContract.name, SegmentOut, SegmentArgs);

/** The ok assess_response calls whose output and arguments parse, and the others as problems. */
export const recistCalls = (workup: WorkupResult) =>
  callsOf(workup, assessResponseContract.name, RecistOut, RecistArgs);

/** Which lesion (id, site) of an assess_response call each segment_lesion call measured, matched by diameter. */
export function matchLesions(segments: Segment[], recists: Recist[]): Map<string, { label: string; site?: string }> {
  const matched = new Map<string, { label: string; site?: string }>();
  for (const r of recists) {
    for (const lesion of [...r.args.baseline, ...r.args.followUp]) {
      const hit = segments.find((s) => {
        if (matched.has(s.call.id)) return false;
        const size = lesion.isLymphNode ? s.output.shortAxisMm : s.output.longestDiameterMm;
        return size !== undefined && Math.abs(size - lesion.diameterMm) <= 0.05;
      });
      if (hit) matched.set(hit.call.id, { label: lesion.id, site: lesion.site });
    }
  }
  return matched;
}

/** A measurement that can be written: its record image and its sizes in mm. */
export interface Measured {
  source: string;
  areaMm2: number;
  longestDiameterMm: number;
  shortAxisMm: number;
}

/**
 * What a segment_lesion call measured, or why its measurement cannot be written.
 * @param s - A parsed segment_lesion call.
 * @returns The image reference and sizes, or the reason it is not written.
 */
export function measured(s: Segment): Measured | { reason: string } {
  const source = inputRef(s.args.image);
  if (!source) return { reason: 'the image is not an ImagingStudy instance or DocumentReference of the record' };
  const { areaMm2, longestDiameterMm, shortAxisMm } = s.output;
  if (areaMm2 === undefined || longestDiameterMm === undefined || shortAxisMm === undefined) {
    return { reason: 'the image states no pixel spacing, so the sizes are in pixels only' };
  }
  return { source, areaMm2, longestDiameterMm, shortAxisMm };
}

const measure = (value: number, unit: 'mm' | 'mm2' | '%') => ({
  value: round(value),
  unit: unit === 'mm2' ? 'mm²' : unit,
  system: SYS.ucum,
  code: unit,
});

/** A component with a size or a percentage in UCUM. */
export function quantity(code: string, display: string, value: number, unit: 'mm' | 'mm2' | '%'): ObservationComponent {
  return { code: obsCode(code, display), valueQuantity: measure(value, unit) };
}

// The re-measure contract: POST /api/imaging/remeasure runs segment_lesion again on one slice of the caller's patient
// with a box the clinician adjusted in the viewer. Browser and server parse the same shapes.
import { z } from 'zod';

/** Largest image side the server decodes (mirrors the DICOM decoder's 5120 × 5120 cap). */
const MAX_SIDE = 5120;
const UID = /^[0-9]+(?:\.[0-9]+)*$/;
const ID = /^[A-Za-z0-9\-.]{1,64}$/;

const coordinate = z
  .number()
  .int('whole pixels')
  .min(0, 'not negative')
  .max(MAX_SIDE - 1);

/** [x1, y1, x2, y2] in image pixels, inclusive, with x2 > x1 and y2 > y1. */
export const RemeasureBox = z
  .tuple([coordinate, coordinate, coordinate, coordinate])
  .refine(([x1, y1, x2, y2]) => x2 > x1 && y2 > y1, 'the box needs x2 > x1 and y2 > y1');
export type RemeasureBox = z.infer<typeof RemeasureBox>;

/** The body of POST /api/imaging/remeasure. */
export const RemeasureRequest = z.object({
  /** The slice: the study id of the record and the DICOM series and instance UIDs. */
  study: z.string().regex(ID, 'a FHIR id'),
  series: z.string().max(64).regex(UID, 'a DICOM UID'),
  instance: z.string().max(64).regex(UID, 'a DICOM UID'),
  box: RemeasureBox,
});
export type RemeasureRequest = z.infer<typeof RemeasureRequest>;

/** The answer: segment_lesion's output for the new box (see `./tools/segment-lesion`) and its warnings. */
export const RemeasureResponse = z.object({
  output: z.record(z.string(), z.unknown()),
  warnings: z.array(z.string()),
});
export type RemeasureResponse = z.infer<typeof RemeasureResponse>;

/**
 * The `image` argument of segment_lesion for a slice of a study.
 * @param request - Study id, series and instance UIDs.
 * @returns `ImagingStudy/<id>/series/<uid>/instances/<uid>`.
 */
export const instanceImage = (request: Pick<RemeasureRequest, 'study' | 'series' | 'instance'>): string =>
  `ImagingStudy/${request.study}/series/${request.series}/instances/${request.instance}`;

/**
 * What a segment_lesion output re-measured in the viewer carries as `adjustment`: the clinician moved the box and
 * measured again, so the write-back says so and the response assessment can still find the automated sizes.
 */
export const ClinicianAdjustment = z.object({
  by: z.literal('clinician'),
  /** The box and sizes of the automated measurement. */
  original: z.object({
    box: z.tuple([z.number(), z.number(), z.number(), z.number()]),
    longestDiameterMm: z.number().optional(),
    shortAxisMm: z.number().optional(),
  }),
});
export type ClinicianAdjustment = z.infer<typeof ClinicianAdjustment>;

/**
 * The clinician's adjustment of a segment_lesion output, read without trusting the shape.
 * @param output - A segment_lesion output.
 * @returns The adjustment, or undefined when the output was not adjusted (or the field is malformed).
 */
export function adjustmentOf(output: unknown): ClinicianAdjustment | undefined {
  const value = (output as { adjustment?: unknown } | null | undefined)?.adjustment;
  const parsed = ClinicianAdjustment.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

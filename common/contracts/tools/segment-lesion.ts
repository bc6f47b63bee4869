// segment_lesion's output as data (the tool's output type is inferred from it), its label and the view the report
// draws: measurements and the overlay image.
import { z } from 'zod';
import { argText, clip, defineToolContract, finiteOrUndefined, isRecord, stringOrUndefined } from './contract';

const Point = z.tuple([z.number(), z.number()]);
const Box = z.tuple([z.number(), z.number(), z.number(), z.number()]);
const Window = z.object({ center: z.number(), width: z.number() });

export const SourceSummary = z.object({
  format: z.enum(['dicom', 'png']),
  /** The `image` argument as given (a path is reduced to its file name). */
  source: z.string(),
  rows: z.number(),
  columns: z.number(),
  modality: z.string().optional(),
  pixelSpacingMm: Point.optional(),
  sliceThicknessMm: z.number().optional(),
  studyInstanceUid: z.string().optional(),
  seriesInstanceUid: z.string().optional(),
  sopInstanceUid: z.string().optional(),
  instanceNumber: z.number().optional(),
  /** Window used for the overlay and for the model's input (DICOM only). */
  window: Window.optional(),
});

/** What segment_lesion returns. Sizes in mm only when the image states its pixel spacing. */
export const SegmentLesionOutput = z.object({
  engine: z.enum(['classical', 'medsam']),
  engineVersion: z.string(),
  /** The model used (MedSAM only): its validation status travels with every output. */
  model: z
    .object({
      id: z.string(),
      version: z.string(),
      validation: z.enum(['demo-not-clinically-validated', 'research-use-only', 'clinically-validated']),
    })
    .optional(),
  /** Classical only: the levels (HU for CT) the threshold came from. */
  levels: z
    .object({ lesion: z.number(), background: z.number(), threshold: z.number(), polarity: z.enum(['hypo', 'hyper']) })
    .optional(),
  mask: z.object({
    encoding: z.literal('rle-row-major'),
    width: z.number(),
    height: z.number(),
    counts: z.array(z.number()),
  }),
  areaPx: z.number(),
  areaMm2: z.number().optional(),
  longestDiameterMm: z.number().optional(),
  shortAxisMm: z.number().optional(),
  longestDiameterPx: z.number(),
  shortAxisPx: z.number(),
  pixelSpacingMm: Point.optional(),
  centroidPx: Point,
  /** End points of the two diameters, [x, y] in pixels. */
  axes: z.object({ long: z.tuple([Point, Point]), short: z.tuple([Point, Point]) }),
  box: Box,
  overlayPng: z.string().optional(),
  overlayRegion: Box.optional(),
  overlayScale: z.number().optional(),
  sourceSummary: SourceSummary,
  /** Always present: an automated outline is a measurement aid, not a read. */
  disclaimer: z.string(),
});
export type SegmentLesionOutput = z.infer<typeof SegmentLesionOutput>;

export const segmentLesionContract = defineToolContract({
  name: 'segment_lesion',
  title: 'Measure a lesion on an image',
  short: 'measurement',
  detail(args) {
    // "ImagingStudy/ct1/series/…/instances/…" → "ImagingStudy/ct1": the study is what a clinician recognises.
    const image = argText(args, 'image');
    return image ? clip(image.split('/').slice(0, 2).join('/')) : undefined;
  },
  output: SegmentLesionOutput,
});

export interface SegmentationView {
  /** A data: URL of the overlay PNG, only when the payload is plain base64. */
  overlaySrc?: string;
  areaMm2?: number;
  longestDiameterMm?: number;
  shortAxisMm?: number;
  longestDiameterPx?: number;
  engine?: string;
  disclaimer?: string;
}

/**
 * The measurements and overlay of a segment_lesion output, read field by field: a malformed field is left out,
 * never guessed (the output may come from a client).
 * @param output - The output of an ok segment_lesion call.
 * @returns The view, or null when the output is not an object.
 */
export function segmentationView(output: unknown): SegmentationView | null {
  if (!isRecord(output)) {
    return null;
  }
  const png = stringOrUndefined(output.overlayPng);
  return {
    overlaySrc: png && /^[A-Za-z0-9+/]+={0,2}$/.test(png) ? `data:image/png;base64,${png}` : undefined,
    areaMm2: finiteOrUndefined(output.areaMm2),
    longestDiameterMm: finiteOrUndefined(output.longestDiameterMm),
    shortAxisMm: finiteOrUndefined(output.shortAxisMm),
    longestDiameterPx: finiteOrUndefined(output.longestDiameterPx),
    engine: stringOrUndefined(output.engine),
    disclaimer: stringOrUndefined(output.disclaimer),
  };
}

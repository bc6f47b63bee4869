// The segment_lesion tool: box-prompted segmentation of one CT/MR slice (DICOM) or picture (PNG) with RECIST sizes
// and an overlay, so a response assessment can rest on measured, checkable outlines.
import { z } from 'zod';
import type { SegmentLesionOutput } from '../../../common/contracts/tools/segment-lesion';
import { defineTool, failed, ok, type ToolResult } from '../types';
import { decodeImage, type LoadedImage, WINDOW_PRESETS, type Window } from './decode-image';
import { isOutcome, runEngine } from './engines';
import { readImageBytes } from './image-source';
import { type Box, boxProblem, encodeRle } from './mask';
import { measureMask } from './measure';
import { renderOverlay } from './overlay';

const parameters = z.object({
  image: z
    .string()
    .min(1)
    .describe(
      'The slice to segment: "ImagingStudy/<id>/series/<seriesInstanceUid>/instances/<sopInstanceUid>" (retrieved by DICOMweb from the study\'s endpoint), "DocumentReference/<id>" or "Binary/<id>" holding a DICOM or PNG attachment, or a URL on the FHIR server. Local file paths are accepted only from the command line. DICOM (uncompressed) or PNG, recognised from the bytes.'
    ),
  box: z
    .array(z.number().int())
    .length(4)
    .describe(
      'Box around the lesion as [x1, y1, x2, y2] in image pixels (x = column, y = row, 0-based, inclusive), with x2 > x1 and y2 > y1, e.g. the "Location: [...]" a radiology report gives. Draw it a few pixels larger than the lesion.'
    ),
  engine: z
    .enum(['classical', 'medsam', 'auto'])
    .default('classical')
    .describe(
      'classical (default): offline threshold segmentation, fast, for well-contrasted focal lesions. medsam: the MedSAM ONNX model (research use only), "unavailable" when its files are not installed. auto: MedSAM when installed, else classical.'
    ),
  window: z
    .union([
      z.enum(Object.keys(WINDOW_PRESETS) as [keyof typeof WINDOW_PRESETS]),
      z.object({
        center: z.number().describe('Window centre in HU'),
        width: z.number().positive().describe('Window width in HU'),
      }),
    ])
    .optional()
    .describe(
      "Display window for the overlay and the MedSAM input (DICOM only): a preset name or {center, width} in HU. Default: the DICOM header's window, else soft tissue (40/400)."
    ),
  overlay: z
    .enum(['region', 'full', 'none'])
    .default('region')
    .describe('Overlay PNG: region (crop around the box, default), full (whole slice, larger), or none.'),
});

export type { SegmentLesionOutput } from '../../../common/contracts/tools/segment-lesion';

const DISCLAIMER =
  'Automated outline on a single slice; not a clinically validated measurement. A radiologist should confirm the outline and diameters before they inform treatment.';

function windowOf(value: z.infer<typeof parameters>['window']): Window | undefined {
  return typeof value === 'string' ? WINDOW_PRESETS[value] : value;
}

const point = (p: [number, number]): [number, number] => [Math.round(p[0] * 10) / 10, Math.round(p[1] * 10) / 10];

export const segmentLesionTool = defineTool({
  name: 'segment_lesion',
  description:
    'Segments one lesion on one CT/MR slice (DICOM) or image (PNG) inside a pixel box and measures it: mask (run-length encoded), area (px and mm²), longest diameter and perpendicular short axis (mm, RECIST-style, on this slice only), centroid, and an overlay PNG showing outline, box and both diameters. Use it to measure target lesions named in a report (series/image and box), then pass the diameters to assess_response. Offline classical engine by default; MedSAM when installed and asked for.',
  parameters,
  async execute(args, ctx): Promise<ToolResult<SegmentLesionOutput>> {
    let loaded: LoadedImage;
    try {
      const { bytes, source } = await readImageBytes(args.image, ctx.fhir, { pacsOrigins: ctx.config.pacsOrigins });
      loaded = decodeImage(bytes, source, windowOf(args.window));
    } catch (err) {
      return failed(`segment_lesion could not read the image: ${(err as Error).message}`);
    }
    const warnings = [...loaded.warnings];
    if (args.window && loaded.summary.format === 'png')
      warnings.push('window ignored: a PNG already holds display values');
    const box = args.box as Box;
    const problem = boxProblem(box, loaded.slice.width, loaded.slice.height);
    if (problem) return failed(problem);
    const outcome = await runEngine(args.engine, loaded, box, ctx.config.modelsDir);
    if (!isOutcome(outcome)) return outcome;
    warnings.push(...outcome.warnings);
    const m = measureMask(outcome.mask, loaded.slice);
    if (!m) return failed('no lesion outline found: the engine returned an empty mask');
    const { width, height } = loaded.slice;
    const overlay =
      args.overlay === 'none'
        ? undefined
        : renderOverlay({
            rgba: loaded.rgba,
            width,
            height,
            mask: outcome.mask,
            box,
            longAxis: m.longAxis,
            shortAxis: m.shortAxis,
            extent: args.overlay,
          });
    const { longAxis, shortAxis, ...sizes } = m;
    return ok(
      {
        engine: outcome.engine,
        engineVersion: outcome.engineVersion,
        ...(outcome.model ? { model: outcome.model } : {}),
        ...(outcome.levels ? { levels: outcome.levels } : {}),
        mask: encodeRle(outcome.mask, width, height),
        ...sizes,
        axes: { long: [point(longAxis.from), point(longAxis.to)], short: [point(shortAxis.from), point(shortAxis.to)] },
        box,
        ...(overlay
          ? { overlayPng: overlay.png.toString('base64'), overlayRegion: overlay.region, overlayScale: overlay.scale }
          : {}),
        sourceSummary: loaded.summary,
        disclaimer: DISCLAIMER,
      },
      warnings
    );
  },
});

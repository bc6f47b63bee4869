// The `radiology_report` tool: a vision model describes CT/MRI images, one by one, then compares time points.
import { z } from 'zod';
import { ModelResponseError, ModelUnavailableError } from '../../llm/errors';
import { createOpenAIModel } from '../../llm/openai';
import type { Model } from '../../llm/types';
import { defineTool, failed, ok, type ToolContext, ToolInputError, type ToolResult, unavailable } from '../types';
import { IMAGE_FORMS, loadImageBytes } from './load-image';
import { renderForModel } from './render';
import { type RadiologyReportOutput, type ReportImage, radiologyReport } from './report';

export { DISCLAIMER, type PerImageReport, type RadiologyReportOutput } from './report';

const parameters = z.object({
  images: z
    .array(
      z.object({
        image: z.string().min(1).max(2048).describe(`The image: ${IMAGE_FORMS}`),
        label: z
          .string()
          .max(100)
          .optional()
          .describe("Short name of the time point shown with the image, e.g. 'CT 2026-08-18' or 'baseline'"),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'date must be YYYY-MM-DD')
          .optional()
          .describe(
            'Acquisition date YYYY-MM-DD; images of one date form one time point, time points are compared oldest first'
          ),
      })
    )
    .min(1)
    .max(6)
    .describe('1 to 6 images; give two or more dates to get a comparison between time points'),
  question: z
    .string()
    .max(1000)
    .optional()
    .describe('What the clinician wants to know about the images, e.g. "Have the liver metastases grown?"'),
  window: z
    .object({
      center: z
        .number()
        .describe('Window centre in the image units (Hounsfield units for CT), e.g. 40 for soft tissue'),
      width: z.number().positive().describe('Window width in the same units, e.g. 400 for soft tissue, 1500 for lung'),
    })
    .optional()
    .describe("Display window applied to DICOM images; default: the image's own window, else soft tissue for CT"),
});

type Args = z.infer<typeof parameters>;

function visionModel(ctx: ToolContext): Model | string {
  const { baseUrl, apiKey, model } = ctx.config.vision;
  if (!model || !baseUrl) return 'no vision model configured: set ONCOAGENT_VISION_MODEL and OPENAI_BASE_URL';
  try {
    return createOpenAIModel({
      baseUrl,
      apiKey,
      model,
      timeoutMs: ctx.config.timeoutMs,
      maxRetries: 2,
      supportsVision: true,
    });
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

async function loadAll(args: Args, ctx: ToolContext): Promise<ReportImage[]> {
  return Promise.all(
    args.images.map(async (item, i) => {
      try {
        const bytes = await loadImageBytes(item.image, ctx.fhir);
        return { source: item.image, label: item.label, date: item.date, rendered: renderForModel(bytes, args.window) };
      } catch (err) {
        throw new ToolInputError(`Image ${i + 1} (${item.image}): ${err instanceof Error ? err.message : String(err)}`);
      }
    })
  );
}

export const radiologyReportTool = defineTool({
  name: 'radiology_report',
  description:
    'Asks a vision language model to describe CT or MRI images (single 2D slices, DICOM or PNG): findings, an impression ' +
    'and the lesions it sees with approximate sizes in mm, per image; with images from two or more dates it also compares ' +
    'the time points and names a trend (progression, stable, response, indeterminate). The output is a machine description, ' +
    "not a radiologist's report and not a RECIST measurement: use segment_lesion and assess_response for measurements. " +
    'Unavailable when no vision model is configured.',
  parameters,
  async execute(args, ctx): Promise<ToolResult<RadiologyReportOutput>> {
    const model = visionModel(ctx);
    if (typeof model === 'string') return unavailable(model);
    // Load and render everything first, so a bad image costs no model tokens.
    const images = await loadAll(args, ctx);
    try {
      const { output, warnings } = await radiologyReport(model, images, {
        question: args.question,
        signal: ctx.signal,
      });
      return ok(output, warnings);
    } catch (err) {
      if (err instanceof ModelUnavailableError) return unavailable(`The vision model is unavailable: ${err.message}`);
      if (err instanceof ModelResponseError) {
        return failed(err.refusal ? `The vision model declined to describe the images: ${err.refusal}` : err.message);
      }
      throw err;
    }
  },
});

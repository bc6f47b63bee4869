// radiology_report's output as data (the tool's output type is inferred from it) and its label.
import { z } from 'zod';
import { defineToolContract } from './contract';

export const REPORT_TRENDS = ['progression', 'stable', 'response', 'indeterminate'] as const;

/** A lesion as reported to the caller: the size is left out when the model gave none. */
export const ReportedLesion = z.object({
  description: z.string(),
  location: z.string(),
  approxSizeMm: z.number().optional(),
});

/** What one image's description says, as the tool reports it and the comparison reads it. */
export const ImageFindings = z.object({
  findings: z.array(z.string()),
  impression: z.string(),
  lesions: z.array(ReportedLesion),
});
export type ImageFindings = z.infer<typeof ImageFindings>;

export const PerImageReport = ImageFindings.extend({
  /** 1-based position in the request. */
  index: z.number(),
  source: z.string(),
  label: z.string().optional(),
  date: z.string().optional(),
  format: z.enum(['dicom', 'png']),
  modality: z.string().optional(),
  /** Size of the image the model saw. */
  sentPx: z.tuple([z.number(), z.number()]),
  pixelSpacingMm: z.number().optional(),
  window: z.object({ center: z.number(), width: z.number() }).optional(),
});
export type PerImageReport = z.infer<typeof PerImageReport>;

export const RadiologyReportOutput = z.object({
  model: z.string(),
  perImage: z.array(PerImageReport),
  comparison: z
    .object({ comparison: z.string(), trend: z.enum(REPORT_TRENDS), timePoints: z.array(z.string()) })
    .optional(),
  usage: z.object({ llmCalls: z.number(), promptTokens: z.number(), completionTokens: z.number() }),
  disclaimer: z.string(),
});
export type RadiologyReportOutput = z.infer<typeof RadiologyReportOutput>;

export const radiologyReportContract = defineToolContract({
  name: 'radiology_report',
  title: 'Read the images (radiology report)',
  short: 'imaging read',
  output: RadiologyReportOutput,
});

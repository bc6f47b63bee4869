// The radiology_report pipeline once images are rendered: one vision call per image, then one text-only comparison.

import type { PerImageReport, RadiologyReportOutput } from '../../../common/contracts/tools/radiology-report';
import { predict } from '../../llm/signature';
import type { Model } from '../../llm/types';
import type { UsageTotals } from '../../llm/usage';
import type { RenderedImage } from './render';
import { compareTimePoints, describeImage, type ImageFindings } from './signature';

export const DISCLAIMER = "Machine-generated image description; not a radiologist's report.";

/** Vision calls in flight at once: parallel enough for 6 images, gentle on rate limits. */
const CONCURRENCY = 3;

export interface ReportImage {
  source: string;
  label?: string;
  date?: string;
  rendered: RenderedImage;
}

export type { PerImageReport, RadiologyReportOutput } from '../../../common/contracts/tools/radiology-report';

async function mapLimit<T, R>(items: T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/**
 * Groups images into time points (date, else DICOM study, else label, else each image alone), oldest first when
 * every time point has a date, else in the order given.
 */
export function timePoints(images: ReportImage[]): { name: string; indexes: number[]; date?: string }[] {
  const groups = new Map<string, { name: string; indexes: number[]; date?: string }>();
  images.forEach((img, i) => {
    const key = img.date ?? img.rendered.studyInstanceUid ?? img.label ?? `#${i}`;
    const group = groups.get(key) ?? {
      name: [img.label, img.date].filter(Boolean).join(', ') || `image ${i + 1}`,
      indexes: [],
      date: img.date,
    };
    group.indexes.push(i);
    groups.set(key, group);
  });
  const list = [...groups.values()];
  return list.every((g) => g.date) ? list.sort((a, b) => (a.date ?? '').localeCompare(b.date ?? '')) : list;
}

/**
 * Describes each image, then compares time points when there are at least two.
 * @param model - A vision-capable model.
 * @param images - Rendered images with their labels and dates.
 * @param options - The clinician's question and an abort signal.
 * @returns The report and warnings; throws ModelUnavailableError / ModelResponseError from the model layer.
 */
export async function radiologyReport(
  model: Model,
  images: ReportImage[],
  options: { question?: string; signal?: AbortSignal } = {}
): Promise<{ output: RadiologyReportOutput; warnings: string[] }> {
  const usage: UsageTotals = { llmCalls: 0, promptTokens: 0, completionTokens: 0 };
  const add = (u: UsageTotals): void => {
    usage.llmCalls += u.llmCalls;
    usage.promptTokens += u.promptTokens;
    usage.completionTokens += u.completionTokens;
  };
  let answeredBy = model.id;
  const perImage = await mapLimit(images, CONCURRENCY, async (img, i): Promise<PerImageReport> => {
    const { rendered } = img;
    const prediction = await predict(
      model,
      describeImage,
      {
        png: rendered.png.toString('base64'),
        width: rendered.width,
        height: rendered.height,
        label: img.label,
        date: img.date,
        modality: rendered.modality,
        pixelSpacingMm: rendered.pixelSpacingMm,
        window: rendered.window,
        question: options.question,
      },
      { signal: options.signal }
    );
    add(prediction.usage);
    answeredBy = prediction.model;
    const lesions = prediction.output.lesions.map(({ approxSizeMm, ...rest }) => ({
      ...rest,
      ...(approxSizeMm !== null ? { approxSizeMm } : {}),
    }));
    return {
      index: i + 1,
      source: img.source,
      ...(img.label ? { label: img.label } : {}),
      ...(img.date ? { date: img.date } : {}),
      format: rendered.format,
      ...(rendered.modality ? { modality: rendered.modality } : {}),
      sentPx: [rendered.width, rendered.height],
      ...(rendered.pixelSpacingMm ? { pixelSpacingMm: rendered.pixelSpacingMm } : {}),
      ...(rendered.window ? { window: rendered.window } : {}),
      findings: prediction.output.findings,
      impression: prediction.output.impression,
      lesions,
    };
  });

  const warnings: string[] = [];
  const groups = timePoints(images);
  let comparison: RadiologyReportOutput['comparison'];
  if (groups.length >= 2) {
    if (!groups.every((g) => g.date))
      warnings.push('Not every image has a date: time points are compared in the order given.');
    const reports = (g: { indexes: number[] }): ImageFindings[] =>
      g.indexes.map((i) => {
        const { findings, impression, lesions } = perImage[i] as PerImageReport;
        return { findings, impression, lesions };
      });
    const prediction = await predict(
      model,
      compareTimePoints,
      { timePoints: groups.map((g) => ({ name: g.name, reports: reports(g) })), question: options.question },
      { signal: options.signal }
    );
    add(prediction.usage);
    comparison = { ...prediction.output, timePoints: groups.map((g) => g.name) };
  } else if (images.length >= 2) {
    warnings.push('All images belong to one time point: no comparison was made.');
  }
  return {
    output: { model: answeredBy, perImage, ...(comparison ? { comparison } : {}), usage, disclaimer: DISCLAIMER },
    warnings,
  };
}

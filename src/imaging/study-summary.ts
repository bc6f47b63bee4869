// The facts shown beside a study's thumbnail: date, modality, description, series and instance counts.
import type { ImagingStudy } from '@medplum/fhirtypes';

/** What the Imaging card says about a study. */
export interface StudySummary {
  date?: string;
  modality: string;
  description: string;
  seriesCount: number;
  instanceCount: number;
}

/**
 * Summarises a study, preferring the study-level counts and falling back to what the series list holds.
 * @param study - The ImagingStudy.
 * @returns The summary.
 */
export function summarizeStudy(study: ImagingStudy): StudySummary {
  const series = study.series ?? [];
  const modalities = [...(study.modality ?? []), ...series.map((s) => s.modality)]
    .map((m) => m.code ?? m.display)
    .filter((m): m is string => !!m);
  const listedInstances = series.reduce((n, s) => n + (s.numberOfInstances ?? s.instance?.length ?? 0), 0);
  return {
    date: study.started ?? series[0]?.started,
    modality: [...new Set(modalities)].join(', ') || 'unknown modality',
    description: study.description ?? series[0]?.description ?? study.procedureCode?.[0]?.text ?? 'Imaging study',
    seriesCount: study.numberOfSeries ?? series.length,
    instanceCount: study.numberOfInstances ?? listedInstances,
  };
}

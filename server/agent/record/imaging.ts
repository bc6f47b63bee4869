// Groups the record's imaging into time points (one ImagingStudy each, or one radiology image kept as Media or a
// document) with the lesion boxes its report or notes give, each placed on a concrete image:
// ImagingStudy/<id>/series/<uid>/instances/<uid>.
import type { DiagnosticReport, ImagingStudy } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import { readImageAttachments } from './image-attachments';
import { type Box, type LesionMark, parseLesionMarks } from './lesion-marks';
import { conceptText, datePart, keyOf, refKey, reportText } from './text';

export interface PlacedLesion {
  /** The slice: `ImagingStudy/<id>/series/<seriesUid>/instances/<sopUid>`. */
  image: string;
  box: Box;
  label?: string;
  anatomy?: string;
  /** Where the box was written: `DiagnosticReport/<id>` or `ImagingStudy/<id>` (a note on the study). */
  source: string;
}

export interface TimePoint {
  study: string;
  date?: string;
  modality?: string;
  description: string;
  /** Reports that read this study. */
  reports: string[];
  lesions: PlacedLesion[];
  /** Boxes that could not be tied to one image (no series/image given and several images in the study). */
  unplaced: number;
  /** A representative slice (middle of the first series, or the image attachment's URL), for tools that read images. */
  keyImage?: string;
}

const isImagingReport = (r: DiagnosticReport): boolean =>
  (r.category ?? []).some((c) => (c.coding ?? []).some((k) => k.code === 'RAD' || k.code === 'LP29684-5')) ||
  (r.imagingStudy?.length ?? 0) > 0;

function instanceRef(study: ImagingStudy, seriesUid: string, sopUid: string): string {
  return `${keyOf(study)}/series/${seriesUid}/instances/${sopUid}`;
}

function place(study: ImagingStudy, mark: LesionMark): string | undefined {
  const series = study.series ?? [];
  if (mark.series !== undefined && mark.image !== undefined) {
    const s = series.find((x) => x.number === mark.series);
    const i = s?.instance?.find((x) => x.number === mark.image);
    return s && i ? instanceRef(study, s.uid, i.uid) : undefined;
  }
  const all = series.flatMap((s) => (s.instance ?? []).map((i) => instanceRef(study, s.uid, i.uid)));
  return all.length === 1 ? all[0] : undefined;
}

function keyImage(study: ImagingStudy): string | undefined {
  const s = study.series?.find((x) => (x.instance?.length ?? 0) > 0);
  const instances = [...(s?.instance ?? [])].sort((a, b) => (a.number ?? 0) - (b.number ?? 0));
  const mid = instances[Math.floor((instances.length - 1) / 2)];
  return s && mid ? instanceRef(study, s.uid, mid.uid) : undefined;
}

/** Reports matched to studies: by DiagnosticReport.imagingStudy, else by the same date when one study has it. */
function reportsByStudy(record: PatientRecord): Map<string, DiagnosticReport[]> {
  const byStudy = new Map<string, DiagnosticReport[]>(record.imagingStudies.map((s) => [keyOf(s), []]));
  for (const report of record.diagnosticReports.filter(isImagingReport)) {
    let targets = (report.imagingStudy ?? []).map(refKey).filter((k): k is string => !!k && byStudy.has(k));
    if (targets.length === 0) {
      const day = datePart(report.effectiveDateTime);
      const same = record.imagingStudies.filter((s) => day && datePart(s.started) === day);
      targets = same.length === 1 ? [keyOf(same[0]!)] : [];
    }
    for (const t of targets) byStudy.get(t)?.push(report);
  }
  return byStudy;
}

/**
 * The imaging time points of a record, oldest first (undated ones last, in record order).
 * @param record - The patient record.
 * @returns One time point per ImagingStudy with its reports and placed lesion boxes.
 */
export function readImaging(record: PatientRecord): TimePoint[] {
  const reports = reportsByStudy(record);
  const points = record.imagingStudies
    .filter((s) => s.status !== 'entered-in-error' && s.status !== 'cancelled')
    // Slide microscopy is histology, not a radiology time point.
    .filter((s) => !(s.modality ?? []).some((m) => m.code === 'SM'))
    .map((study): TimePoint => {
      const linked = reports.get(keyOf(study)) ?? [];
      const texts = [
        ...linked.map((r) => ({ source: keyOf(r), text: reportText(r) })),
        ...(study.note ?? []).map((n) => ({ source: keyOf(study), text: n.text ?? '' })),
      ];
      const lesions: PlacedLesion[] = [];
      let unplaced = 0;
      const seen = new Set<string>();
      for (const { source, text } of texts) {
        for (const mark of parseLesionMarks(text)) {
          const image = place(study, mark);
          if (!image) {
            unplaced++;
            continue;
          }
          const key = `${image}@${mark.box.join(',')}`;
          if (seen.has(key)) continue;
          seen.add(key);
          lesions.push({ image, box: mark.box, label: mark.label, anatomy: mark.anatomy, source });
        }
      }
      const date = datePart(study.started) ?? datePart(linked[0]?.effectiveDateTime);
      return {
        study: keyOf(study),
        ...(date ? { date } : {}),
        modality: study.modality?.[0]?.code ?? study.series?.[0]?.modality?.code,
        description: study.description ?? conceptText(study.procedureCode?.[0]) ?? '',
        reports: linked.map(keyOf),
        lesions,
        unplaced,
        keyImage: keyImage(study),
      };
    });
  points.push(...readImageAttachments(record));
  const dated = points.filter((p) => p.date).sort((a, b) => a.date!.localeCompare(b.date!));
  return [...dated, ...points.filter((p) => !p.date)];
}

// The lesions the viewer draws on a study: each ok segment_lesion call of the workup on one of the study's slices, with
// its box, outline and sizes, named by anatomy from the record (the report sentence that gives the box), not by pixels.
import type { DiagnosticReport, ImagingStudy } from '@medplum/fhirtypes';
import type { WorkupToolCall } from '../../../common/contracts';
import { adjustmentOf } from '../../../common/contracts/remeasure';
import type { PatientRecord } from '../../../common/record/patient-record';
import { attachmentText } from '../../record/text';
import { type RleMask, readMask } from './mask-outline';

export type Box = [number, number, number, number];
export type Point = [number, number];

/** One measured lesion on one slice. */
export interface ViewerLesion {
  callId: string;
  studyId: string;
  seriesUid: string;
  instanceUid: string;
  box: Box;
  /** The record's name for it, e.g. "Segment VII lesion", else "Lesion 1". */
  label: string;
  longestDiameterMm?: number;
  shortAxisMm?: number;
  longestDiameterPx?: number;
  axes?: { long: [Point, Point]; short: [Point, Point] };
  mask?: RleMask;
  /** The clinician adjusted the box and measured again. */
  adjusted: boolean;
}

const INSTANCE = /^ImagingStudy\/([A-Za-z0-9\-.]{1,64})\/series\/([0-9.]{1,64})\/instances\/([0-9.]{1,64})$/;

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const isPoint = (p: unknown): p is Point => Array.isArray(p) && p.length === 2 && p.every((v) => num(v) !== undefined);
const isPair = (p: unknown): p is [Point, Point] => Array.isArray(p) && p.length === 2 && p.every(isPoint);
const isBox = (b: unknown): b is Box => Array.isArray(b) && b.length === 4 && b.every(Number.isInteger);

function axesOf(value: unknown): ViewerLesion['axes'] {
  const a = value as { long?: unknown; short?: unknown } | null | undefined;
  return a && isPair(a.long) && isPair(a.short) ? { long: a.long, short: a.short } : undefined;
}

/** The texts that may name a study's lesions: its own reports first, then the other imaging reports, then its notes. */
function textsFor(record: PatientRecord, study: ImagingStudy | undefined): string[] {
  const about = (r: DiagnosticReport) => (r.imagingStudy ?? []).some((s) => s.reference?.endsWith(`/${study?.id}`));
  const reports = [...record.diagnosticReports].sort((a, b) => Number(about(b)) - Number(about(a)));
  const texts = reports.flatMap((r) => [
    ...(r.presentedForm ?? []).flatMap((a) => {
      const t = attachmentText(a);
      return t.kind === 'text' ? [t.text] : [];
    }),
    r.conclusion ?? '',
  ]);
  return [...texts, ...(study?.note ?? []).map((n) => n.text ?? '')];
}

/**
 * The record's name for the lesion a box marks: the start of the report line that gives "[x1, y1, x2, y2]".
 * @param texts - Report and note texts, the study's own first.
 * @param box - The lesion's box as first measured.
 * @returns e.g. "Segment VII lesion", or undefined when no text gives that box.
 */
export function labelFromTexts(texts: string[], box: Box): string | undefined {
  const quad = new RegExp(`\\[\\s*${box.join('\\s*,\\s*')}\\s*\\]`);
  for (const text of texts) {
    const line = text.split(/\r?\n/).find((l) => quad.test(l));
    if (!line) continue;
    const head = line
      .slice(0, quad.exec(line)!.index)
      .replace(/^[\s*•-]+/, '')
      .split(/,|\(|\bseries\s*\d|\blocation\b|:/i)[0]!
      .trim();
    if (head.length >= 3) return head.slice(0, 80);
  }
  return undefined;
}

/**
 * The measured lesions of a study, in workup order.
 * @param calls - The workup's tool calls (adjusted ones already in place).
 * @param record - The patient record (report texts name the lesions).
 * @param studyId - The study shown.
 * @returns The lesions.
 */
export function studyLesions(calls: WorkupToolCall[], record: PatientRecord, studyId: string): ViewerLesion[] {
  const study = record.imagingStudies.find((s) => s.id === studyId);
  const texts = textsFor(record, study);
  const lesions: ViewerLesion[] = [];
  for (const call of calls) {
    if (call.tool !== 'segment_lesion' || call.status !== 'ok') continue;
    const image = INSTANCE.exec(String((call.args as { image?: unknown } | null)?.image ?? ''));
    const out = (call.output ?? {}) as Record<string, unknown>;
    if (!image || image[1] !== studyId || !isBox(out.box)) continue;
    const adjustment = adjustmentOf(out);
    // The record names the box the radiologist wrote, i.e. the one first measured.
    const named = labelFromTexts(texts, (adjustment?.original.box as Box | undefined) ?? out.box);
    lesions.push({
      callId: call.id,
      studyId,
      seriesUid: image[2]!,
      instanceUid: image[3]!,
      box: out.box,
      label: named ?? `Lesion ${lesions.length + 1}`,
      longestDiameterMm: num(out.longestDiameterMm),
      shortAxisMm: num(out.shortAxisMm),
      longestDiameterPx: num(out.longestDiameterPx),
      axes: axesOf(out.axes),
      mask: readMask(out.mask),
      adjusted: adjustment !== undefined,
    });
  }
  return lesions;
}

// Radiology images a record holds outside an ImagingStudy: a key image saved as Media, a DocumentReference with a
// PNG/JPEG/DICOM attachment (common when images come from another hospital's CD or a PACS export), or a key image in
// an imaging report's presentedForm. Each is an imaging
// time point the workflow reads like a study; histology slides are left to histology.ts.
import type { Attachment, DiagnosticReport, DocumentReference, Media } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import type { TimePoint } from './imaging';
import { conceptText, datePart, keyOf } from './text';

const IMAGE_TYPE = /^(image\/(png|jpe?g)|application\/dicom)/i;
const SLIDE_WORDS = /histo|patholog|\bH&E\b|\bslide|whole[- ]slide|\bWSI\b|photo|dermatos|endoscop/i;
/** DICOM modality codes (upper case only: "us" is also a word) and modality words. */
const CODES = /\b(CT|MRI?|PET|US|CR|DX)\b/;
const WORDS: [RegExp, string][] = [
  [/computed tomograph|\bCT\b/i, 'CT'],
  [/magnetic resonance|\bMRI?\b/i, 'MR'],
  [/ultrasound|sonograph/i, 'US'],
  [/x-?ray|radiograph/i, 'CR'],
  [/\bPET\b/i, 'PT'],
];
const MODALITY = { test: (w: string): boolean => CODES.test(w) || WORDS.some(([re]) => re.test(w)) };

function imageAttachment(attachments: (Attachment | undefined)[]): Attachment | undefined {
  return attachments.find((a) => a?.url && IMAGE_TYPE.test(a.contentType ?? ''));
}

function modalityOf(words: string): string | undefined {
  return WORDS.find(([re]) => re.test(words))?.[1] ?? CODES.exec(words)?.[1];
}

function point(ref: string, url: string, words: string, date: string | undefined, description: string): TimePoint {
  return {
    study: ref,
    ...(date ? { date } : {}),
    modality: modalityOf(words),
    description,
    reports: [],
    lesions: [],
    unplaced: 0,
    keyImage: url,
  };
}

function fromMedia(m: Media): TimePoint | undefined {
  const words = [conceptText(m.modality), conceptText(m.type), conceptText(m.view), m.content?.title ?? ''].join(' ');
  const image = imageAttachment([m.content]);
  if (m.status === 'entered-in-error' || !image?.url || SLIDE_WORDS.test(words) || !MODALITY.test(words))
    return undefined;
  return point(keyOf(m), image.url, words, datePart(m.createdDateTime), image.title ?? conceptText(m.modality));
}

function fromDocument(d: DocumentReference): TimePoint | undefined {
  const words = [conceptText(d.type), ...(d.category ?? []).map(conceptText), d.description ?? ''].join(' ');
  const image = imageAttachment((d.content ?? []).map((c) => c.attachment));
  if (d.status === 'entered-in-error' || !image?.url || SLIDE_WORDS.test(words) || !MODALITY.test(words))
    return undefined;
  return point(keyOf(d), image.url, words, datePart(d.date), d.description ?? conceptText(d.type));
}

function fromReport(r: DiagnosticReport): TimePoint | undefined {
  const words = [conceptText(r.code), ...(r.category ?? []).map(conceptText)].join(' ');
  const image = imageAttachment(r.presentedForm ?? []);
  // A report linked to an ImagingStudy is read through the study.
  if (r.status === 'entered-in-error' || (r.imagingStudy?.length ?? 0) > 0 || !image?.url) return undefined;
  if (SLIDE_WORDS.test(words) || !MODALITY.test(words)) return undefined;
  const date = datePart(r.effectiveDateTime ?? r.effectivePeriod?.start ?? r.issued);
  return point(keyOf(r), image.url, words, date, conceptText(r.code));
}

/**
 * Radiology images held as Media, DocumentReference or report (presentedForm) attachments, one time point each.
 * @param record - The patient record.
 * @returns Time points with the attachment URL as their key image (no lesion marks are read from them).
 */
export function readImageAttachments(record: PatientRecord): TimePoint[] {
  return [
    ...record.media.map(fromMedia),
    ...record.documentReferences.map(fromDocument),
    ...record.diagnosticReports.map(fromReport),
  ].filter((t): t is TimePoint => t !== undefined);
}

// Finds histology material the biomarker tool could use: tile-feature bags (.npy DocumentReferences) and slide
// images (Media, slide-microscopy studies or slide documents) that have not been turned into features yet.
import type { DocumentReference, Media, Resource } from '@medplum/fhirtypes';
import type { PatientRecord } from '../../../common/record/patient-record';
import { conceptText, datePart, keyOf } from './text';

export interface HistologySource {
  ref: string;
  /** `feature-bag`: ready for predict_biomarkers; `slide`: an image the tool cannot read directly. */
  kind: 'feature-bag' | 'slide';
  date?: string;
  description: string;
}

const NPY = 'application/x-npy';
const SLIDE_WORDS = /histo|patholog|\bH&E\b|\bslide|whole[- ]slide|\bWSI\b/i;

function fromDocument(doc: DocumentReference): HistologySource | undefined {
  if (doc.status === 'entered-in-error') return undefined;
  const types = (doc.content ?? []).map((c) => (c.attachment?.contentType ?? '').toLowerCase());
  const words = [conceptText(doc.type), ...(doc.category ?? []).map(conceptText), doc.description ?? ''].join(' ');
  const base = { ref: keyOf(doc), date: datePart(doc.date), description: doc.description ?? conceptText(doc.type) };
  if (types.some((t) => t.startsWith(NPY))) return { ...base, kind: 'feature-bag' };
  if (types.some((t) => t.startsWith('image/')) && SLIDE_WORDS.test(words)) return { ...base, kind: 'slide' };
  return undefined;
}

function fromMedia(media: Media): HistologySource | undefined {
  const words = [conceptText(media.modality), conceptText(media.type), media.content?.title ?? ''].join(' ');
  if (media.status === 'entered-in-error' || !SLIDE_WORDS.test(words)) return undefined;
  return {
    ref: keyOf(media),
    kind: 'slide',
    date: datePart(media.createdDateTime),
    description: conceptText(media.modality) || (media.content?.title ?? 'slide image'),
  };
}

/**
 * Histology material in the record, feature bags first.
 * @param record - The record (its Media are slide images).
 * @param extra - Further resources loaded beside the record (e.g. a Media search).
 * @returns The sources.
 */
export function readHistology(record: PatientRecord, extra: Resource[] = []): HistologySource[] {
  const media = [...record.media, ...extra].filter((r): r is Media => r.resourceType === 'Media');
  const slideStudies = record.imagingStudies
    .filter((s) => (s.modality ?? []).some((m) => m.code === 'SM'))
    .map(
      (s): HistologySource => ({
        ref: keyOf(s),
        kind: 'slide',
        date: datePart(s.started),
        description: s.description ?? 'slide microscopy',
      })
    );
  const found = [...record.documentReferences.map(fromDocument), ...media.map(fromMedia), ...slideStudies].filter(
    (h): h is HistologySource => h !== undefined
  );
  return found.sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'feature-bag' ? -1 : 1));
}

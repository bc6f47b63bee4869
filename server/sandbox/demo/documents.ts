// Text builders: DiagnosticReports with a plain-text presentedForm and clinical notes as DocumentReferences.
import type {
  CodeableConcept,
  DiagnosticReport,
  DocumentReference,
  ImagingStudy,
  Observation,
  Patient,
  Specimen,
} from '@medplum/fhirtypes';
import { type CodePair, concept, ref, type WithId } from './builders';
import { LOINC, SYSTEM } from './codes';

/**
 * Base64 of bytes or of a UTF-8 string, as FHIR attachments carry them.
 * @param data - Text or bytes.
 * @returns The base64 string.
 */
export function base64(data: string | Uint8Array): string {
  return (typeof data === 'string' ? Buffer.from(data, 'utf8') : Buffer.from(data)).toString('base64');
}

const SERVICE = { RAD: 'Radiology', PAT: 'Pathology (gross & histopath, not surgical)', GE: 'Genetics' } as const;
const REPORT_CODE = { RAD: LOINC.imagingReport, PAT: LOINC.pathologyReport, GE: LOINC.geneticReport } as const;

/** Inputs of {@link report}. */
export interface ReportInput {
  id: string;
  subject: Patient & WithId;
  kind: keyof typeof SERVICE;
  /** What the report is, e.g. "CT abdomen and pelvis with contrast"; also the attachment title. */
  title: string;
  /** YYYY-MM-DD of the procedure or specimen. */
  date: string;
  /** Instant the report was released. */
  issued: string;
  /** The full report text (UTF-8). */
  text: string;
  conclusion?: string;
  results?: (Observation & WithId)[];
  imagingStudy?: ImagingStudy & WithId;
  specimen?: Specimen & WithId;
  performer?: string;
}

/** A final DiagnosticReport whose text is a base64 text/plain presentedForm. */
export function report(r: ReportInput): DiagnosticReport & WithId {
  return {
    resourceType: 'DiagnosticReport',
    id: r.id,
    status: 'final',
    category: [concept(SYSTEM.diagnosticService, [r.kind, SERVICE[r.kind]])],
    code: concept(SYSTEM.loinc, REPORT_CODE[r.kind], r.title),
    subject: ref(r.subject),
    effectiveDateTime: r.date,
    issued: r.issued,
    ...(r.performer ? { performer: [{ display: r.performer }] } : {}),
    ...(r.specimen ? { specimen: [ref(r.specimen)] } : {}),
    ...(r.results ? { result: r.results.map(ref) } : {}),
    ...(r.imagingStudy ? { imagingStudy: [ref(r.imagingStudy)] } : {}),
    ...(r.conclusion ? { conclusion: r.conclusion } : {}),
    presentedForm: [{ contentType: 'text/plain', data: base64(r.text), title: r.title }],
  };
}

const NOTE_TYPE = {
  progress: LOINC.progressNote,
  hp: LOINC.historyAndPhysical,
  consult: LOINC.consultNote,
} as const satisfies Record<string, CodePair>;

/** Inputs of {@link note}. */
export interface NoteInput {
  id: string;
  subject: Patient & WithId;
  kind: keyof typeof NOTE_TYPE;
  title: string;
  /** Instant the note was written. */
  date: string;
  author: string;
  text: string;
  related?: WithId[];
}

/** A current clinical note (DocumentReference) with its text as a base64 text/plain attachment. */
export function note(n: NoteInput): DocumentReference & WithId {
  return {
    resourceType: 'DocumentReference',
    id: n.id,
    status: 'current',
    docStatus: 'final',
    type: concept(SYSTEM.loinc, NOTE_TYPE[n.kind]),
    category: [concept(SYSTEM.documentCategory, ['clinical-note', 'Clinical Note'])],
    subject: ref(n.subject),
    date: n.date,
    author: [{ display: n.author }],
    description: n.title,
    content: [{ attachment: { contentType: 'text/plain', data: base64(n.text), title: n.title, creation: n.date } }],
    ...(n.related ? { context: { related: n.related.map(ref) } } : {}),
  };
}

/** Inputs of {@link featureBagDocument}. */
export interface FeatureBagInput {
  id: string;
  subject: Patient & WithId;
  date: string;
  npy: Uint8Array;
  shape: [number, number];
  related: WithId[];
}

/** Marks a DocumentReference as a bag of histology tile features (a sandbox category, not a standard one). */
export const HISTOLOGY_FEATURES_CATEGORY: CodeableConcept = concept(
  SYSTEM.sandboxDocumentCategory,
  ['histology-features', 'Histology tile features'],
  'Histology tile features'
);

/** A DocumentReference holding an .npy matrix of per-tile H&E features (tiles × features, float32). */
export function featureBagDocument(f: FeatureBagInput): DocumentReference & WithId {
  const title = 'H&E whole-slide tile features (synthetic)';
  return {
    resourceType: 'DocumentReference',
    id: f.id,
    status: 'current',
    docStatus: 'final',
    type: { text: 'H&E whole-slide image tile feature matrix' },
    category: [HISTOLOGY_FEATURES_CATEGORY],
    subject: ref(f.subject),
    date: f.date,
    description:
      `Synthetic demo data: ${f.shape[0]} tiles x ${f.shape[1]} float32 features generated from a seeded ` +
      'pseudo-random generator, not extracted from a real slide. For exercising biomarker-prediction tools only.',
    content: [
      {
        attachment: { contentType: 'application/x-npy', data: base64(f.npy), title, creation: f.date },
        format: { display: 'NumPy .npy v1.0, little-endian float32, C order' },
      },
    ],
    context: { related: f.related.map(ref) },
  };
}

// Imaging reports in a record without image series: the imaging card says they exist (and where to read them) instead
// of "no imaging", which a clinician who knows the patient had a CT would read as a missing record.
import type { DiagnosticReport, DocumentReference } from '@medplum/fhirtypes';

/** HL7 v2 diagnostic service section codes and LOINC/keyword signs of an imaging report. */
const IMAGING_SECTIONS = new Set(['RAD', 'CT', 'MR', 'US', 'NMR', 'NMS', 'RX', 'CUS', 'VUS', 'XRC', 'IMG']);
const IMAGING_WORDS = /\b(CT|MRI?|PET(?:[-/ ]CT)?|ultrasound|sonograph\w*|radiolog\w*|x-?ray|imaging|scan)\b/i;

function isImagingReport(r: DiagnosticReport | DocumentReference): boolean {
  const codes = [...(r.category ?? []), ...(r.resourceType === 'DocumentReference' && r.type ? [r.type] : [])];
  if (r.resourceType === 'DiagnosticReport') codes.push(r.code);
  if (codes.some((c) => c?.coding?.some((x) => IMAGING_SECTIONS.has((x.code ?? '').toUpperCase())))) return true;
  return codes.some((c) => IMAGING_WORDS.test([c?.text, ...(c?.coding ?? []).map((x) => x.display)].join(' ')));
}

/**
 * What the imaging card says when the record holds no image series.
 * @param reports - The record's diagnostic reports.
 * @param documents - The record's documents.
 * @returns The empty text: imaging reports named by count when there are any.
 */
export function noStudiesText(reports: DiagnosticReport[], documents: DocumentReference[]): string {
  const n = [...reports, ...documents].filter(isImagingReport).length;
  if (n === 0) return 'No imaging studies recorded.';
  return `No images in the record; ${n} imaging ${n === 1 ? 'report is' : 'reports are'} listed under Reports.`;
}

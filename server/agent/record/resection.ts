// Whether the primary tumour has been resected, and which resource says so: adjuvant options need a resection on
// record, pre-operative ones (surgery first, neoadjuvant therapy) only apply before it. Read from a completed
// Procedure, a pathological T or N category (assigned on a resected specimen) or a sentence saying it was done.
import type { PatientRecord } from '../../../common/record/patient-record';
import { conceptText, datePart, keyOf } from './text';
import type { RecordText } from './texts';
import type { TumourKind } from './tumour';

export interface ResectionFact {
  /** What the record says, e.g. "Right hemicolectomy" or "pathological staging pT3 pN1b". */
  text: string;
  /** The resource that says it (`Procedure/…`, `DiagnosticReport/…`). */
  ref: string;
  date?: string;
}

/** Operations that remove a tumour (a biopsy, a stent or a stoma does not). */
const OPERATION =
  /\b(?:resection|resected|(?:hemi|procto|sigmoid)?colectomy|sigmoidectomy|proctectomy|proctocolectomy|gastrectomy|o?esophagectomy|hepatectomy|pancreatectomy|pancreat(?:ic)?o-?duodenectomy|whipple|lobectomy|pneumonectomy|total mesorectal excision|\bTME\b|abdominoperineal|hartmann'?s? (?:procedure|operation)|surgical removal|(?:tumou?r|en bloc) excision)\b/i;
/** Operations on metastases or other organs, which leave the primary in place. */
const NOT_PRIMARY = /metasta|metastasectomy|\bHIPEC\b|cytoreduct|biopsy|polypectomy|cholecystectomy|appendectomy/i;
const LIVER = /\b(?:liver|hepat\w*)\b/i;
const LUNG = /\b(?:lung|pulmonar\w*|lobectomy|pneumonectomy|wedge)\b/i;
/** A sentence saying the operation was done. */
const DONE =
  /\b(?:underwent|undergone|status post|s\/p|post-?operative(?:ly)?|was performed|were performed|has had|had an?|resected|removed|specimen)\b/i;
/** A sentence about a plan, a choice or an alternative, which says nothing was done. */
const PLANNED =
  /\b(?:planned|plan(?:s|ning)? (?:for|to)|scheduled|candidate|consider\w*|recommend\w*|propos\w*|awaiting|will|would|to undergo|referred|versus|vs\.?|whether|if|unresect\w*|resectable|not (?:yet )?(?:been )?resected|no (?:prior )?(?:resection|surgery))\b|\?/i;
/** A pathological T or N category (pT3, ypN0), as given on the resected specimen. */
const PATHOLOGICAL = /(?<![A-Za-z])y?p[TN](?:is|[0-4xX])[a-d]?(?![A-Za-z])/;

function aboutPrimary(text: string, kind: TumourKind | undefined): boolean {
  if (NOT_PRIMARY.test(text)) return false;
  if (LIVER.test(text) && !['hcc', 'icc', 'biliary'].includes(kind ?? '')) return false;
  if (LUNG.test(text) && kind !== 'lung') return false;
  return true;
}

const sentences = (text: string): string[] =>
  text
    .split(/(?<=[.;!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Reads whether the primary tumour was resected.
 * @param record - The record (its Procedures are read first).
 * @param texts - The record's texts (reports, notes, conditions).
 * @param kind - The primary tumour's kind (a liver resection is a primary resection only for a liver tumour).
 * @returns The resection with its source, or undefined when the record states none.
 */
export function readResection(
  record: PatientRecord,
  texts: RecordText[],
  kind?: TumourKind
): ResectionFact | undefined {
  for (const p of record.procedures) {
    if (p.status !== 'completed') continue;
    const name = conceptText(p.code);
    if (OPERATION.test(name) && aboutPrimary(name, kind)) {
      const date = datePart(p.performedDateTime ?? p.performedPeriod?.start);
      return { text: name, ref: keyOf(p), ...(date ? { date } : {}) };
    }
  }
  for (const t of texts) {
    const category = PATHOLOGICAL.exec(t.text);
    if (category && !t.ref.startsWith('Procedure/'))
      return { text: `pathological staging ${category[0]}`, ref: t.ref, ...(t.date ? { date: t.date } : {}) };
  }
  for (const t of texts) {
    const said = sentences(t.text).find(
      (s) => OPERATION.test(s) && DONE.test(s) && !PLANNED.test(s) && aboutPrimary(s, kind)
    );
    if (said) return { text: said.slice(0, 120), ref: t.ref, ...(t.date ? { date: t.date } : {}) };
  }
  return undefined;
}

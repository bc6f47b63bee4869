// Keeps technical identifiers out of what a clinician reads: "sizes in DiagnosticReport/0979…" becomes "sizes in
// the report", a bare "urn:uuid:…" disappears. Applied to machine-written text (tool messages, rules, reasons).

const WORDS: Record<string, string> = {
  ImagingStudy: 'the imaging study',
  DiagnosticReport: 'the report',
  DocumentReference: 'the document',
  Observation: 'the result',
  Condition: 'the diagnosis',
  Procedure: 'the procedure',
  MedicationRequest: 'the medication',
  MedicationStatement: 'the medication',
  MedicationAdministration: 'the medication',
  Specimen: 'the specimen',
  QuestionnaireResponse: 'the form',
  Questionnaire: 'the form',
  Patient: 'the patient',
  Practitioner: 'the clinician',
  PractitionerRole: 'the clinician',
  Endpoint: 'the image server',
  Binary: 'the attachment',
  Media: 'the image',
  Device: 'the device',
  Provenance: 'the provenance record',
};

const REFERENCE = /\b([A-Z][A-Za-z]+)\/([A-Za-z0-9\-.]{1,64})(?:\/_history\/[A-Za-z0-9\-.]+)?/g;
const URN = /\burn:(?:uuid|oid):[A-Za-z0-9\-.]+/g;

/**
 * Replaces FHIR references and URNs in a text with words.
 * @param text - Machine-written text.
 * @returns The text without identifiers (e.g. "box from the report"); unchanged when it holds none.
 */
export function plainText(text: string): string;
export function plainText(text: string | undefined): string | undefined;
export function plainText(text: string | undefined): string | undefined {
  if (!text) return text;
  return text
    .replace(REFERENCE, (whole, type: string) => WORDS[type] ?? whole)
    .replace(URN, 'a new item')
    .replace(/\bthe (\w+(?: \w+)?) \(the \1\)/g, 'the $1');
}

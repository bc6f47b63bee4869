// What was read from the record in words: "2 imaging studies, 1 document", never field or resource-type names.

const WORDS: Record<string, [string, string]> = {
  conditions: ['condition', 'conditions'],
  observations: ['observation', 'observations'],
  medications: ['medication', 'medications'],
  procedures: ['procedure', 'procedures'],
  reports: ['report', 'reports'],
  imagingStudies: ['imaging study', 'imaging studies'],
  documents: ['document', 'documents'],
  Condition: ['condition', 'conditions'],
  Observation: ['observation', 'observations'],
  MedicationRequest: ['medication', 'medications'],
  MedicationStatement: ['medication', 'medications'],
  Procedure: ['procedure', 'procedures'],
  DiagnosticReport: ['report', 'reports'],
  ImagingStudy: ['imaging study', 'imaging studies'],
  DocumentReference: ['document', 'documents'],
};

/** "imagingStudies" / "ImagingStudy" → "imaging studies" for a name this module does not know. */
function words(key: string, n: number): string {
  const known = WORDS[key];
  if (known) return n === 1 ? known[0] : known[1];
  const text = key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return n === 1 ? text.replace(/ies$/, 'y').replace(/s$/, '') : text;
}

/**
 * Counts of what the record holds as a phrase.
 * @param counts - Count per kind (field or resource type name).
 * @returns e.g. "5 conditions, 2 imaging studies, 1 document"; "" when nothing was counted.
 */
export function countsText(counts: Record<string, number> | undefined): string {
  return Object.entries(counts ?? {})
    .filter(([, n]) => n > 0)
    .map(([key, n]) => `${n} ${words(key, n)}`)
    .join(', ');
}

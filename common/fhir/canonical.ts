// Canonical URL base of the FHIR artifacts this project defines (profiles, Questionnaires, CodeSystems, ValueSets).
// `.example` is a reserved TLD: a deploying organisation replaces it with a base it controls.

export const CANONICAL_BASE = 'https://oncoagent.example/fhir';

/** Canonical URL of one of our artifacts, e.g. canonical('Questionnaire', 'cap-colorectal-resection'). */
export function canonical(resourceType: string, id: string): string {
  const path = resourceType === 'StructureDefinition' ? 'StructureDefinition' : resourceType;
  return `${CANONICAL_BASE}/${path}/${id}`;
}

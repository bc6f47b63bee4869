// The SMART scopes OncoAgent asks for, one per resource type it reads or writes. No wildcards: a server such as
// Medplum applies a wildcard read scope (`patient/*.rs`) to every type and then ignores the write scopes after it,
// so a wildcard would silently turn "sign and save" into a refused write.

/** What the record loader reads in its one batch (with the `_include`d Endpoints of ImagingStudies). */
export const RECORD_TYPES = [
  'Patient',
  'Condition',
  'Observation',
  'MedicationRequest',
  'MedicationStatement',
  'Procedure',
  'DiagnosticReport',
  'ImagingStudy',
  'DocumentReference',
  'Media',
  'Endpoint',
] as const;

/** What the app and the tools read about a patient: the record and attachments stored as Binary. */
export const READ_TYPES = [...RECORD_TYPES, 'Binary'] as const;

/** Results the workup writes about the patient: created, read and searched (the commit looks each up), updated
 * (a signed commit finalises earlier preliminary copies and marks superseded ones). */
export const RESULT_TYPES = ['Observation', 'DiagnosticReport', 'QuestionnaireResponse'] as const;

/** Written outside the patient compartment: what made the results. */
export const PROVENANCE_TYPES = ['Device', 'Provenance'] as const;

/** Read only: the profiles the outputs claim (Medplum loads them with the caller's access) and the signer's name. */
export const REFERENCE_TYPES = ['StructureDefinition', 'Practitioner'] as const;

/**
 * Explicit per-type scopes for one context.
 * @param context - `patient` (a launch), `user` or `system` (a backend client).
 * @param write - Whether the outputs will be written.
 * @returns Space-separated scopes.
 */
export function resourceScopes(context: 'patient' | 'user' | 'system', write: boolean): string {
  const results = new Set<string>(RESULT_TYPES);
  const about = READ_TYPES.map((t) => `${context}/${t}.${write && results.has(t) ? 'crus' : 'rs'}`);
  const extra = RESULT_TYPES.filter((t) => !(READ_TYPES as readonly string[]).includes(t)).map(
    (t) => `${context}/${t}.${write ? 'crus' : 'rs'}`
  );
  const other = context === 'patient' ? 'user' : context;
  const provenance = write ? PROVENANCE_TYPES.map((t) => `${other}/${t}.crs`) : [];
  const reference = REFERENCE_TYPES.map((t) => `${other}/${t}.rs`);
  return [...about, ...extra, ...provenance, ...reference].join(' ');
}

/**
 * The app's default: launch context, the clinician's identity (openid fhirUser names who signs), read the patient's
 * record, write the workup's results about the patient, and the Devices and Provenance that say what made them
 * (outside the patient compartment, so user/ scopes).
 */
export const DEFAULT_SCOPE = `launch launch/patient openid fhirUser online_access ${resourceScopes('patient', true)}`;

/** The CLI's read-only backend scopes. */
export const CLI_READ_SCOPE = resourceScopes('system', false);
/** The CLI's backend scopes with `--write`. */
export const CLI_WRITE_SCOPE = resourceScopes('system', true);

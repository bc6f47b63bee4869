// The SMART scopes the app asks for by default, shared by the server's /api/config and the app's static fallback.

/**
 * Read the patient's record; write the workup's results about the patient (Observation, DiagnosticReport,
 * QuestionnaireResponse); and the Devices and Provenance that say what made them, which lie outside the patient
 * compartment and so need user/ scopes (read/search too: the idempotent commit looks each one up before creating it).
 * openid + fhirUser name the clinician who signs.
 */
export const DEFAULT_SCOPE = [
  'launch launch/patient openid fhirUser online_access patient/*.rs',
  'patient/Observation.c patient/DiagnosticReport.c patient/QuestionnaireResponse.c',
  'user/Device.c user/Device.rs user/Provenance.c user/Provenance.rs',
].join(' ');

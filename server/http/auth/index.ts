// Who is calling the API and which FHIR servers this server may contact: the token verifier, the caller middleware
// and the FHIR origin allowlist (SSRF guard).
export {
  type ApiEnv,
  authenticate,
  type CallContext,
  callerOf,
  FHIR_BASE_HEADER,
  PATIENT_HEADER,
  requireCaller,
} from './middleware';
export { FhirOrigins, normaliseOrigin, parseOrigins, UNUSABLE_FHIR_TEXT } from './origins';
export { type Caller, TokenVerifier, type VerifierOptions } from './verifier';

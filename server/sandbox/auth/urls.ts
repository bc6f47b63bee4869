// The sandbox's own URLs, all derived from the configured public URL (never from a request's Host header, which a
// client can forge to move redirect targets, the issuer and token audiences).

export const SANDBOX_PATH = '/sandbox';
export const FHIR_PATH = `${SANDBOX_PATH}/fhir/R4`;

export interface SandboxUrls {
  /** e.g. http://localhost:8080 */
  origin: string;
  /** e.g. http://localhost:8080/sandbox/fhir/R4 */
  fhirBase: string;
  /** e.g. http://localhost:8080/sandbox/auth */
  authBase: string;
}

/**
 * The sandbox's URLs.
 * @param publicUrl - The configured public URL (`ONCOAGENT_PUBLIC_URL`, default `http://localhost:$PORT`).
 * @returns Origin, FHIR base and authorization server base, without trailing slashes.
 */
export function sandboxUrls(publicUrl: string): SandboxUrls {
  const origin = publicUrl.replace(/\/+$/, '');
  return { origin, fhirBase: `${origin}${FHIR_PATH}`, authBase: `${origin}${SANDBOX_PATH}/auth` };
}

// The SMART clients the sandbox authorization server knows: the app (public and confidential), the CLI backend (client
// secret) and the registry backend (SMART Backend Services, a JWKS), each with the scopes and redirect URIs its
// registration allows.
import { type JsonWebKey, timingSafeEqual } from 'node:crypto';

export interface SandboxClient {
  id: string;
  /** Present for confidential clients that authenticate with a secret. */
  secret?: string;
  /** Present for backend clients that authenticate with a signed client assertion (private_key_jwt): public keys. */
  jwks?: readonly JsonWebKey[];
  grants: ReadonlyArray<'authorization_code' | 'refresh_token' | 'client_credentials'>;
  /** The scopes this client may be granted (see scope-policy.ts). */
  allowedScopes: readonly string[];
  /** Registered redirect URIs (matched exactly when the sandbox emulates Medplum). */
  redirectUris: readonly string[];
}

/**
 * What the app may hold: read the record (patient/, and user/ for lists and the standalone picker); write its results
 * about the patient (Observation, DiagnosticReport, QuestionnaireResponse); the Devices and Provenance that say what
 * made them (outside the patient compartment, hence user/); StructureDefinitions for `meta.profile`. No delete.
 */
export const APP_SCOPES: readonly string[] = [
  'openid',
  'fhirUser',
  'profile',
  'launch',
  'launch/patient',
  'online_access',
  'offline_access',
  'patient/*.rs',
  'user/*.rs',
  'patient/Observation.crus',
  'patient/DiagnosticReport.crus',
  'patient/QuestionnaireResponse.crus',
  'user/Device.crs',
  'user/Provenance.crs',
  'user/StructureDefinition.rs',
];

/** The CLI and scripts: backend services with system/ scopes. */
export const CLI_SCOPES: readonly string[] = ['system/*.cruds'];

/** The id of the SMART Backend Services client (private_key_jwt). */
export const BACKEND_CLIENT_ID = 'oncoagent-backend';

/**
 * The registry backend: read everything (Bulk Data export included); write the workup's results, and the Devices and
 * Provenance that say what made them (what `registry run --write` commits). No delete.
 */
export const BACKEND_SCOPES: readonly string[] = [
  'system/*.rs',
  'system/Observation.crus',
  'system/DiagnosticReport.crus',
  'system/QuestionnaireResponse.crus',
  'system/Device.crs',
  'system/Provenance.crs',
];

/**
 * The registered clients.
 * @param secret - The shared secret of the confidential clients (`ONCOAGENT_SANDBOX_SECRET`).
 * @param appOrigins - Origins the app is served from (the sandbox's public URL first, then any configured extra
 *   redirect origins); each registers `<origin>/index.html`.
 * @param backendKeys - The public keys of `oncoagent-backend` (none: every assertion of it is refused).
 * @returns Clients by id.
 */
export function sandboxClients(
  secret: string,
  appOrigins: readonly string[],
  backendKeys: readonly JsonWebKey[] = []
): Map<string, SandboxClient> {
  const redirectUris = appOrigins.map((o) => `${o.replace(/\/+$/, '')}/index.html`);
  const app = { grants: ['authorization_code', 'refresh_token'] as const, allowedScopes: APP_SCOPES, redirectUris };
  const list: SandboxClient[] = [
    { id: 'oncoagent', ...app },
    { id: 'oncoagent-confidential', secret, ...app },
    { id: 'oncoagent-cli', secret, grants: ['client_credentials'], allowedScopes: CLI_SCOPES, redirectUris: [] },
    {
      id: BACKEND_CLIENT_ID,
      jwks: backendKeys,
      grants: ['client_credentials'],
      allowedScopes: BACKEND_SCOPES,
      redirectUris: [],
    },
  ];
  return new Map(list.map((c) => [c.id, c]));
}

/** Compares a presented secret with the registered one in constant time. */
export function secretMatches(client: SandboxClient, presented: string | undefined): boolean {
  if (!client.secret || presented === undefined) return false;
  const a = Buffer.from(client.secret);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Whether the app may be sent back to this redirect URI. Exact match with a registered URI always; unless `exact`,
 * also any URI on the sandbox's own origin, a loopback host (local development), or a configured extra origin.
 * @param redirectUri - The redirect_uri of the authorize request.
 * @param client - The client asking.
 * @param options - `sandboxOrigin` (configured public URL), `extraOrigins`, and `exact` (Medplum's rule).
 * @returns True when allowed.
 */
export function redirectAllowed(
  redirectUri: string,
  client: SandboxClient,
  options: { sandboxOrigin: string; extraOrigins: readonly string[]; exact: boolean }
): boolean {
  if (client.redirectUris.includes(redirectUri)) return true;
  if (options.exact) return false;
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (url.origin === options.sandboxOrigin || options.extraOrigins.includes(url.origin)) return true;
  return ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

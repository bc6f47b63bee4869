// The SMART discovery check: `[base]/.well-known/smart-configuration` names the endpoints the app launch, the CLI and
// the registry authenticate at, and whether the server offers PKCE (S256), client_credentials and signed assertions.
import { safeText } from '../fhir/backend-auth-discovery';
import { type CheckLine, line } from './report';

/** The parts of the discovery document the checks read. */
export interface SmartConfig {
  authorization_endpoint?: unknown;
  token_endpoint?: unknown;
  code_challenge_methods_supported?: unknown;
  grant_types_supported?: unknown;
  token_endpoint_auth_methods_supported?: unknown;
}

const list = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);
const isUrl = (value: unknown): boolean => typeof value === 'string' && /^https?:\/\//i.test(value);

/**
 * Fetches the discovery document (no redirect followed, a timeout, no credentials sent).
 * @param fhirBase - The FHIR base URL.
 * @param timeoutMs - Per request.
 * @returns The document, or the HTTP status / `unreachable` when there is none.
 */
export async function fetchSmartConfig(
  fhirBase: string,
  timeoutMs: number
): Promise<{ config?: SmartConfig; problem?: string }> {
  try {
    const response = await fetch(`${fhirBase}/.well-known/smart-configuration`, {
      headers: { accept: 'application/json' },
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) return { problem: `answered ${response.status}` };
    const body = (await response.json().catch(() => undefined)) as SmartConfig | undefined;
    return body && typeof body === 'object' ? { config: body } : { problem: 'answered with no JSON document' };
  } catch {
    return { problem: 'unreachable' };
  }
}

/**
 * Judges the discovery document.
 * @param found - What {@link fetchSmartConfig} returned.
 * @returns The `discovery.smart` line.
 */
export function smartConfigLine(found: { config?: SmartConfig; problem?: string }): CheckLine {
  const title = 'SMART configuration';
  const c = found.config;
  if (!c) {
    return line('discovery.smart', title, 'fail', `.well-known/smart-configuration ${found.problem ?? 'missing'}`, {
      any: 'serve the SMART App Launch discovery document at [FHIR base]/.well-known/smart-configuration',
      medplum: 'Medplum serves it at /fhir/R4/.well-known/smart-configuration: use that FHIR base',
      hapi: 'put a SMART authorization server in front of HAPI (e.g. Keycloak with the SMART extension)',
    });
  }
  const missing = (['authorization_endpoint', 'token_endpoint'] as const).filter((k) => !isUrl(c[k]));
  if (missing.length) {
    return line('discovery.smart', title, 'fail', `the document has no ${missing.join(' or ')}`, {
      any: 'the SMART configuration must name absolute authorization_endpoint and token_endpoint URLs',
    });
  }
  const pkce = list(c.code_challenge_methods_supported);
  const grants = list(c.grant_types_supported);
  const methods = list(c.token_endpoint_auth_methods_supported);
  const parts = [
    `PKCE ${pkce.length ? pkce.map((m) => safeText(m)).join(', ') : 'not advertised'}`,
    `client_credentials ${grants.includes('client_credentials') ? 'yes' : 'not advertised'}`,
    `signed client assertions ${methods.includes('private_key_jwt') ? 'yes' : 'not advertised'}`,
  ];
  if (!pkce.includes('S256')) {
    return line('discovery.smart', title, 'warn', `endpoints found; ${parts.join('; ')}`, {
      any: 'advertise code_challenge_methods_supported: ["S256"]; the app sends PKCE S256 at launch',
    });
  }
  return line('discovery.smart', title, 'ok', `authorize and token endpoints found; ${parts.join('; ')}`);
}

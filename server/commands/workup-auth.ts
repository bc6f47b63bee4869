// Gets an access token for the CLI: SMART backend services style client_credentials at the token endpoint that the
// FHIR server's `.well-known/smart-configuration` names, authenticated with HTTP Basic (client id + secret).
import { CliError, UnavailableError } from './cli-error';

export interface ClientCredentials {
  fhirBase: string;
  clientId: string;
  clientSecret: string;
  /** Default `system/*.rs` (read and search everything the client may see). */
  scope?: string;
  timeoutMs?: number;
}

async function request(url: string, init: RequestInit, what: string, timeoutMs: number): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new UnavailableError(`${what}: cannot reach ${new URL(url).origin}`);
  }
}

/**
 * Obtains a token with the client_credentials grant.
 * @param c - FHIR base, client id and secret, scope.
 * @returns The access token (never printed); throws CliError (bad client, no SMART configuration) or
 *   UnavailableError (server unreachable).
 */
export async function clientCredentialsToken(c: ClientCredentials): Promise<string> {
  const timeoutMs = c.timeoutMs ?? 20_000;
  const base = c.fhirBase.replace(/\/+$/, '');
  const discovery = await request(
    `${base}/.well-known/smart-configuration`,
    { headers: { accept: 'application/json' } },
    'SMART discovery',
    timeoutMs
  );
  if (discovery.status >= 500) throw new UnavailableError(`SMART discovery at ${base} failed (${discovery.status})`);
  const config = discovery.ok ? ((await discovery.json().catch(() => ({}))) as { token_endpoint?: unknown }) : {};
  if (typeof config.token_endpoint !== 'string') {
    throw new CliError(`${base} publishes no SMART configuration with a token_endpoint; pass --token instead`);
  }
  const basic = Buffer.from(`${encodeURIComponent(c.clientId)}:${encodeURIComponent(c.clientSecret)}`).toString(
    'base64'
  );
  const response = await request(
    config.token_endpoint,
    {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: c.scope ?? 'system/*.rs' }).toString(),
    },
    'Token request',
    timeoutMs
  );
  const body = (await response.json().catch(() => ({}))) as {
    access_token?: unknown;
    error?: string;
    error_description?: string;
  };
  if (response.status >= 500) throw new UnavailableError(`The token endpoint failed (${response.status})`);
  if (!response.ok || typeof body.access_token !== 'string') {
    const why = body.error_description ?? body.error ?? `status ${response.status}`;
    throw new CliError(`The token endpoint refused client "${c.clientId}": ${why}`);
  }
  return body.access_token;
}

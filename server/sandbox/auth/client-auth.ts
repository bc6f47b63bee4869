// Client authentication at the token and revocation endpoints (RFC 6749 §2.3): HTTP Basic or form fields for
// confidential clients, a signed client assertion for backend clients with a JWKS (RFC 7523), `client_id` alone for
// public ones; and the OAuth error those endpoints answer with.
import type { Context } from 'hono';
import { type AssertionContext, verifyClientAssertion } from './client-assertion';
import { type SandboxClient, secretMatches } from './clients';
import { OAuthError } from './oauth-error';

export { OAuthError };

/**
 * Reads a form-encoded request body.
 * @param c - The Hono context.
 * @returns The fields as strings; throws OAuthError `invalid_request` when the body cannot be read.
 */
export async function readForm(c: Context): Promise<Record<string, string>> {
  try {
    const raw = await c.req.parseBody();
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
  } catch {
    throw new OAuthError('invalid_request', 'The request body could not be read');
  }
}

/**
 * Authenticates the calling client.
 * @param c - The Hono context (for the Authorization header).
 * @param form - The form fields (`client_id`, `client_secret`, or `client_assertion_type` + `client_assertion`).
 * @param clients - The registered clients.
 * @param assertion - Where client assertions are accepted: the token endpoint URL and the replay cache.
 * @returns The client; throws OAuthError `invalid_client` (401).
 */
export function authenticateClient(
  c: Context,
  form: Record<string, string>,
  clients: Map<string, SandboxClient>,
  assertion?: AssertionContext
): SandboxClient {
  if (form.client_assertion !== undefined || form.client_assertion_type !== undefined) {
    if (!assertion) throw new OAuthError('invalid_client', 'Client assertions are not accepted here', 401);
    return verifyClientAssertion(form, clients, assertion);
  }
  let id = form.client_id;
  let secret = form.client_secret;
  const header = c.req.header('authorization');
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i < 0) throw new OAuthError('invalid_client', 'Client authentication failed', 401);
    try {
      id = decodeURIComponent(decoded.slice(0, i));
      secret = decodeURIComponent(decoded.slice(i + 1));
    } catch {
      throw new OAuthError('invalid_client', 'Client authentication failed', 401);
    }
  }
  const client = clients.get(id ?? '');
  if (!client) throw new OAuthError('invalid_client', 'Unknown client', 401);
  if (client.jwks) {
    throw new OAuthError(
      'invalid_client',
      `Client ${client.id} authenticates with a signed client assertion: client_assertion_type and client_assertion are missing`,
      401
    );
  }
  if (client.secret && !secretMatches(client, secret))
    throw new OAuthError('invalid_client', 'Client authentication failed', 401);
  return client;
}

/**
 * Answers an OAuth error (no caching, like every token-endpoint answer).
 * @param c - The Hono context.
 * @param err - The error; anything else becomes `invalid_request`.
 * @returns The JSON error response.
 */
export function oauthError(c: Context, err: unknown): Response {
  c.header('Cache-Control', 'no-store');
  if (err instanceof OAuthError) {
    if (err.status === 401) c.header('WWW-Authenticate', 'Basic realm="sandbox"');
    return c.json({ error: err.error, error_description: err.message }, err.status);
  }
  return c.json({ error: 'invalid_request', error_description: 'The request could not be read' }, 400);
}

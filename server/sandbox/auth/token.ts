// The SMART token endpoint: authorization_code (PKCE S256 verified), refresh_token and client_credentials grants.
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { type SandboxClient, secretMatches } from './clients';
import type { GrantStore } from './grants';
import type { TokenSigner } from './jwt';
import { parseResourceScope, scopeTokens } from './scopes';

export const SANDBOX_USER = 'Practitioner/sandbox-clinician';

export interface TokenDeps {
  clients: Map<string, SandboxClient>;
  grants: GrantStore;
  signer: TokenSigner;
  tokenTtlSeconds: number;
  urls: (c: Context) => { fhirBase: string; authBase: string };
}

class TokenError extends Error {
  constructor(
    readonly error: string,
    message: string,
    readonly status: 400 | 401 = 400
  ) {
    super(message);
  }
}

function authenticate(c: Context, form: Record<string, string>, deps: TokenDeps): SandboxClient {
  let id = form.client_id;
  let secret = form.client_secret;
  const header = c.req.header('authorization');
  if (header?.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    id = decodeURIComponent(decoded.slice(0, i));
    secret = decodeURIComponent(decoded.slice(i + 1));
  }
  const client = deps.clients.get(id ?? '');
  if (!client) throw new TokenError('invalid_client', 'Unknown client', 401);
  if (client.secret && !secretMatches(client, secret))
    throw new TokenError('invalid_client', 'Client authentication failed', 401);
  return client;
}

function pkceMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

function issue(
  deps: TokenDeps,
  c: Context,
  client: SandboxClient,
  grant: { scope: string; patient?: string; aud: string; nonce?: string }
) {
  const now = Math.floor(Date.now() / 1000);
  const { authBase, fhirBase } = deps.urls(c);
  const tokens = scopeTokens(grant.scope);
  const accessToken = deps.signer.sign({
    iss: authBase,
    sub: tokens.includes('openid') ? SANDBOX_USER : client.id,
    aud: grant.aud,
    client_id: client.id,
    scope: grant.scope,
    ...(grant.patient ? { patient: grant.patient } : {}),
    exp: now + deps.tokenTtlSeconds,
  });
  const body: Record<string, unknown> = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: deps.tokenTtlSeconds,
    scope: grant.scope,
  };
  if (grant.patient) body.patient = grant.patient;
  if (grant.patient) body.need_patient_banner = true;
  if (tokens.includes('openid') && (tokens.includes('fhirUser') || tokens.includes('profile'))) {
    body.id_token = deps.signer.sign({
      iss: authBase,
      sub: SANDBOX_USER,
      aud: client.id,
      fhirUser: `${fhirBase}/${SANDBOX_USER}`,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      exp: now + deps.tokenTtlSeconds,
    });
  }
  if (
    client.grants.includes('refresh_token') &&
    (tokens.includes('offline_access') || tokens.includes('online_access'))
  ) {
    body.refresh_token = deps.grants.refreshTokens.put({
      clientId: client.id,
      scope: grant.scope,
      patient: grant.patient,
      aud: grant.aud,
    });
  }
  return body;
}

function grantFor(c: Context, form: Record<string, string>, client: SandboxClient, deps: TokenDeps) {
  const type = form.grant_type;
  if (type === 'authorization_code') {
    const code = deps.grants.codes.take(form.code ?? '');
    if (!code || code.clientId !== client.id) throw new TokenError('invalid_grant', 'Unknown, used or expired code');
    if (code.redirectUri !== form.redirect_uri) throw new TokenError('invalid_grant', 'redirect_uri does not match');
    if (!pkceMatches(form.code_verifier, code.codeChallenge))
      throw new TokenError('invalid_grant', 'PKCE code_verifier does not match');
    return issue(deps, c, client, code);
  }
  if (type === 'refresh_token') {
    const grant = deps.grants.refreshTokens.take(form.refresh_token ?? '');
    if (!grant || grant.clientId !== client.id)
      throw new TokenError('invalid_grant', 'Unknown or expired refresh token');
    return issue(deps, c, client, grant);
  }
  if (type === 'client_credentials') {
    if (!client.grants.includes('client_credentials') || !client.secret) {
      throw new TokenError('unauthorized_client', 'This client may not use client_credentials');
    }
    const requested = scopeTokens(form.scope || 'system/*.*').filter(
      (t) => parseResourceScope(t)?.context === 'system'
    );
    if (requested.length === 0) throw new TokenError('invalid_scope', 'client_credentials needs system/ scopes');
    return issue(deps, c, client, { scope: requested.join(' '), aud: deps.urls(c).fhirBase });
  }
  throw new TokenError('unsupported_grant_type', `grant_type ${type ?? '(none)'} is not supported`);
}

/**
 * Handles POST of the token endpoint (form-encoded).
 * @param c - The Hono context.
 * @param deps - Clients, grants, signer.
 * @returns The token response or an OAuth error.
 */
export async function token(c: Context, deps: TokenDeps): Promise<Response> {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
  try {
    const raw = await c.req.parseBody();
    const form = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)]));
    const client = authenticate(c, form, deps);
    if (!client.grants.includes(form.grant_type as never)) {
      throw new TokenError('unauthorized_client', `This client may not use ${form.grant_type ?? 'that grant'}`);
    }
    return c.json(grantFor(c, form, client, deps));
  } catch (err) {
    if (err instanceof TokenError) return c.json({ error: err.error, error_description: err.message }, err.status);
    return c.json({ error: 'invalid_request', error_description: 'The token request could not be read' }, 400);
  }
}

// The SMART token endpoint: authorization_code (PKCE S256 verified), refresh_token (rotated, reuse revokes the family)
// and client_credentials grants (client secret, or a signed client assertion for SMART Backend Services). Access
// tokens carry a `jti` so they can be revoked.
import { createHash, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { demoId } from '../demo/portable';
import { authenticateClient, OAuthError, oauthError, readForm } from './client-auth';
import type { SandboxClient } from './clients';
import type { GrantStore } from './grants';
import type { JtiReplayCache } from './jti-replay';
import type { SigningAlg, TokenSigner } from './jwt';
import { grantableScope } from './scope-policy';
import { parseResourceScope, scopeTokens } from './scopes';
import type { SandboxUrls } from './urls';

/** The demo clinician every sandbox login is (a UUID id, as Medplum requires). */
export const SANDBOX_USER = `Practitioner/${demoId('sandbox-clinician')}`;

export interface TokenDeps {
  clients: Map<string, SandboxClient>;
  grants: GrantStore;
  signer: TokenSigner;
  tokenTtlSeconds: number;
  urls: SandboxUrls;
  /** How id_tokens are signed (Medplum: ES256). */
  idTokenAlg: SigningAlg;
  /** The `jti`s of accepted client assertions (SMART Backend Services). */
  replay: JtiReplayCache;
}

interface Grant {
  scope: string;
  patient?: string;
  aud: string;
  nonce?: string;
}

function pkceMatches(verifier: string | undefined, challenge: string): boolean {
  if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier)) return false;
  return createHash('sha256').update(verifier).digest('base64url') === challenge;
}

/** Issues the tokens of one grant; `family` is the refresh token family (undefined: start one if needed). */
function issue(deps: TokenDeps, client: SandboxClient, grant: Grant, family?: string) {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + deps.tokenTtlSeconds;
  const { authBase, fhirBase } = deps.urls;
  const tokens = scopeTokens(grant.scope);
  const refreshable =
    client.grants.includes('refresh_token') && (tokens.includes('offline_access') || tokens.includes('online_access'));
  const familyId = family ?? (refreshable ? deps.grants.refreshTokens.startFamily() : undefined);
  const jti = randomUUID();
  const accessToken = deps.signer.sign({
    iss: authBase,
    sub: tokens.includes('openid') ? SANDBOX_USER : client.id,
    aud: grant.aud,
    client_id: client.id,
    scope: grant.scope,
    ...(grant.patient ? { patient: grant.patient } : {}),
    jti,
    exp,
  });
  if (familyId) deps.grants.refreshTokens.recordAccessToken(familyId, jti, exp);
  const body: Record<string, unknown> = {
    access_token: accessToken,
    token_type: 'Bearer',
    expires_in: deps.tokenTtlSeconds,
    scope: grant.scope,
  };
  if (grant.patient) body.patient = grant.patient;
  if (grant.patient) body.need_patient_banner = true;
  if (tokens.includes('openid') && (tokens.includes('fhirUser') || tokens.includes('profile'))) {
    const claims = {
      iss: authBase,
      sub: SANDBOX_USER,
      aud: client.id,
      fhirUser: `${fhirBase}/${SANDBOX_USER}`,
      ...(grant.nonce ? { nonce: grant.nonce } : {}),
      exp,
    };
    body.id_token = deps.signer.sign(claims, deps.idTokenAlg);
  }
  if (refreshable && familyId) {
    body.refresh_token = deps.grants.refreshTokens.issue(familyId, {
      clientId: client.id,
      scope: grant.scope,
      patient: grant.patient,
      aud: grant.aud,
    });
  }
  return body;
}

function grantFor(form: Record<string, string>, client: SandboxClient, deps: TokenDeps) {
  const type = form.grant_type;
  if (type === 'authorization_code') {
    const code = deps.grants.codes.take(form.code ?? '');
    if (!code || code.clientId !== client.id) throw new OAuthError('invalid_grant', 'Unknown, used or expired code');
    if (code.redirectUri !== form.redirect_uri) throw new OAuthError('invalid_grant', 'redirect_uri does not match');
    if (!pkceMatches(form.code_verifier, code.codeChallenge))
      throw new OAuthError('invalid_grant', 'PKCE code_verifier does not match');
    return issue(deps, client, code);
  }
  if (type === 'refresh_token') {
    const rotation = deps.grants.refreshTokens.rotate(form.refresh_token ?? '', client.id);
    if (rotation.kind === 'reused') {
      throw new OAuthError(
        'invalid_grant',
        'This refresh token was already used; every token of this login is revoked'
      );
    }
    if (rotation.kind === 'invalid') throw new OAuthError('invalid_grant', 'Unknown or expired refresh token');
    return issue(deps, client, rotation.grant, rotation.family);
  }
  if (type === 'client_credentials') {
    if (!client.grants.includes('client_credentials') || (!client.secret && !client.jwks)) {
      throw new OAuthError('unauthorized_client', 'This client may not use client_credentials');
    }
    const system = scopeTokens(form.scope || 'system/*.*').filter((t) => parseResourceScope(t)?.context === 'system');
    const scope = grantableScope(system.join(' '), client.allowedScopes);
    if (!scope) throw new OAuthError('invalid_scope', 'client_credentials needs system/ scopes');
    return issue(deps, client, { scope, aud: deps.urls.fhirBase });
  }
  throw new OAuthError('unsupported_grant_type', `grant_type ${type ?? '(none)'} is not supported`);
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
    const form = await readForm(c);
    const client = authenticateClient(c, form, deps.clients, {
      tokenEndpoint: `${deps.urls.authBase}/token`,
      replay: deps.replay,
    });
    if (!client.grants.includes(form.grant_type as never)) {
      throw new OAuthError('unauthorized_client', `This client may not use ${form.grant_type ?? 'that grant'}`);
    }
    return c.json(grantFor(form, client, deps));
  } catch (err) {
    return oauthError(c, err);
  }
}

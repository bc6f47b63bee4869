// The OAuth 2.0 revocation endpoint (RFC 7009): a client revokes its own refresh token (and with it the whole token
// family) or access token (refused by the FHIR and DICOMweb endpoints from then on, by its `jti`).
import type { Context } from 'hono';
import { authenticateClient, OAuthError, oauthError, readForm } from './client-auth';
import type { SandboxClient } from './clients';
import type { GrantStore } from './grants';
import { JwtError, type JwtPayload, type TokenSigner } from './jwt';

export interface RevokeDeps {
  clients: Map<string, SandboxClient>;
  grants: GrantStore;
  signer: TokenSigner;
}

const notYours = () => new OAuthError('unauthorized_client', 'The token was not issued to this client');

/** The claims of a live access token issued by this sandbox, or undefined (expired, revoked or not ours). */
function accessClaims(signer: TokenSigner, token: string): JwtPayload | undefined {
  try {
    return signer.verify(token);
  } catch (err) {
    if (err instanceof JwtError) return undefined;
    throw err;
  }
}

function revokeRefresh(deps: RevokeDeps, client: SandboxClient, token: string): boolean {
  const owner = deps.grants.refreshTokens.owner(token);
  if (owner === undefined) return false;
  if (owner !== client.id) throw notYours();
  deps.grants.refreshTokens.revoke(token);
  return true;
}

function revokeAccess(deps: RevokeDeps, client: SandboxClient, token: string): boolean {
  const claims = accessClaims(deps.signer, token);
  if (!claims || typeof claims.jti !== 'string' || typeof claims.exp !== 'number') return false;
  if (claims.client_id !== client.id) throw notYours();
  deps.grants.revocations.revoke(claims.jti, claims.exp);
  return true;
}

/**
 * Handles POST of the revocation endpoint: `token`, optional `token_type_hint`, client authentication as at the
 * token endpoint. Unknown, expired or already revoked tokens are answered 200 too, as RFC 7009 §2.2 says.
 * @param c - The Hono context.
 * @param deps - Clients, grants, signer.
 * @returns 200 with an empty body, or an OAuth error.
 */
export async function revoke(c: Context, deps: RevokeDeps): Promise<Response> {
  try {
    const form = await readForm(c);
    const client = authenticateClient(c, form, deps.clients);
    const token = form.token;
    if (!token) throw new OAuthError('invalid_request', 'token is required');
    const order =
      form.token_type_hint === 'access_token' ? [revokeAccess, revokeRefresh] : [revokeRefresh, revokeAccess];
    for (const attempt of order) if (attempt(deps, client, token)) break;
    c.header('Cache-Control', 'no-store');
    return c.body(null, 200);
  } catch (err) {
    return oauthError(c, err);
  }
}

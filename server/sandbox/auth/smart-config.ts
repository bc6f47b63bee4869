// The SMART App Launch discovery document (`[base]/.well-known/smart-configuration`).
import { APP_SCOPES, BACKEND_SCOPES, CLI_SCOPES } from './clients';
import type { SigningAlg } from './jwt';

/** Every scope some registered client may be granted. */
export const SUPPORTED_SCOPES: readonly string[] = [...new Set([...APP_SCOPES, ...CLI_SCOPES, ...BACKEND_SCOPES])];

/**
 * Builds the discovery document.
 * @param authBase - Base URL of the authorization server, e.g. `http://localhost:8080/sandbox/auth`.
 * @param idTokenAlg - How id_tokens are signed.
 * @returns The smart-configuration JSON.
 */
export function smartConfiguration(authBase: string, idTokenAlg: SigningAlg = 'RS256'): Record<string, unknown> {
  return {
    issuer: authBase,
    jwks_uri: `${authBase}/jwks`,
    authorization_endpoint: `${authBase}/authorize`,
    token_endpoint: `${authBase}/token`,
    revocation_endpoint: `${authBase}/revoke`,
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    token_endpoint_auth_signing_alg_values_supported: ['RS384', 'ES384'],
    revocation_endpoint_auth_methods_supported: ['none', 'client_secret_basic', 'client_secret_post'],
    id_token_signing_alg_values_supported: [idTokenAlg],
    response_types_supported: ['code'],
    scopes_supported: SUPPORTED_SCOPES,
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'launch-ehr',
      'launch-standalone',
      'client-public',
      'client-confidential-symmetric',
      'client-confidential-asymmetric',
      'context-ehr-patient',
      'context-standalone-patient',
      'sso-openid-connect',
      'permission-patient',
      'permission-user',
      'permission-offline',
      'permission-online',
      'permission-v1',
      'permission-v2',
    ],
  };
}

// The SMART App Launch discovery document (`[base]/.well-known/smart-configuration`).

export const SUPPORTED_SCOPES = [
  'openid',
  'fhirUser',
  'profile',
  'launch',
  'launch/patient',
  'offline_access',
  'online_access',
  'patient/*.cruds',
  'user/*.cruds',
  'system/*.cruds',
  'patient/*.read',
  'patient/*.write',
  'user/*.read',
  'user/*.write',
  'system/*.*',
];

/**
 * Builds the discovery document.
 * @param authBase - Base URL of the authorization server, e.g. `http://localhost:8080/sandbox/auth`.
 * @returns The smart-configuration JSON.
 */
export function smartConfiguration(authBase: string): Record<string, unknown> {
  return {
    issuer: authBase,
    jwks_uri: `${authBase}/jwks`,
    authorization_endpoint: `${authBase}/authorize`,
    token_endpoint: `${authBase}/token`,
    grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
    token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
    response_types_supported: ['code'],
    scopes_supported: SUPPORTED_SCOPES,
    code_challenge_methods_supported: ['S256'],
    capabilities: [
      'launch-ehr',
      'launch-standalone',
      'client-public',
      'client-confidential-symmetric',
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

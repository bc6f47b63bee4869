// The authentication check of the CLI: a token from the flags (Backend Services with a key, client_credentials with a
// secret, or one given with --token), obtained by the CLI's own token source (server/commands/workup-auth.ts). The
// token is never printed; a server that cannot be reached is reported as such (exit 2).

import { UnavailableError } from '../commands/cli-error';
import { type BackendFlags, backendTokenFromFlags } from '../commands/workup-auth';
import { type CheckLine, line } from './report';

/** How the CLI authenticates. */
export interface AuthInput extends BackendFlags {
  /** A token given with --token or ONCOAGENT_FHIR_TOKEN. */
  token?: string;
  /** ONCOAGENT_CLIENT_SECRET. */
  configuredSecret?: string;
}

/** The token (when one was obtained) and the `auth.token` line. */
export interface AuthResult {
  token?: string;
  line: CheckLine;
  /** The token endpoint could not be reached. */
  unreachable?: string;
}

/**
 * Obtains the token the flags describe.
 * @param input - --client-id with --private-key or --client-secret, or --token.
 * @param fhirBase - The FHIR base (its SMART configuration names the token endpoint).
 * @param scope - The scopes to ask for.
 * @returns The token and the line; never throws for a refusal.
 */
export async function obtainToken(input: AuthInput, fhirBase: string, scope: string): Promise<AuthResult> {
  const title = 'Authentication';
  if (input.clientId) {
    const how = input.privateKey ? 'SMART Backend Services (signed assertion)' : 'client_credentials (client secret)';
    try {
      const token = await backendTokenFromFlags(input, fhirBase, scope, input.configuredSecret)?.token();
      return { token, line: line('auth.token', title, 'ok', `${how}: token received`) };
    } catch (err) {
      const text = err instanceof Error ? err.message : String(err);
      if (err instanceof UnavailableError) return { unreachable: text, line: line('auth.token', title, 'fail', text) };
      return {
        line: line('auth.token', title, 'fail', `${how}: ${text}`, {
          medplum:
            'create a ClientApplication (Admin → Project → Client applications), use its id and secret, or register ' +
            'the public JWKS (`oncoagent keys generate`) as its JWKS URI for signed assertions',
          hapi: 'register a confidential client for client_credentials in the authorization server in front of HAPI',
          smart: 'the launcher needs a signed assertion (--private-key) for client_credentials',
        }),
      };
    }
  }
  if (input.token) return { token: input.token, line: line('auth.token', title, 'ok', 'using the given token') };
  return {
    line: line('auth.token', title, 'warn', 'no credentials given: only the public parts of the server were checked', {
      any: 'give --client-id with --client-secret or --private-key, or --token, to check reads and writes',
    }),
  };
}

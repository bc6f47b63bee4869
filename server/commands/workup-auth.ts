// The CLI's backend credentials: `--client-id` with `--private-key FILE` (SMART Backend Services, private_key_jwt) or
// `--client-secret` (HTTP Basic), turned into a token source (server/fhir/backend-auth.ts) whose failures become the
// CLI's exit codes: 1 for a bad key file or a refused client, 2 for a server that cannot be reached.
import { OperationOutcomeError } from '@medplum/core';
import { backendToken, type TokenSource } from '../fhir/backend-auth';
import { CliError, UnavailableError } from './cli-error';

export interface BackendFlags {
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  keyId?: string;
  alg?: string;
}

/**
 * Maps a backend-auth failure to the CLI's errors.
 * @param err - Anything thrown while getting a token.
 * @returns UnavailableError for `transient`/`exception`/`timeout` outcomes, CliError for other outcomes, else `err`.
 */
export function authCliError(err: unknown): unknown {
  if (!(err instanceof OperationOutcomeError)) return err;
  const issue = err.outcome.issue?.[0];
  const text = issue?.details?.text ?? err.message;
  return ['transient', 'exception', 'timeout'].includes(issue?.code ?? '')
    ? new UnavailableError(text)
    : new CliError(text);
}

/**
 * Checks that the credential flags go together (before anything is started).
 * @param flags - `--client-id`, `--private-key` (+ `--key-id`, `--alg`), `--client-secret`.
 * @param configuredSecret - ONCOAGENT_CLIENT_SECRET.
 */
export function checkBackendFlags(flags: BackendFlags, configuredSecret?: string): void {
  if (!flags.clientId) {
    if (flags.privateKey || flags.keyId || flags.alg) {
      throw new CliError('--private-key, --key-id and --alg need --client-id');
    }
    return;
  }
  if (flags.privateKey && flags.clientSecret) throw new CliError('Give --private-key or --client-secret, not both');
  if (!flags.privateKey && (flags.keyId || flags.alg)) throw new CliError('--key-id and --alg go with --private-key');
  if (flags.alg !== undefined && flags.alg !== 'RS384' && flags.alg !== 'ES384') {
    throw new CliError('--alg must be RS384 or ES384');
  }
  if (!flags.privateKey && !flags.clientSecret && !configuredSecret) {
    throw new CliError('--client-id needs --private-key FILE or --client-secret (or ONCOAGENT_CLIENT_SECRET)');
  }
}

/**
 * Builds the token source the credential flags describe.
 * @param flags - `--client-id`, `--private-key` (+ `--key-id`, `--alg`) or `--client-secret` (or the configured one).
 * @param fhirBase - The FHIR base URL.
 * @param scope - The scopes to ask for.
 * @param configuredSecret - ONCOAGENT_CLIENT_SECRET, used when neither a key nor a secret flag is given.
 * @returns The source (its failures are CliError or UnavailableError), or undefined without `--client-id`; throws
 *   CliError for flags that do not go together.
 */
export function backendTokenFromFlags(
  flags: BackendFlags,
  fhirBase: string,
  scope: string,
  configuredSecret?: string
): TokenSource | undefined {
  checkBackendFlags(flags, configuredSecret);
  if (!flags.clientId) return undefined;
  const common = { fhirBase, clientId: flags.clientId, scope };
  const source = flags.privateKey
    ? backendToken({ ...common, privateKeyFile: flags.privateKey, keyId: flags.keyId, alg: flags.alg })
    : backendToken({ ...common, clientSecret: (flags.clientSecret || configuredSecret)! });
  return {
    token: async (signal) => {
      try {
        return await source.token(signal);
      } catch (err) {
        throw authCliError(err);
      }
    },
  };
}

export interface ClientCredentials {
  fhirBase: string;
  clientId: string;
  clientSecret: string;
  /** Default `system/*.rs` (read and search everything the client may see). */
  scope?: string;
  timeoutMs?: number;
}

/**
 * Obtains one token with the client_credentials grant and a client secret.
 * @param c - FHIR base, client id and secret, scope.
 * @returns The access token (never printed); throws CliError (bad client, no SMART configuration) or
 *   UnavailableError (server unreachable).
 */
export async function clientCredentialsToken(c: ClientCredentials): Promise<string> {
  const source = backendToken({
    fhirBase: c.fhirBase,
    clientId: c.clientId,
    clientSecret: c.clientSecret,
    scope: c.scope ?? 'system/*.rs',
    timeoutMs: c.timeoutMs,
  });
  try {
    return await source.token();
  } catch (err) {
    throw authCliError(err);
  }
}

// `oncoagent check`: the integrator's self-test of a FHIR server (discovery, authentication and scopes, one record
// read, profiles, and with --write-test a reversible write). Exit 0 ready, 1 something needs changing, 2 unreachable.
import { CLI_READ_SCOPE } from '../../common/smart/scopes';
import { type CheckReport, formatReport, obtainToken, runChecks, WRITE_TEST_SCOPE } from '../check';
import type { FhirConfig } from '../config';
import { CliError, UnavailableError } from './cli-error';
import { type BackendFlags, checkBackendFlags } from './workup-auth';

export interface CheckFlags extends BackendFlags {
  fhir?: string;
  token?: string;
  scope?: string;
  patient?: string;
  writeTest?: boolean;
  json?: boolean;
}

export interface CheckIo {
  stdout: { write(text: string): unknown };
  /** ONCOAGENT_FHIR_TOKEN and ONCOAGENT_CLIENT_SECRET. */
  fhir?: Pick<FhirConfig, 'token' | 'clientSecret'>;
}

const SCOPES = /^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/;

/**
 * Runs the checks and prints the report.
 * @param flags - --fhir, credentials, --scope, --patient, --write-test, --json.
 * @param io - Where to print, and the configured credentials.
 * @returns The exit code (0 or 1); an unreachable server throws UnavailableError (exit 2) after a --json report.
 */
export async function checkCommand(flags: CheckFlags, io: CheckIo): Promise<number> {
  if (!flags.fhir || !/^https?:\/\/\S+$/i.test(flags.fhir))
    throw new CliError('--fhir must be the FHIR base URL (http or https)');
  if (flags.scope !== undefined && !SCOPES.test(flags.scope))
    throw new CliError('--scope must be space-separated SMART scopes');
  if (flags.patient !== undefined && !/^[A-Za-z0-9\-.]{1,64}$/.test(flags.patient))
    throw new CliError('--patient must be a FHIR id');
  if (flags.token && flags.clientId) throw new CliError('Give --token or --client-id, not both');
  checkBackendFlags(flags, io.fhir?.clientSecret);
  const fhirBase = flags.fhir.replace(/\/+$/, '');
  const askedScope = flags.scope ?? (flags.writeTest ? WRITE_TEST_SCOPE : CLI_READ_SCOPE);
  const auth = await obtainToken(
    { ...flags, token: flags.token ?? io.fhir?.token, configuredSecret: io.fhir?.clientSecret },
    fhirBase,
    askedScope
  );
  const report: CheckReport = auth.unreachable
    ? { fhirBase, reachable: false, exitCode: 2, checks: [auth.line] }
    : await runChecks({
        fhirBase,
        token: auth.token,
        askedScope,
        patientId: flags.patient,
        authLine: auth.line,
        writeTest: flags.writeTest,
      });
  if (flags.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  if (!report.reachable) {
    throw new UnavailableError(report.checks[0]?.found ?? `Cannot reach the FHIR server at ${fhirBase}`);
  }
  if (!flags.json) io.stdout.write(formatReport(report));
  return report.exitCode;
}

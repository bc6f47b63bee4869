// `oncoagent workup`: runs a tumour-board workup for one patient of a FHIR server (or of the in-process sandbox) and
// prints the Markdown report, or the WorkupResult JSON with --json. Exit 1: bad input; 2: a dependency is unavailable.
import { OperationOutcomeError } from '@medplum/core';
import type { Patient } from '@medplum/fhirtypes';
import type { AgentEvent, WorkupResult } from '../../common/contracts';
import { CLI_READ_SCOPE } from '../../common/smart/scopes';
import type { WorkupDeps } from '../agent/deps';
import { workupMarkdown } from '../agent/markdown';
import { runWorkup } from '../agent/run-workup';
import type { FhirConfig } from '../config';
import { createFhirClient, type FhirClient, withRetries } from '../fhir/fhir-client';
import { ModelUnavailableError } from '../llm/errors';
import { demoId } from '../sandbox/demo/portable';
import { CliError, UnavailableError } from './cli-error';
import { askFollowUps, checkFollowUpQuestions } from './follow-up-run';
import { type SandboxSession, startSandboxSession } from './sandbox-session';
import { type BackendFlags, backendTokenFromFlags, checkBackendFlags } from './workup-auth';
import { WRITE_SCOPE, type WriteSummary, writeLine, writeWorkup } from './workup-write';

export { createWorkupDeps } from '../agent/deps';

export interface WorkupFlags extends BackendFlags {
  fhir?: string;
  /** Patient id (or, with --sandbox, a name). */
  patient?: string;
  question?: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
  json?: boolean;
  /** Run against an in-process sandbox with the demo patients. */
  sandbox?: boolean;
  /** Commit the write-back plan (preliminary resources) with the same credentials. */
  write?: boolean;
  /** SMART scopes for --client-id or --sandbox (default: explicit per-type read scopes, plus writes with --write). */
  scope?: string;
  /** Follow-up questions asked after the workup, in order (--follow-up, repeatable). */
  followUp?: string[];
}

export interface WorkupIo {
  stdout?: { write(text: string): unknown };
  /** Progress lines; none when omitted in tests. */
  stderr?: { write(text: string): unknown };
  /** Credentials from the configuration when no flag gives them (ONCOAGENT_FHIR_TOKEN, ONCOAGENT_CLIENT_SECRET). */
  fhir?: Pick<FhirConfig, 'token' | 'clientSecret'>;
}

/**
 * Progress lines for the terminal: status texts and finished tool calls.
 * @param write - Where to write.
 * @returns The event sink.
 */
export function progress(write: (text: string) => unknown) {
  return (e: AgentEvent) => {
    if (e.type === 'status') write(`· ${e.text}\n`);
    if (e.type === 'tool-end') {
      const note = e.call.status === 'ok' ? '' : `: ${(e.call.message ?? '').slice(0, 160)}`;
      write(`  ${e.call.id} ${e.call.tool} ${e.call.status} (${e.call.ms} ms)${note}\n`);
    }
  };
}

async function sandboxPatient(fhir: FhirClient, wanted: string): Promise<string> {
  const search = (params: Record<string, string>) =>
    withRetries(fhir, (signal) =>
      fhir.client.search({ resourceType: 'Patient', searchParams: params, options: { signal } })
    );
  const byId = (await search({ _id: wanted })) as { entry?: { resource: Patient }[] };
  if (byId.entry?.length) return wanted;
  // The demo patients' readable names (demo-crc-met…) stand for their UUIDs.
  const demo = (await search({ _id: demoId(wanted) })) as { entry?: { resource: Patient }[] };
  if (demo.entry?.length) return demoId(wanted);
  const byName = (await search({ name: wanted })) as { entry?: { resource: Patient }[] };
  const ids = (byName.entry ?? []).map((e) => e.resource.id!);
  if (ids.length === 1) return ids[0]!;
  throw new CliError(
    ids.length ? `"${wanted}" matches several patients: ${ids.join(', ')}` : `No sandbox patient "${wanted}"`
  );
}

/**
 * A failure as the CLI reports it: bad input (exit 1) or a dependency unavailable (exit 2).
 * @param err - The failure.
 * @returns The CLI error, or the failure unchanged.
 */
export function toCliError(err: unknown): unknown {
  if (err instanceof OperationOutcomeError) {
    const issue = err.outcome.issue?.[0];
    const text = issue?.details?.text ?? err.message;
    const down = ['transient', 'timeout', 'exception', 'throttled'].includes(issue?.code ?? '');
    return down ? new UnavailableError(text) : new CliError(text);
  }
  if (err instanceof ModelUnavailableError) return new UnavailableError(err.message);
  return err;
}

/**
 * Checks the connection flags a workup or a follow-up needs before anything starts.
 * @param flags - --fhir, --patient, --sandbox and the backend credentials.
 * @param io - The configured credentials.
 */
export function checkConnectionFlags(flags: WorkupFlags, io: WorkupIo): void {
  if (!flags.patient) throw new CliError('--patient is required');
  if (!flags.sandbox && !flags.fhir) throw new CliError('--fhir URL is required (or --sandbox for the demo EHR)');
  if (flags.fhir && !/^https?:\/\/\S+$/i.test(flags.fhir))
    throw new CliError(`--fhir must be an http(s) URL, got "${flags.fhir}"`);
  checkBackendFlags(flags, io.fhir?.clientSecret);
}

/**
 * Reads the workup dependencies, a failure as a CLI error.
 * @param deps - The dependencies or a function building them.
 * @returns The dependencies.
 */
export function resolveDeps(deps: WorkupDeps | (() => WorkupDeps)): WorkupDeps {
  try {
    return typeof deps === 'function' ? deps() : deps;
  } catch (err) {
    const mapped = toCliError(err);
    throw mapped instanceof CliError ? mapped : new CliError((err as Error).message);
  }
}

/** The EHR a command works on, with the patient resolved; `close` stops an in-process sandbox. */
export interface WorkupConnection {
  fhir: FhirClient;
  patientId: string;
  close: () => Promise<void>;
}

/**
 * Opens the EHR connection the flags describe: the in-process sandbox, client credentials or a token.
 * @param flags - Checked by checkConnectionFlags.
 * @param io - Progress output and the configured credentials.
 * @returns The FHIR client (with the token) and the patient id.
 */
export async function connectWorkup(flags: WorkupFlags, io: WorkupIo): Promise<WorkupConnection> {
  const configured = io.fhir ?? {};
  if (flags.scope !== undefined && !/^[\x21\x23-\x5b\x5d-\x7e]+( [\x21\x23-\x5b\x5d-\x7e]+)*$/.test(flags.scope)) {
    throw new CliError(
      '--scope must be space-separated SMART scopes, e.g. "system/Observation.crus system/Patient.rs"'
    );
  }
  if (flags.scope !== undefined && !flags.clientId && !flags.sandbox) {
    throw new CliError('--scope applies to --client-id or --sandbox (a --token carries its own scopes)');
  }
  const scope = flags.scope ?? (flags.write ? WRITE_SCOPE : CLI_READ_SCOPE);
  let session: SandboxSession | undefined;
  try {
    let fhirBase = flags.fhir ?? '';
    let token = flags.token ?? configured.token;
    if (flags.sandbox) {
      io.stderr?.write('· Starting the sandbox EHR with the demo patients\n');
      session = await startSandboxSession({ demo: true });
      fhirBase = session.fhirBase;
      token = await session.token(scope);
    } else if (flags.clientId) {
      token = await backendTokenFromFlags(flags, fhirBase, scope, configured.clientSecret)?.token();
    }
    const fhir = createFhirClient({ baseUrl: fhirBase, token });
    const patientId = flags.sandbox ? await sandboxPatient(fhir, flags.patient ?? '') : (flags.patient ?? '');
    const opened = session;
    return { fhir, patientId, close: async () => opened?.close() };
  } catch (err) {
    await session?.close();
    throw toCliError(err);
  }
}

/**
 * Runs the command.
 * @param flags - --fhir, --patient, --question, --token or --client-id with --private-key or --client-secret, --json,
 *   --sandbox, --follow-up (repeatable: asked in order after the workup, each on the one before).
 * @param deps - Workup dependencies (see createWorkupDeps), or a function building them.
 * @param io - Where to print (default stdout/stderr) and the configured credentials.
 * @returns The result (also printed).
 */
export async function workupCommand(
  flags: WorkupFlags,
  deps: WorkupDeps | (() => WorkupDeps),
  io: WorkupIo = { stdout: process.stdout, stderr: process.stderr }
): Promise<WorkupResult> {
  checkConnectionFlags(flags, io);
  const resolved = resolveDeps(deps);
  const followUps = checkFollowUpQuestions(flags.followUp ?? []);
  const connection = await connectWorkup(flags, io);
  try {
    const { fhir, patientId } = connection;
    const write = io.stderr ? (t: string) => io.stderr!.write(t) : undefined;
    const result = await runWorkup({
      ...resolved,
      fhir,
      patientId,
      question: flags.question,
      emit: write && progress(write),
    });
    let written: WriteSummary | undefined;
    try {
      written = flags.write ? await writeWorkup(fhir, result) : undefined;
    } finally {
      // The report is printed even when the write failed: the workup itself is done.
      io.stdout?.write(flags.json ? `${JSON.stringify(result, null, 2)}\n` : workupMarkdown(result));
    }
    if (written) (flags.json ? io.stderr : io.stdout)?.write(writeLine(written));
    await askFollowUps(result, followUps, {
      deps: resolved,
      fhir,
      json: flags.json,
      io,
      emit: write && progress(write),
    });
    return result;
  } catch (err) {
    throw toCliError(err);
  } finally {
    await connection.close();
  }
}

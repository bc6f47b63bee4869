// `oncoagent follow-up --from FILE --question Q`: a follow-up question on a workup saved by `oncoagent workup --json`
// (or on a saved follow-up), against the same EHR flags as the workup. The record is read again with this command's
// credentials and must be the saved workup's patient; the answer is printed as Markdown, or JSON with --json.
import { readFile } from 'node:fs/promises';
import { FollowUpResult, WorkupResult } from '../../common/contracts';
import type { WorkupDeps } from '../agent/deps';
import { CliError } from './cli-error';
import { askFollowUps, checkFollowUpQuestions } from './follow-up-run';
import {
  checkConnectionFlags,
  connectWorkup,
  progress,
  resolveDeps,
  toCliError,
  type WorkupFlags,
  type WorkupIo,
} from './workup';

export interface FollowUpFlags extends Omit<WorkupFlags, 'question' | 'followUp' | 'write'> {
  /** A file holding a workup (or follow-up) result as JSON; with several documents, the last one. */
  from?: string;
  /** The follow-up question(s), asked in order. */
  question?: string | string[];
}

/** The JSON documents of a file `oncoagent workup --json` wrote: one, or one per result (workup, then follow-ups). */
function documents(text: string): unknown[] {
  try {
    return [JSON.parse(text)];
  } catch {
    // Several pretty-printed documents: each starts with "{" at the start of a line.
    return text
      .split(/\n(?=\{)/)
      .filter((part) => part.trim())
      .map((part) => JSON.parse(part));
  }
}

/**
 * Reads the saved result a follow-up continues.
 * @param path - The file.
 * @returns The last result in it (a follow-up keeps its parent and ran calls).
 */
export async function readSavedResult(path: string): Promise<WorkupResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new CliError(`--from: cannot read "${path}"`);
  }
  let last: unknown;
  try {
    last = documents(text).at(-1);
  } catch {
    throw new CliError(`--from: "${path}" is not JSON written by \`oncoagent workup --json\``);
  }
  const asFollowUp = FollowUpResult.safeParse(last);
  if (asFollowUp.success) return asFollowUp.data;
  const asWorkup = WorkupResult.safeParse(last);
  if (asWorkup.success) return asWorkup.data;
  const where = asWorkup.error.issues[0]?.path.join('.') || '(top level)';
  throw new CliError(`--from: "${path}" is not a workup result (${where}: ${asWorkup.error.issues[0]?.message})`);
}

/**
 * Runs the command.
 * @param flags - --from, --question (repeatable), --json and the workup's FHIR flags (--patient may be omitted: the
 *   saved workup's patient is used).
 * @param deps - Workup dependencies, or a function building them.
 * @param io - Output and the configured credentials.
 * @returns The follow-up results, in order (also printed).
 */
export async function followUpCommand(
  flags: FollowUpFlags,
  deps: WorkupDeps | (() => WorkupDeps),
  io: WorkupIo = { stdout: process.stdout, stderr: process.stderr }
): Promise<FollowUpResult[]> {
  if (!flags.from) throw new CliError('--from FILE is required (a result written by `oncoagent workup --json`)');
  const asked = flags.question === undefined ? [] : [flags.question].flat();
  if (asked.length === 0) throw new CliError('--question is required');
  const questions = checkFollowUpQuestions(asked);
  const parent = await readSavedResult(flags.from);
  const withPatient: WorkupFlags = { ...flags, question: undefined, patient: flags.patient ?? parent.patient.id };
  checkConnectionFlags(withPatient, io);
  const resolved = resolveDeps(deps);
  const connection = await connectWorkup(withPatient, io);
  try {
    if (connection.patientId !== parent.patient.id) {
      throw new CliError('--from: the saved workup is about another patient than --patient');
    }
    const write = io.stderr ? (t: string) => io.stderr!.write(t) : undefined;
    return await askFollowUps(parent, questions, {
      deps: resolved,
      fhir: connection.fhir,
      json: flags.json,
      io,
      emit: write && progress(write),
    });
  } catch (err) {
    throw toCliError(err);
  } finally {
    await connection.close();
  }
}

// `oncoagent registry run`: a cohort through the pipeline — Group export, one job per patient (workup, synoptic forms,
// write-back plan, `--write` commits), per-type NDJSON, status files and a manifest in --out, resumable. Jobs run in
// this process (`--workers N`) or, with REDIS_URL, on `oncoagent worker` processes. Exit 0: every patient done;
// 1: some failed (dead letters listed) or bad input; 2: the FHIR server or Redis is unreachable.
import { resolve } from 'node:path';
import { OperationOutcomeError } from '@medplum/core';
import { CLI_READ_SCOPE, CLI_WRITE_SCOPE } from '../../common/smart/scopes';
import type { WorkupDeps } from '../agent/deps';
import type { OncoConfig } from '../config';
import { BullMqEngine } from '../registry/bullmq-engine';
import { runRegistry } from '../registry/coordinator';
import type { Engine } from '../registry/engine';
import { errorText, isUnavailable } from '../registry/errors';
import { InProcessEngine } from '../registry/in-process-engine';
import { type JobPart, runJob } from '../registry/job';
import type { RunManifest } from '../registry/merge';
import { throttledProgress } from '../registry/progress';
import { connectRedis } from '../registry/redis';
import { cachedToken, type TokenSource, tokenSourceOf } from '../registry/token-source';
import { demoId } from '../sandbox/demo/portable';
import { CliError, UnavailableError } from './cli-error';
import { type SandboxSession, startSandboxSession } from './sandbox-session';
import { checkBackendFlags } from './workup-auth';

export interface RegistryRunFlags {
  fhir?: string;
  group?: string;
  out?: string;
  token?: string;
  clientId?: string;
  clientSecret?: string;
  privateKey?: string;
  keyId?: string;
  alg?: string;
  scope?: string;
  /** Comma-separated: workup, synoptic (default both). */
  what?: string;
  write?: boolean;
  /** In-process jobs at once (default 1). */
  workers?: string | number;
  json?: boolean;
  /** Run on an in-process sandbox EHR (its demo Group by default). */
  sandbox?: boolean;
}

export interface RegistryIo {
  stdout?: { write(text: string): unknown };
  stderr?: { write(text: string): unknown };
  signal?: AbortSignal;
}

/** The Group `--sandbox` exports when --group is not given: every demo patient. */
export const SANDBOX_GROUP = 'demo-group-all';

const PARTS: readonly JobPart[] = ['workup', 'synoptic'];

/**
 * The parts a `--what` asks for.
 * @param what - e.g. `workup,synoptic`.
 * @returns The parts; throws CliError naming an unknown one.
 */
export function partsOf(what: string | undefined): JobPart[] {
  if (what === undefined) return [...PARTS];
  const parts = what
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = parts.filter((p) => !PARTS.includes(p as JobPart));
  if (bad.length || !parts.length)
    throw new CliError(`--what takes workup and/or synoptic, comma-separated (got "${what}")`);
  return [...new Set(parts)] as JobPart[];
}

/**
 * A whole number flag in [1, max].
 * @param value - The flag.
 * @param name - Its name, for the message.
 * @param max - Upper bound.
 * @returns The number (1 when absent).
 */
export function countOf(value: string | number | undefined, name: string, max = 64): number {
  if (value === undefined) return 1;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw new CliError(`--${name} must be a whole number from 1 to ${max}`);
  return n;
}

function checkCredentials(flags: RegistryRunFlags, secret: string | undefined): void {
  checkBackendFlags(flags, secret);
  if (flags.clientSecret && !flags.clientId) throw new CliError('--client-secret needs --client-id');
}

function toCliError(err: unknown): unknown {
  if (err instanceof CliError) return err;
  if (isUnavailable(err)) return new UnavailableError(errorText(err));
  if (err instanceof OperationOutcomeError) return new CliError(errorText(err));
  return err;
}

function summary(m: RunManifest, dir: string): string {
  const files = m.output.map((o) => `${o.file} (${o.count})`).join(', ') || 'no resources';
  return `Run ${m.runId}: ${m.patients.done}/${m.patients.total} patients done, ${m.patients.failed} failed → ${dir}: ${files}\n`;
}

/**
 * Runs the command.
 * @param flags - See {@link RegistryRunFlags}.
 * @param config - The configuration (REDIS_URL, credentials, model).
 * @param workupDeps - Builds the workup dependencies (answerer, retrieval, model) of the in-process engine.
 * @param io - Where to print, and a signal (SIGINT/SIGTERM in the CLI).
 * @returns The manifest; throws CliError (exit 1) when patients failed, UnavailableError (exit 2) when unreachable.
 */
export async function registryRunCommand(
  flags: RegistryRunFlags,
  config: OncoConfig,
  workupDeps: () => WorkupDeps,
  io: RegistryIo = { stdout: process.stdout, stderr: process.stderr }
): Promise<RunManifest> {
  if (!flags.out) throw new CliError('--out DIR is required (the run folder; the same DIR resumes a run)');
  if (!flags.sandbox && !flags.fhir) throw new CliError('--fhir URL is required (or --sandbox for the demo EHR)');
  if (!flags.sandbox && !flags.group) throw new CliError('--group ID is required');
  if (flags.fhir && !/^https?:\/\/\S+$/i.test(flags.fhir)) throw new CliError(`--fhir must be an http(s) URL`);
  if (flags.sandbox && config.registry.redisUrl) {
    throw new CliError('--sandbox runs its EHR inside this process: unset REDIS_URL (workers could not reach it)');
  }
  const secret = flags.clientSecret ?? config.fhir.clientSecret;
  checkCredentials(flags, secret);
  const what = partsOf(flags.what);
  const workers = countOf(flags.workers, 'workers');
  const scope = flags.scope ?? `${flags.write ? CLI_WRITE_SCOPE : CLI_READ_SCOPE} system/Group.rs`;
  const dir = resolve(flags.out);
  let session: SandboxSession | undefined;
  let engine: Engine | undefined;
  try {
    let fhirBase = flags.fhir ?? '';
    let tokens: TokenSource;
    let groupId = flags.group ?? '';
    if (flags.sandbox) {
      io.stderr?.write('· Starting the sandbox EHR with the demo patients\n');
      session = await startSandboxSession({ demo: true });
      fhirBase = session.fhirBase;
      const s = session;
      tokens = cachedToken(() => s.token(scope));
      groupId = demoId(flags.group ?? SANDBOX_GROUP);
    } else {
      tokens = tokenSourceOf({
        fhirBase,
        token: flags.token ?? config.fhir.token,
        clientId: flags.clientId,
        clientSecret: secret,
        privateKey: flags.privateKey,
        keyId: flags.keyId,
        alg: flags.alg,
        scope,
      });
    }
    if (config.registry.redisUrl) {
      engine = new BullMqEngine({ connection: await connectRedis(config.registry.redisUrl) });
    } else {
      const deps = workupDeps();
      engine = new InProcessEngine((data, signal) => runJob(data, { workup: deps, tokens }, signal), {
        concurrency: workers,
      });
    }
    const manifest = await runRegistry({
      dir,
      fhirBase,
      groupId,
      what,
      write: Boolean(flags.write),
      tokens,
      engine,
      signal: io.signal,
      onProgress: io.stderr && throttledProgress((line) => io.stderr!.write(line)),
      onNote: (text) => io.stderr?.write(`· ${text}\n`),
    });
    io.stdout?.write(flags.json ? `${JSON.stringify(manifest, null, 2)}\n` : summary(manifest, dir));
    if (manifest.deadLetters.length) {
      const list = manifest.deadLetters.map((d) => `  ${d.patientId} (${d.attempts} attempts): ${d.error}`).join('\n');
      throw new CliError(`${manifest.deadLetters.length} patients failed (dead letters):\n${list}`);
    }
    return manifest;
  } catch (err) {
    if (io.signal?.aborted) throw new CliError(`Interrupted; run again with --out ${flags.out} to resume`);
    throw toCliError(err);
  } finally {
    await engine?.close();
    await session?.close();
  }
}

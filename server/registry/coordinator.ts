// A registry run from start to manifest: open (or resume) the run in DIR, get the cohort's records (kick off the Group
// export, poll, spool — or reuse what run.json says is already there), hand every patient not yet done to the engine,
// record each outcome as it arrives, then merge the outputs and write the manifest.
import { join, resolve } from 'node:path';
import type { Engine, JobOutcome } from './engine';
import { deleteExport, kickOff, pollManifest } from './export-client';
import type { JobData, JobPart } from './job';
import { mergeOutputs, type RunManifest } from './merge';
import { RECORD_TYPES } from './record';
import { openRun, type PatientStatus, paths, type RunFile, readStatuses, recordPatient, saveRun } from './run-state';
import { spoolExport } from './spool';
import type { TokenSource } from './token-source';

export interface Progress {
  total: number;
  done: number;
  failed: number;
  /** Done before this invocation (a resumed run). */
  resumed: number;
  elapsedMs: number;
}

export interface RegistryRunOptions {
  dir: string;
  fhirBase: string;
  groupId: string;
  what: JobPart[];
  write: boolean;
  tokens: TokenSource;
  engine: Engine;
  signal?: AbortSignal;
  /** Total wait for the export (default 1 hour). */
  exportWaitMs?: number;
  onProgress?: (p: Progress) => void;
  /** Phase messages for the terminal (no patient data). */
  onNote?: (text: string) => void;
}

async function exportRecords(o: RegistryRunOptions, run: RunFile): Promise<NonNullable<RunFile['records']>> {
  const t0 = performance.now();
  const poll = { tokens: o.tokens, fhirBase: o.fhirBase, signal: o.signal, maxWaitMs: o.exportWaitMs };
  for (let fresh = !run.export; ; fresh = true) {
    if (fresh) {
      o.onNote?.(`Starting the export of Group ${o.groupId}`);
      const statusUrl = await kickOff({ ...poll, groupId: o.groupId, types: [...RECORD_TYPES] });
      run.export = { statusUrl, kickedOffAt: new Date().toISOString() };
      saveRun(o.dir, run);
    }
    const job = run.export!;
    try {
      if (!job.manifest) {
        o.onNote?.('Waiting for the export');
        job.manifest = await pollManifest(job.statusUrl, { ...poll, onProgress: (p) => o.onNote?.(`Export: ${p}`) });
        saveRun(o.dir, run);
      }
      o.onNote?.(`Downloading ${job.manifest.output.length} export files`);
      const spooled = await spoolExport({ ...poll, manifest: job.manifest, dir: paths(o.dir).records });
      await deleteExport(job.statusUrl, poll);
      return { ...spooled, ms: Math.round(performance.now() - t0) };
    } catch (err) {
      // An export from an earlier attempt may have expired on the server: start one new export, once.
      if (fresh || o.signal?.aborted) throw err;
      o.onNote?.('The earlier export is no longer available; starting a new one');
    }
  }
}

/**
 * Runs (or resumes) a registry run.
 * @param o - Folder, source, parts, credentials, engine, signal and callbacks.
 * @returns The manifest; rejects when the export fails or the run is aborted (what is done stays recorded).
 */
export async function runRegistry(o: RegistryRunOptions): Promise<RunManifest> {
  const startedAt = new Date().toISOString();
  const { run, resumed } = openRun(o.dir, { fhirBase: o.fhirBase, groupId: o.groupId, what: o.what, write: o.write });
  if (resumed) o.onNote?.(`Resuming run ${run.runId}`);
  if (!run.records) {
    run.records = await exportRecords(o, run);
    saveRun(o.dir, run);
  }
  const patients = run.records.patients;
  const statuses = readStatuses(o.dir);
  const pending = patients.filter((pid) => statuses.get(pid)?.state !== 'done');
  const records = resolve(paths(o.dir).records);
  const jobs: JobData[] = pending.map((patientId) => ({
    runId: run.runId,
    patientId,
    fhirBase: o.fhirBase,
    what: o.what,
    write: o.write,
    recordFile: join(records, `${patientId}.json`),
  }));
  const progress: Progress = {
    total: patients.length,
    done: patients.length - pending.length,
    failed: 0,
    resumed: patients.length - pending.length,
    elapsedMs: 0,
  };
  o.onNote?.(`${patients.length} patients, ${pending.length} to run (${o.engine.name})`);
  const t0 = performance.now();
  o.onProgress?.(progress);
  const onOutcome = (out: JobOutcome) => {
    const status: PatientStatus = {
      patientId: out.patientId,
      state: out.ok ? 'done' : 'failed',
      attempts: out.attempts,
      ...(out.ok ? {} : { error: out.error }),
      resources: out.ok ? out.result.resources.length : 0,
      ms: out.ok ? out.result.ms : 0,
      finishedAt: new Date().toISOString(),
    };
    recordPatient(o.dir, status, out.ok ? out.result.resources : []);
    statuses.set(out.patientId, status);
    if (out.ok) progress.done++;
    else progress.failed++;
    progress.elapsedMs = performance.now() - t0;
    o.onProgress?.({ ...progress });
  };
  await o.engine.run(jobs, onOutcome, o.signal, !resumed);
  const processed = progress.done - progress.resumed + progress.failed;
  return mergeOutputs({ dir: o.dir, run, patients, statuses, startedAt, jobsMs: performance.now() - t0, processed });
}

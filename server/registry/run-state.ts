// What a registry run keeps in its folder so that a killed run resumes: DIR/run.json (run id, source, the export and
// the patient list), DIR/status/<pid>.json (done or failed, attempts) and DIR/work/out/<pid>.ndjson (the patient's
// resources). Every file is written to a temporary name and renamed, so a kill leaves the old file or the new one.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Resource } from '@medplum/fhirtypes';
import { registryError } from './errors';
import type { ExportManifest } from './export-client';
import type { JobPart } from './job';

export interface RunFile {
  runId: string;
  fhirBase: string;
  groupId: string;
  what: JobPart[];
  write: boolean;
  createdAt: string;
  export?: { statusUrl: string; kickedOffAt: string; manifest?: ExportManifest };
  /** Set once every record is spooled: the cohort in export order. */
  records?: { patients: string[]; counts: Record<string, number>; skipped: number; exportErrors: number; ms: number };
}

export interface PatientStatus {
  patientId: string;
  state: 'done' | 'failed';
  attempts: number;
  /** Why the last attempt failed (no patient data). */
  error?: string;
  resources: number;
  ms: number;
  finishedAt: string;
}

/** The folders of a run. */
export const paths = (dir: string) => ({
  run: join(dir, 'run.json'),
  status: join(dir, 'status'),
  records: join(dir, 'work', 'records'),
  out: join(dir, 'work', 'out'),
  manifest: join(dir, 'manifest.json'),
});

/**
 * Writes a file atomically (temporary name, then rename).
 * @param file - Target path.
 * @param text - Content.
 */
export function writeAtomic(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, text);
  renameSync(tmp, file);
}

export type RunParams = Pick<RunFile, 'fhirBase' | 'groupId' | 'what' | 'write'>;

/**
 * Opens the run in `dir`: the one recorded there (resume), or a new one.
 * @param dir - The output folder.
 * @param params - Server, group, parts, write: a resumed run must have the same server and group.
 * @returns The run file and whether it was resumed; throws `invalid` when DIR holds a run of another group.
 */
export function openRun(dir: string, params: RunParams): { run: RunFile; resumed: boolean } {
  const p = paths(dir);
  for (const d of [dir, p.status, p.records, p.out]) mkdirSync(d, { recursive: true });
  if (existsSync(p.run)) {
    const run = JSON.parse(readFileSync(p.run, 'utf8')) as RunFile;
    if (run.fhirBase !== params.fhirBase || run.groupId !== params.groupId) {
      throw registryError(
        'invalid',
        `${dir} holds a run of group ${run.groupId} at ${run.fhirBase}; use another --out`
      );
    }
    // Parts and write may change between attempts; the resources already produced stay as they are.
    return { run: { ...run, what: params.what, write: params.write }, resumed: true };
  }
  const run: RunFile = { runId: randomBytes(6).toString('hex'), ...params, createdAt: new Date().toISOString() };
  saveRun(dir, run);
  return { run, resumed: false };
}

/** Saves run.json. */
export function saveRun(dir: string, run: RunFile): void {
  writeAtomic(paths(dir).run, `${JSON.stringify(run, null, 2)}\n`);
}

/**
 * The statuses recorded so far.
 * @param dir - The output folder.
 * @returns Status by patient id (unreadable files are ignored: that patient runs again).
 */
export function readStatuses(dir: string): Map<string, PatientStatus> {
  const out = new Map<string, PatientStatus>();
  const folder = paths(dir).status;
  for (const name of existsSync(folder) ? readdirSync(folder) : []) {
    if (!name.endsWith('.json')) continue;
    try {
      const s = JSON.parse(readFileSync(join(folder, name), 'utf8')) as PatientStatus;
      if (s.patientId === name.slice(0, -5)) out.set(s.patientId, s);
    } catch {
      // A torn file cannot exist (atomic writes); anything else unreadable means "not done".
    }
  }
  return out;
}

/**
 * Records a finished patient: first the resources, then the status, so `done` always has its output.
 * @param dir - The output folder.
 * @param status - The status.
 * @param resources - The patient's resources (done only).
 */
export function recordPatient(dir: string, status: PatientStatus, resources: Resource[] = []): void {
  const p = paths(dir);
  if (status.state === 'done') {
    writeAtomic(join(p.out, `${status.patientId}.ndjson`), resources.map((r) => `${JSON.stringify(r)}\n`).join(''));
  }
  writeAtomic(join(p.status, `${status.patientId}.json`), `${JSON.stringify(status)}\n`);
}

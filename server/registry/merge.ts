// The end of a run: merges the per-patient outputs of the patients that are done into one NDJSON file per resource type
// (DIR/Observation.ndjson…), in patient order, each resource once, and writes DIR/manifest.json. Rebuilt from the
// per-patient files every time, so a resumed run never appends twice.
import { closeSync, existsSync, openSync, readdirSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { type PatientStatus, paths, type RunFile, writeAtomic } from './run-state';

export interface RunManifest {
  runId: string;
  source: { fhirBase: string; groupId: string; transactionTime?: string };
  what: RunFile['what'];
  write: boolean;
  patients: { total: number; done: number; failed: number };
  /** Output files by resource type, with their line counts. */
  output: { type: string; file: string; count: number }[];
  deadLetters: { patientId: string; attempts: number; error: string }[];
  /** What the export held: lines by type, lines dropped, error lines, download time. */
  export?: Omit<NonNullable<RunFile['records']>, 'patients'>;
  timings: { startedAt: string; finishedAt: string; exportMs?: number; jobsMs: number; patientsPerHour: number };
  /** Peak resident memory of the coordinator process so far, in MB. */
  peakRssMb: number;
}

export interface MergeInput {
  dir: string;
  run: RunFile;
  patients: string[];
  statuses: ReadonlyMap<string, PatientStatus>;
  startedAt: string;
  jobsMs: number;
  /** Patients finished by this invocation (the rate counts only them). */
  processed: number;
}

const withoutPatients = ({ patients: _p, ...rest }: NonNullable<RunFile['records']>) => rest;

const TYPE_FILE = /^[A-Z][A-Za-z]+\.ndjson$/;

/**
 * Merges and writes the manifest.
 * @param m - Folder, run, cohort order, statuses and timings.
 * @returns The manifest (also written to DIR/manifest.json).
 */
export function mergeOutputs(m: MergeInput): RunManifest {
  const p = paths(m.dir);
  // Files of types this run no longer produces must not survive from an earlier merge.
  for (const name of readdirSync(m.dir)) if (TYPE_FILE.test(name)) rmSync(join(m.dir, name));
  const files = new Map<string, { fd: number; count: number }>();
  const seen = new Set<string>();
  try {
    for (const pid of m.patients) {
      if (m.statuses.get(pid)?.state !== 'done') continue;
      const file = join(p.out, `${pid}.ndjson`);
      if (!existsSync(file)) continue;
      for (const line of readFileSync(file, 'utf8').split('\n')) {
        if (!line) continue;
        const { resourceType, id } = JSON.parse(line) as { resourceType: string; id: string };
        if (!/^[A-Z][A-Za-z]+$/.test(resourceType) || seen.has(`${resourceType}/${id}`)) continue;
        seen.add(`${resourceType}/${id}`);
        let out = files.get(resourceType);
        if (!out) {
          out = { fd: openSync(join(m.dir, `${resourceType}.ndjson.tmp`), 'w'), count: 0 };
          files.set(resourceType, out);
        }
        writeSync(out.fd, `${line}\n`);
        out.count++;
      }
    }
  } finally {
    for (const f of files.values()) closeSync(f.fd);
  }
  for (const type of files.keys()) renameSync(join(m.dir, `${type}.ndjson.tmp`), join(m.dir, `${type}.ndjson`));

  const statuses = m.patients.map((pid) => m.statuses.get(pid));
  const done = statuses.filter((s) => s?.state === 'done').length;
  const deadLetters = statuses
    .filter((s): s is PatientStatus => s?.state === 'failed')
    .map((s) => ({ patientId: s.patientId, attempts: s.attempts, error: s.error ?? 'failed' }));
  const manifest: RunManifest = {
    runId: m.run.runId,
    source: {
      fhirBase: m.run.fhirBase,
      groupId: m.run.groupId,
      ...(m.run.export?.manifest ? { transactionTime: m.run.export.manifest.transactionTime } : {}),
    },
    what: m.run.what,
    write: m.run.write,
    patients: { total: m.patients.length, done, failed: deadLetters.length },
    output: [...files.entries()]
      .map(([type, f]) => ({ type, file: `${type}.ndjson`, count: f.count }))
      .sort((a, b) => a.type.localeCompare(b.type)),
    deadLetters,
    ...(m.run.records ? { export: withoutPatients(m.run.records) } : {}),
    timings: {
      startedAt: m.startedAt,
      finishedAt: new Date().toISOString(),
      ...(m.run.records ? { exportMs: m.run.records.ms } : {}),
      jobsMs: Math.round(m.jobsMs),
      patientsPerHour: m.jobsMs > 0 ? Math.round((m.processed / m.jobsMs) * 3_600_000) : 0,
    },
    peakRssMb: 0,
  };
  manifest.peakRssMb = Math.round(process.resourceUsage().maxRSS / 1024);
  writeAtomic(p.manifest, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

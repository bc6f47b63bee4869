// The registry job code alone, for the registry bench's reference: runs `runJob` over spooled record files in a plain
// loop (no Redis, no coordinator, no FHIR request) and packs each result as a worker does. Two such processes at once
// against one show what this host gives the job code itself: no queue around it can scale better than that.
// The bench starts it as `node --import tsx server/commands/bench-job-loop.ts RECORDS FROM TO`: it warms up, prints
// "ready", waits for a line on stdin (so that two processes start their loops together) and prints its figures as JSON.
import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { loadConfig, type OncoConfig, offlineConfig } from '../config';
import { type JobDeps, runJob } from '../registry/job';
import { packResult } from '../registry/packed-result';
import { staticToken } from '../registry/token-source';
import { registryWorkupDeps } from '../registry/workup-deps';

/** Never contacted: every record is spooled and nothing is written. */
const NO_SERVER = 'http://127.0.0.1:1/fhir';

export interface JobLoopFigures {
  patients: number;
  /** Resources the jobs produced, in all. */
  resources: number;
  wallMs: number;
  /** CPU of this process over the loop, every thread counted. */
  cpuMs: number;
}

/** The spooled records of a registry run folder's `work/records`, in name order. */
export function recordFiles(dir: string): string[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

/** The job dependencies of an offline worker. */
export function offlineJobDeps(config: OncoConfig): JobDeps {
  return { workup: registryWorkupDeps(offlineConfig(config)), tokens: staticToken(undefined) };
}

/**
 * Runs the jobs of some record files one after another, as one worker with concurrency 1 would.
 * @param files - Spooled record files (`<patient id>.json`).
 * @param deps - The job dependencies.
 * @returns Patients, resources, wall and CPU milliseconds; throws on the first failed job.
 */
export async function runJobLoop(files: string[], deps: JobDeps): Promise<JobLoopFigures> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let resources = 0;
  for (const file of files) {
    const patientId = basename(file, '.json');
    const result = await runJob(
      { runId: 'bench', patientId, fhirBase: NO_SERVER, what: ['workup', 'synoptic'], write: false, recordFile: file },
      deps
    );
    // What a worker hands to BullMQ, which stores it as JSON.
    JSON.stringify(packResult(result));
    resources += result.resources.length;
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    patients: files.length,
    resources,
    wallMs: Math.round(performance.now() - t0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
  };
}

/** RECORDS FROM TO: the folder and the range of its record files, checked. */
export function loopArgs(args: string[]): { dir: string; from: number; to: number } {
  const [dir, from, to] = args;
  const a = Number(from);
  const b = Number(to);
  if (!dir || !Number.isInteger(a) || !Number.isInteger(b) || a < 0 || b <= a)
    throw new Error('usage: bench-job-loop RECORDS FROM TO (0 ≤ FROM < TO)');
  return { dir, from: a, to: b };
}

async function main(): Promise<void> {
  const { dir, from, to } = loopArgs(process.argv.slice(2));
  const files = recordFiles(dir);
  if (to > files.length) throw new Error(`${dir} holds ${files.length} records, fewer than ${to}`);
  const deps = offlineJobDeps(loadConfig());
  // The same warm-up as the bench's workers: the last six patients (module loading, first workup, caches).
  await runJobLoop(files.slice(-6), deps);
  process.stdout.write('ready\n');
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((go) => lines.once('line', () => go()));
  lines.close();
  process.stdout.write(`${JSON.stringify(await runJobLoop(files.slice(from, to), deps))}\n`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (err: Error) => {
      process.stderr.write(`bench-job-loop: ${err.message}\n`);
      process.exit(1);
    }
  );
}

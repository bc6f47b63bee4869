// Turns an export's NDJSON files into one record file per patient on disk (DIR/work/records/<pid>.json, a collection
// Bundle), streaming line by line: memory holds the patient list and one line at a time, whatever the cohort size.
import { appendFileSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { registryError } from './errors';
import { bulkFetch, type ExportManifest } from './export-client';
import { isFhirId, patientOf, readLines } from './ndjson';
import type { TokenSource } from './token-source';

/** Resources not about one patient (an ImagingStudy's Endpoint…), kept once for every record. */
export const SHARED_FILE = '_shared.ndjson';

export interface SpoolOptions {
  manifest: ExportManifest;
  /** DIR/work/records: emptied first. */
  dir: string;
  fhirBase: string;
  tokens: TokenSource;
  signal?: AbortSignal;
  /** Called after each file with the lines read so far. */
  onFile?: (type: string, lines: number) => void;
}

export interface SpoolResult {
  /** Patient ids in the order of the export's Patient files. */
  patients: string[];
  /** Lines read, by resource type. */
  counts: Record<string, number>;
  /** Lines that were not JSON resources, or about no known patient (dropped). */
  skipped: number;
  /** OperationOutcome lines in the manifest's error files. */
  exportErrors: number;
}

/** Lines of one export file, with the token only when the manifest requires it (and only to the FHIR origin). */
async function* fileLines(url: string, o: SpoolOptions): AsyncGenerator<string> {
  const res = await bulkFetch(
    url,
    {
      headers: { accept: 'application/fhir+ndjson' },
      auth: o.manifest.requiresAccessToken,
      fhirBase: o.fhirBase,
      tokens: o.tokens,
      idempotent: true,
    },
    o.signal,
    600_000
  );
  if (!res.ok || !res.body) {
    await res.body?.cancel();
    const code = res.status >= 500 ? 'transient' : res.status === 401 || res.status === 403 ? 'forbidden' : 'exception';
    throw registryError(code, `An export file could not be downloaded (status ${res.status})`);
  }
  yield* readLines(res.body);
}

const parse = (line: string): Resource | undefined => {
  try {
    const value = JSON.parse(line) as Resource;
    return value && typeof value.resourceType === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
};

/**
 * Downloads every output file of the manifest into per-patient spool files, then writes each record Bundle.
 * @param o - The manifest, target folder, credentials and signal.
 * @returns The patients (export order) and counts.
 */
export async function spoolExport(o: SpoolOptions): Promise<SpoolResult> {
  rmSync(o.dir, { recursive: true, force: true });
  sharedCache.delete(resolve(o.dir));
  mkdirSync(o.dir, { recursive: true });
  const patients: string[] = [];
  const known = new Set<string>();
  const counts: Record<string, number> = {};
  let skipped = 0;
  // Patients first, so every other resource can be checked against the cohort.
  const files = [...o.manifest.output].sort((a, b) => Number(b.type === 'Patient') - Number(a.type === 'Patient'));
  for (const file of files) {
    const url = new URL(file.url, `${o.fhirBase.replace(/\/+$/, '')}/`).toString();
    for await (const line of fileLines(url, o)) {
      const resource = parse(line);
      const pid = resource && patientOf(resource);
      if (resource?.resourceType === 'Patient' && pid && !known.has(pid)) {
        known.add(pid);
        patients.push(pid);
      }
      counts[resource?.resourceType ?? 'invalid'] = (counts[resource?.resourceType ?? 'invalid'] ?? 0) + 1;
      if (!resource || !isFhirId(resource.id)) skipped++;
      else if (pid && known.has(pid)) appendFileSync(join(o.dir, `${pid}.ndjson`), `${line}\n`);
      else if (!pid && resource.resourceType !== 'Patient') appendFileSync(join(o.dir, SHARED_FILE), `${line}\n`);
      else skipped++;
    }
    o.onFile?.(file.type, counts[file.type] ?? 0);
  }
  let exportErrors = 0;
  for (const file of o.manifest.error) {
    for await (const _ of fileLines(new URL(file.url, `${o.fhirBase.replace(/\/+$/, '')}/`).toString(), o))
      exportErrors++;
  }
  for (const pid of patients) finishRecord(o.dir, pid);
  return { patients, counts, skipped, exportErrors };
}

/** Spool lines → `<pid>.json` collection Bundle (each resource once), written atomically. */
function finishRecord(dir: string, pid: string): void {
  const spool = join(dir, `${pid}.ndjson`);
  const seen = new Set<string>();
  const entry: { resource: Resource }[] = [];
  for (const line of readFileSync(spool, 'utf8').split('\n')) {
    const r = line && parse(line);
    if (!r || seen.has(`${r.resourceType}/${r.id}`)) continue;
    seen.add(`${r.resourceType}/${r.id}`);
    entry.push({ resource: r });
  }
  const bundle: Bundle = { resourceType: 'Bundle', type: 'collection', entry };
  writeFileSync(join(dir, `${pid}.json.tmp`), JSON.stringify(bundle));
  renameSync(join(dir, `${pid}.json.tmp`), join(dir, `${pid}.json`));
  rmSync(spool);
}

const sharedCache = new Map<string, Map<string, Resource>>();

/**
 * The resources every record may refer to (the shared file), by `Type/id`; read once per folder and process.
 * @param dir - DIR/work/records.
 * @returns The map (empty when there is no shared file).
 */
export function sharedResources(dir: string): ReadonlyMap<string, Resource> {
  let out = sharedCache.get(resolve(dir));
  if (out) return out;
  out = new Map<string, Resource>();
  sharedCache.set(resolve(dir), out);
  if (!existsSync(join(dir, SHARED_FILE))) return out;
  for (const line of readFileSync(join(dir, SHARED_FILE), 'utf8').split('\n')) {
    const r = line && parse(line);
    if (r) out.set(`${r.resourceType}/${r.id}`, r);
  }
  return out;
}

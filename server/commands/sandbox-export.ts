// `oncoagent sandbox export --out DIR`: writes each demo patient as a transaction Bundle of POSTs with urn:uuid
// references, the portable form any FHIR R4 server loads (Medplum, HAPI, the sandbox in either mode), so an integrator
// can try OncoAgent on their own server with the same patients.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Bundle, BundleEntry, Patient, Resource } from '@medplum/fhirtypes';
import { rewriteReferences } from '../../common/fhir/references';
import { demoData } from '../sandbox/demo';
import { CliError } from './cli-error';

export interface SandboxExportFlags {
  out?: string;
  /** DICOMweb base the exported ImagingStudy endpoints point at (the demo images are served by a running sandbox). */
  dicomweb?: string;
}

/**
 * One demo Bundle in portable form: POST entries (the server assigns ids), references between them as urn:uuid.
 * @param bundle - A demo Bundle (PUT entries with UUID ids).
 * @returns A transaction Bundle that any R4 server accepts.
 */
export function portableBundle(bundle: Bundle): Bundle {
  const ids = new Map<string, string>();
  for (const e of bundle.entry ?? []) {
    const r = e.resource as Resource;
    if (r?.id) ids.set(`${r.resourceType}/${r.id}`, `urn:uuid:${r.id}`);
  }
  const entry: BundleEntry[] = (bundle.entry ?? []).map((e) => {
    const { id, meta, ...rest } = e.resource as Resource;
    const resource = rewriteReferences(
      { ...rest, ...(meta?.profile ? { meta: { profile: meta.profile } } : {}) },
      ids
    ) as Resource;
    return { fullUrl: `urn:uuid:${id}`, resource, request: { method: 'POST', url: resource.resourceType } };
  });
  return { resourceType: 'Bundle', type: 'transaction', entry };
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Writes the files and prints what it wrote.
 * @param flags - `--out DIR` (required), `--dicomweb URL`.
 * @param io - Where to print.
 * @returns The files written.
 */
export function sandboxExportCommand(
  flags: SandboxExportFlags,
  io: { stdout: { write(text: string): unknown } } = { stdout: process.stdout }
): string[] {
  if (!flags.out) throw new CliError('--out DIR is required');
  let dicomWebBase = 'http://localhost:8080/sandbox/dicomweb';
  if (flags.dicomweb) {
    try {
      dicomWebBase = new URL(flags.dicomweb).toString().replace(/\/$/, '');
    } catch {
      throw new CliError(`--dicomweb must be a URL, got "${flags.dicomweb}"`);
    }
  }
  const dir = resolve(flags.out);
  mkdirSync(dir, { recursive: true });
  const files: string[] = [];
  // The demo Groups (demoData().groups) are not written: POST gives the patients new ids on the target server, and a
  // Group can only name them once they exist there; create cohorts on that server after loading these files.
  demoData({ dicomWebBase }).bundles.forEach((bundle, i) => {
    const patient = bundle.entry?.find((e) => e.resource?.resourceType === 'Patient')?.resource as Patient;
    const name = [patient?.name?.[0]?.given?.[0], patient?.name?.[0]?.family].filter(Boolean).join(' ');
    const file = join(dir, `${String(i + 1).padStart(2, '0')}-${slug(name) || 'patient'}.json`);
    writeFileSync(file, `${JSON.stringify(portableBundle(bundle), null, 2)}\n`);
    files.push(file);
  });
  io.stdout.write(
    `Wrote ${files.length} transaction Bundles (POST entries, urn:uuid references) to ${flags.out}\n` +
      `Load each into a FHIR R4 server, e.g.: curl -X POST -H 'content-type: application/fhir+json' ` +
      `-H "authorization: Bearer $TOKEN" --data @FILE <FHIR base>\n` +
      `ImagingStudy endpoints point at ${dicomWebBase} (the sandbox serves the demo CT images there).\n`
  );
  return files;
}

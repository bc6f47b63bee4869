// Loads transaction Bundles into the sandbox: the built-in demo patients and any `*.json` Bundle in --seed dirs.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { OPEN_ACCESS } from './fhir/access';
import type { FhirService } from './fhir/fhir-service';

const outcomeText = (outcome: OperationOutcome | undefined): string =>
  (outcome?.issue ?? []).map((i) => i.details?.text ?? i.diagnostics ?? i.code).join('; ');

/**
 * Commits one Bundle (batch or transaction) with full access, no entry limit, and transactions atomic whatever server
 * is emulated (seeds are local files standing for data the server already holds). A Bundle refused as a whole, or
 * any refused entry of a batch (which answers 200 with per-entry statuses), fails the load with the entry's position
 * and message.
 * @param service - The sandbox FHIR service.
 * @param bundle - The Bundle.
 * @param base - The FHIR base URL.
 * @param label - Named in the error message.
 */
export async function loadBundle(service: FhirService, bundle: Bundle, base: string, label: string): Promise<void> {
  const result = await service.handle(
    { method: 'POST', path: '', params: new URLSearchParams(), body: bundle },
    OPEN_ACCESS,
    base,
    { seeding: true }
  );
  if (result.status >= 400) {
    const text = outcomeText(result.body as OperationOutcome | undefined);
    throw new Error(`${label}: the FHIR server refused the Bundle (${result.status}): ${text}`);
  }
  const refused = ((result.body as Bundle | undefined)?.entry ?? [])
    .map((entry, index) => ({ index, status: Number.parseInt(entry.response?.status ?? '200', 10), entry }))
    .filter(({ status }) => !(status < 400));
  if (refused.length > 0) {
    const { index, status, entry } = refused[0] as (typeof refused)[number];
    const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
    const text = outcomeText(entry.response?.outcome as OperationOutcome | undefined);
    throw new Error(`${label}: Bundle.entry[${index}] was refused (${status}): ${text}${more}`);
  }
}

/**
 * Loads every `*.json` transaction/batch Bundle of a directory (sorted by name).
 * @param service - The sandbox FHIR service.
 * @param dir - The directory.
 * @param base - The FHIR base URL.
 * @returns The files loaded.
 */
export async function loadSeedDir(service: FhirService, dir: string, base: string): Promise<string[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  for (const file of files) {
    let bundle: Bundle;
    try {
      bundle = JSON.parse(await readFile(join(dir, file), 'utf8')) as Bundle;
    } catch (err) {
      throw new Error(`${join(dir, file)}: not valid JSON (${(err as Error).message})`);
    }
    await loadBundle(service, bundle, base, join(dir, file));
  }
  return files;
}

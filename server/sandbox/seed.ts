// Loads transaction Bundles into the sandbox: the built-in demo patients and any `*.json` Bundle in --seed dirs.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Bundle, OperationOutcome } from '@medplum/fhirtypes';
import { OPEN_ACCESS } from './fhir/access';
import type { FhirService } from './fhir/fhir-service';

/**
 * Commits one Bundle (batch or transaction) with full access.
 * @param service - The sandbox FHIR service.
 * @param bundle - The Bundle.
 * @param base - The FHIR base URL.
 * @param label - Named in the error message.
 */
export async function loadBundle(service: FhirService, bundle: Bundle, base: string, label: string): Promise<void> {
  const result = await service.handle(
    { method: 'POST', path: '', params: new URLSearchParams(), body: bundle },
    OPEN_ACCESS,
    base
  );
  if (result.status >= 400) {
    const text = (result.body as OperationOutcome | undefined)?.issue?.map((i) => i.details?.text).join('; ');
    throw new Error(`${label}: the FHIR server refused the Bundle (${result.status}): ${text}`);
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

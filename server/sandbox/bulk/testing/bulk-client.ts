// A minimal Bulk Data client for the sandbox's integration tests: kick-off, poll to the end, download NDJSON.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Resource } from '@medplum/fhirtypes';
import type { BulkManifest } from '..';

/** The kick-off headers the IG asks clients to send. */
export const KICKOFF_HEADERS = { Accept: 'application/fhir+json', Prefer: 'respond-async' };

const auth = (token: string | undefined): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {});

/**
 * Sends a kick-off request.
 * @param fhirBase - The sandbox FHIR base.
 * @param path - e.g. `Group/<id>/$export?_type=Patient`.
 * @param token - The bearer token.
 * @param headers - Headers replacing the defaults.
 * @returns The raw response.
 */
export function kickOff(
  fhirBase: string,
  path: string,
  token: string | undefined,
  headers: Record<string, string> = KICKOFF_HEADERS
): Promise<Response> {
  return fetch(`${fhirBase}/${path}`, { headers: { ...headers, ...auth(token) } });
}

/**
 * Polls a status URL until it stops answering 202 (a short pause between polls; the test's timeout bounds it).
 * @param statusUrl - The kick-off's Content-Location.
 * @param token - The bearer token.
 * @returns The final response.
 */
export async function pollToEnd(statusUrl: string, token: string | undefined): Promise<Response> {
  for (;;) {
    const res = await fetch(statusUrl, { headers: { Accept: 'application/json', ...auth(token) } });
    if (res.status !== 202) return res;
    await res.body?.cancel();
    await sleep(20);
  }
}

/**
 * Kicks off an export and returns its manifest (throws unless kick-off answers 202 and the status 200).
 * @param fhirBase - The sandbox FHIR base.
 * @param path - The kick-off path and query.
 * @param token - The bearer token.
 * @returns The manifest and the status URL.
 */
export async function exportManifest(
  fhirBase: string,
  path: string,
  token: string | undefined
): Promise<{ manifest: BulkManifest; statusUrl: string }> {
  const started = await kickOff(fhirBase, path, token);
  if (started.status !== 202) throw new Error(`kick-off answered ${started.status}: ${await started.text()}`);
  const statusUrl = started.headers.get('content-location') ?? '';
  const done = await pollToEnd(statusUrl, token);
  if (done.status !== 200) throw new Error(`status answered ${done.status}: ${await done.text()}`);
  return { manifest: (await done.json()) as BulkManifest, statusUrl };
}

/**
 * Downloads one output file and parses its lines.
 * @param url - The file URL from the manifest.
 * @param token - The bearer token.
 * @returns The HTTP status, content type and resources.
 */
export async function download(
  url: string,
  token: string | undefined
): Promise<{ status: number; type: string | null; resources: Resource[] }> {
  const res = await fetch(url, { headers: { Accept: 'application/fhir+ndjson', ...auth(token) } });
  const text = await res.text();
  const resources =
    res.status === 200
      ? text
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as Resource)
      : [];
  return { status: res.status, type: res.headers.get('content-type'), resources };
}

/**
 * Every resource of a manifest's output, by type (downloads each file once).
 * @param manifest - A complete manifest.
 * @param token - The bearer token.
 * @returns Type → resources.
 */
export async function downloadAll(manifest: BulkManifest, token: string): Promise<Map<string, Resource[]>> {
  const byType = new Map<string, Resource[]>();
  for (const item of manifest.output) {
    const { resources } = await download(item.url, token);
    byType.set(item.type, [...(byType.get(item.type) ?? []), ...resources]);
  }
  return byType;
}

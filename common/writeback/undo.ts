// Takes back what a failed commit wrote, so the chart never holds half a sign-off (results without their Provenance,
// or a report without its results): delete each resource this commit created; where the server refuses deletes,
// withdraw it (status entered-in-error, "should never have existed"); what neither works for is reported by name.
import type { Resource } from '@medplum/fhirtypes';
import { type FhirTransport, outcomeText } from '../fhir/transport';
import type { EntryOutcome } from './write';

/** Types whose status can say "entered-in-error". */
const WITHDRAWABLE = new Set(['Observation', 'DiagnosticReport', 'QuestionnaireResponse', 'Device']);

export interface UndoResult {
  /** Deleted again. */
  removed: EntryOutcome[];
  /** Kept by the server but marked entered-in-error. */
  withdrawn: EntryOutcome[];
  /** Still in the chart as written, with the reason the undo failed. */
  left: (EntryOutcome & { reason: string })[];
}

const etagOf = (r: Resource | undefined, etag: string | undefined): string | undefined =>
  etag ?? (r?.meta?.versionId ? `W/"${r.meta.versionId}"` : undefined);

async function withdraw(transport: FhirTransport, o: EntryOutcome, signal?: AbortSignal): Promise<string | undefined> {
  if (!WITHDRAWABLE.has(o.resourceType) || !o.location) return `${o.resourceType} cannot be marked entered-in-error`;
  let current = o.resource;
  let etag: string | undefined;
  if (!current?.id) {
    const read = await transport({ method: 'GET', path: o.location, idempotent: true }, signal);
    if (read.status !== 200 || !read.body) return outcomeText(read.body) || `reading it failed (${read.status})`;
    current = read.body;
    etag = read.etag;
  }
  const body = { ...current, status: 'entered-in-error' } as Resource;
  const put = await transport({ method: 'PUT', path: o.location, body, ifMatch: etagOf(current, etag) }, signal);
  return put.status >= 200 && put.status < 300 ? undefined : outcomeText(put.body) || `status ${put.status}`;
}

/**
 * Undoes the given writes, last written first.
 * @param transport - The FHIR transport with the writer's token.
 * @param written - Entries this commit created (not those a conditional create found).
 * @param signal - Cancellation.
 * @returns What was removed, withdrawn, or left in the chart.
 */
export async function undoWrites(
  transport: FhirTransport,
  written: EntryOutcome[],
  signal?: AbortSignal
): Promise<UndoResult> {
  const out: UndoResult = { removed: [], withdrawn: [], left: [] };
  for (const o of [...written].reverse()) {
    if (!o.location) continue;
    try {
      const del = await transport({ method: 'DELETE', path: o.location, idempotent: true }, signal);
      if ((del.status >= 200 && del.status < 300) || del.status === 404 || del.status === 410) {
        out.removed.push(o);
        continue;
      }
      const why = await withdraw(transport, o, signal);
      if (why === undefined) out.withdrawn.push(o);
      else out.left.push({ ...o, reason: `delete refused (${outcomeText(del.body) || del.status}); ${why}` });
    } catch (err) {
      out.left.push({ ...o, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

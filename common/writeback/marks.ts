// The changes a signed commit makes to what the chart already holds: results written earlier as preliminary (e.g. by
// the CLI) become the signed version, and earlier results that a signed result replaces get the `superseded` tag.
// Each is a versioned update (If-Match), so a change made meanwhile by someone else is never overwritten.
import type { Resource } from '@medplum/fhirtypes';
import { type FhirTransport, outcomeText } from '../fhir/transport';
import { SUPERSEDED_TAG } from './systems';

export interface MarkResult {
  /** `Type/id` updated. */
  location: string;
  ok: boolean;
  /** Why it failed. */
  text?: string;
}

const locationOf = (r: Resource): string => `${r.resourceType}/${r.id}`;
const etagOf = (r: Resource): string | undefined => (r.meta?.versionId ? `W/"${r.meta.versionId}"` : undefined);

async function update(
  transport: FhirTransport,
  current: Resource,
  change: (r: Resource) => Resource,
  signal?: AbortSignal
): Promise<MarkResult> {
  const location = locationOf(current);
  let base = current;
  for (let attempt = 0; attempt < 2; attempt++) {
    const answer = await transport(
      { method: 'PUT', path: location, body: change(base), ifMatch: etagOf(base) },
      signal
    );
    if (answer.status >= 200 && answer.status < 300) return { location, ok: true };
    if (answer.status !== 409 && answer.status !== 412) {
      return { location, ok: false, text: outcomeText(answer.body) || `status ${answer.status}` };
    }
    const fresh = await transport({ method: 'GET', path: location, idempotent: true }, signal);
    if (fresh.status !== 200 || !fresh.body) break;
    base = fresh.body;
  }
  return { location, ok: false, text: 'it was changed by someone else at the same time' };
}

/**
 * Marks an earlier result as superseded (its content and status stay as they were; the new result names it).
 * @param transport - The FHIR transport.
 * @param earlier - The earlier result as read from the chart (with meta.versionId).
 * @param signal - Cancellation.
 * @returns Whether the tag was written.
 */
export function markSuperseded(transport: FhirTransport, earlier: Resource, signal?: AbortSignal): Promise<MarkResult> {
  return update(
    transport,
    earlier,
    (r) => {
      const tags = (r.meta?.tag ?? []).filter(
        (t) => !(t.system === SUPERSEDED_TAG.system && t.code === SUPERSEDED_TAG.code)
      );
      return { ...r, meta: { ...r.meta, tag: [...tags, { ...SUPERSEDED_TAG }] } };
    },
    signal
  );
}

/**
 * Replaces a preliminary copy of a result with the signed version from the plan (same content, final status, the
 * signer named), keeping the chart's id.
 * @param transport - The FHIR transport.
 * @param current - The preliminary resource in the chart.
 * @param signed - The plan's signed resource, its plan-internal references already pointed at chart ids.
 * @param signal - Cancellation.
 * @returns Whether the update was written.
 */
export function signOff(
  transport: FhirTransport,
  current: Resource,
  signed: Resource,
  signal?: AbortSignal
): Promise<MarkResult> {
  return update(
    transport,
    current,
    (r) => ({ ...signed, id: r.id, meta: { ...signed.meta, versionId: r.meta?.versionId } }) as Resource,
    signal
  );
}

/** Whether a chart resource is an unsigned machine result that a signed commit should finalise. */
export function awaitsSignature(r: Resource): boolean {
  const status = (r as { status?: string }).status;
  return status === 'preliminary' || status === 'in-progress' || status === 'registered';
}

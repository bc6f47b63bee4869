// Before signing: what the chart already holds of a plan, so the review screen can say "already in the chart" or
// "replaces an earlier result" next to each item instead of letting the clinician sign the same findings twice.
import type { Bundle } from '@medplum/fhirtypes';
import { type FhirTransport, NoAnswerError, outcomeText } from '../fhir/transport';
import { lookupBundle, plannedEntries, readLookup } from './lookup';

/** Per plan entry (by fullUrl): what the chart holds. */
export type ChartState =
  | { kind: 'new' }
  | { kind: 'in-chart'; location: string; status?: string }
  | { kind: 'replaces'; locations: string[] };

export type ChartPreview = { ok: true; states: Map<string, ChartState> } | { ok: false; message: string };

/**
 * Reads the chart for a plan (one batch of searches).
 * @param transport - The session's FHIR transport.
 * @param plan - The plan under review.
 * @param signal - Cancellation.
 * @returns fullUrl → state, or why the chart could not be read.
 */
export async function previewChart(
  transport: FhirTransport,
  plan: Bundle,
  signal?: AbortSignal
): Promise<ChartPreview> {
  const entries = plannedEntries(plan);
  let answer: Awaited<ReturnType<FhirTransport>>;
  try {
    answer = await transport({ method: 'POST', path: '', body: lookupBundle(entries), idempotent: true }, signal);
  } catch (err) {
    return { ok: false, message: err instanceof NoAnswerError ? err.message : 'The EHR could not be reached' };
  }
  if (answer.status < 200 || answer.status >= 300 || answer.body?.resourceType !== 'Bundle') {
    return { ok: false, message: outcomeText(answer.body) || `The EHR answered ${answer.status}` };
  }
  const { states, failed } = readLookup(entries, answer.body);
  if (failed.length) return { ok: false, message: failed[0]!.text };
  const out = new Map<string, ChartState>();
  entries.forEach((e, i) => {
    const s = states[i]!;
    if (s.existing) {
      const status = (s.existing as { status?: string }).status;
      out.set(e.fullUrl, {
        kind: 'in-chart',
        location: `${e.resourceType}/${s.existing.id}`,
        ...(status ? { status } : {}),
      });
    } else if (s.earlier.length) {
      out.set(e.fullUrl, { kind: 'replaces', locations: s.earlier.map((r) => `${r.resourceType}/${r.id}`) });
    } else out.set(e.fullUrl, { kind: 'new' });
  });
  return { ok: true, states: out };
}

// What the chart already holds for each entry of a plan, in one batch of searches: the same finding (same content
// identity, still standing: nothing to write; withdrawn or superseded: written again), and earlier findings in the
// same slot with another value (a signed commit supersedes them). Pure functions over Bundles, so the app, the API and the CLI read the chart the same way.
import type { Bundle, BundleEntry, Coding, Identifier, Resource } from '@medplum/fhirtypes';
import { FINDING_SYSTEM, SLOT_SYSTEM, SUPERSEDED_TAG } from './systems';

/** One entry of the plan with what the commit needs to know about it. */
export interface PlannedEntry {
  index: number;
  fullUrl: string;
  resourceType: string;
  resource: Resource;
  /** The conditional-create query (content identity). */
  ifNoneExist: string;
  /** The content identity value, when the resource carries one. */
  content?: string;
  /** The slot identity value, when the resource carries one. */
  slot?: string;
}

/** What the chart holds for one entry. */
export interface EntryState {
  /** The standing resource with the same content (the oldest when there are several). */
  existing?: Resource;
  /** How many standing resources share that content (more than one: an earlier duplicate). */
  matches: number;
  /**
   * Resources with the same content that were withdrawn (discarded, cancelled) or superseded: they do not count as
   * present, so the finding is written again — a clinician who discarded a result and re-runs the workup gets it back.
   */
  retired: Resource[];
  /** Same slot, other content, not yet superseded or withdrawn: what a signed commit of this entry replaces. */
  earlier: Resource[];
}

export interface LookupFailure {
  fullUrl: string;
  resourceType: string;
  status: number;
  text: string;
}

const tags = (r: Resource): Coding[] => r.meta?.tag ?? [];
const identifiersOf = (r: Resource): Identifier[] => {
  const value = (r as { identifier?: Identifier | Identifier[] }).identifier;
  return Array.isArray(value) ? value : value ? [value] : [];
};

/** The content identity a resource carries (identifier, or tag for types without identifiers). */
export function contentOf(r: Resource): string | undefined {
  return (
    identifiersOf(r).find((i) => i.system === FINDING_SYSTEM)?.value ??
    tags(r).find((t) => t.system === FINDING_SYSTEM)?.code
  );
}

/** The slot identity a resource carries. */
export const slotOf = (r: Resource): string | undefined => tags(r).find((t) => t.system === SLOT_SYSTEM)?.code;

/** Whether a resource is already marked superseded or withdrawn. */
export function isRetired(r: Resource): boolean {
  const status = (r as { status?: string }).status;
  return (
    status === 'entered-in-error' ||
    status === 'cancelled' ||
    tags(r).some((t) => t.system === SUPERSEDED_TAG.system && t.code === SUPERSEDED_TAG.code)
  );
}

/**
 * The plan's entries in the shape the commit works with.
 * @param plan - A validated plan (conditional creates).
 * @returns One PlannedEntry per entry.
 */
export function plannedEntries(plan: Bundle): PlannedEntry[] {
  return (plan.entry ?? []).map((e: BundleEntry, index) => {
    const resource = e.resource as Resource;
    return {
      index,
      fullUrl: e.fullUrl ?? '',
      resourceType: resource.resourceType,
      resource,
      ifNoneExist: e.request?.ifNoneExist ?? '',
      content: contentOf(resource),
      slot: slotOf(resource),
    };
  });
}

const slotQuery = (slot: string): string => `_tag=${SLOT_SYSTEM}|${encodeURIComponent(slot)}`;

/**
 * The batch of searches: per entry its content query, then (when it has a slot) its slot query.
 * @param entries - The plan's entries.
 * @returns A batch Bundle of GETs.
 */
export function lookupBundle(entries: PlannedEntry[]): Bundle {
  const entry = entries.flatMap((e) => [
    { request: { method: 'GET' as const, url: `${e.resourceType}?${e.ifNoneExist}&_count=20` } },
    ...(e.slot
      ? [{ request: { method: 'GET' as const, url: `${e.resourceType}?${slotQuery(e.slot)}&_count=50` } }]
      : []),
  ]);
  return { resourceType: 'Bundle', type: 'batch', entry };
}

/** The HTTP status of a batch/transaction response entry (`"201 Created"` → 201; 0 when missing). */
export const statusOf = (entry: BundleEntry | undefined): number =>
  Number.parseInt((entry?.response?.status ?? '0').trim().split(/\s/)[0] ?? '0', 10) || 0;

const lastUpdated = (r: Resource): string => r.meta?.lastUpdated ?? '';

function matchesOf(entry: BundleEntry | undefined): Resource[] {
  const bundle = entry?.resource as Bundle | undefined;
  return (bundle?.entry ?? [])
    .filter((m) => m.search?.mode !== 'include' && m.search?.mode !== 'outcome' && m.resource)
    .map((m) => m.resource as Resource)
    .sort((a, b) => lastUpdated(a).localeCompare(lastUpdated(b)));
}

function failure(e: PlannedEntry, answer: BundleEntry | undefined): LookupFailure {
  const status = statusOf(answer);
  const text =
    answer?.response?.outcome?.issue?.map((i) => i.details?.text ?? i.diagnostics).find(Boolean) ??
    (status ? `status ${status}` : 'no answer for this search');
  return { fullUrl: e.fullUrl, resourceType: e.resourceType, status, text };
}

/**
 * Reads the batch-response of {@link lookupBundle}; every answer's status is checked.
 * @param entries - The plan's entries (same order as the lookup).
 * @param response - The server's batch-response.
 * @returns Per entry what the chart holds, and the searches the server refused.
 */
export function readLookup(
  entries: PlannedEntry[],
  response: Bundle
): { states: EntryState[]; failed: LookupFailure[] } {
  const answers = response.entry ?? [];
  const failed: LookupFailure[] = [];
  let i = 0;
  const states = entries.map((e): EntryState => {
    const contentAnswer = answers[i++];
    const slotAnswer = e.slot ? answers[i++] : undefined;
    for (const answer of e.slot ? [contentAnswer, slotAnswer] : [contentAnswer]) {
      const status = statusOf(answer);
      if (status < 200 || status >= 300) failed.push(failure(e, answer));
    }
    const same = matchesOf(contentAnswer).filter((r) => r.resourceType === e.resourceType);
    const standing = same.filter((r) => !isRetired(r));
    const earlier = matchesOf(slotAnswer).filter(
      (r) => r.resourceType === e.resourceType && contentOf(r) !== e.content && !isRetired(r)
    );
    return { existing: standing[0], matches: standing.length, retired: same.filter(isRetired), earlier };
  });
  if (answers.length < i && failed.length === 0) {
    failed.push({ fullUrl: '', resourceType: 'Bundle', status: 0, text: 'the EHR answered fewer searches than asked' });
  }
  return { states, failed };
}

/**
 * The conditional-create query for an entry whose finding the chart holds only as withdrawn or superseded copies:
 * the content query limited to resources changed after the newest of them, so the create is not answered with a
 * retired copy, and two commits running at once still write it once. Every FHIR server supports `_lastUpdated`.
 * @param e - The entry.
 * @param retired - Its retired copies (from {@link readLookup}).
 * @returns The query; unchanged when there are no retired copies; empty (a plain create) when the server gave them
 *   no `meta.lastUpdated`.
 */
export function ifNoneExistAfter(e: PlannedEntry, retired: Resource[]): string {
  if (!retired.length) return e.ifNoneExist;
  const times = retired.map(lastUpdated);
  if (times.some((t) => !t)) return '';
  return `${e.ifNoneExist}&_lastUpdated=gt${encodeURIComponent(times.sort().at(-1)!)}`;
}

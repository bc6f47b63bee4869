// The two halves of an idempotent commit, as pure functions a browser can run too (type imports only): a batch that
// looks up each entry's conditional-create query, and the transaction of plain creates for what was not found.
// Medplum-based servers (the sandbox included) refuse transactions with more than 8 conditional creates.
import type { Bundle, BundleEntry, Resource } from '@medplum/fhirtypes';

/**
 * A batch of searches, one per plan entry, for the resource its conditional create would match.
 * @param plan - The plan (entries POST with ifNoneExist).
 * @returns A batch Bundle whose i-th entry searches for the plan's i-th entry (`_count=2` to see ambiguity).
 */
export function existenceBatch(plan: Bundle): Bundle {
  return {
    resourceType: 'Bundle',
    type: 'batch',
    entry: (plan.entry ?? []).map((e) => ({
      request: { method: 'GET', url: `${e.request?.url}?${e.request?.ifNoneExist}&_count=2` },
    })),
  };
}

/** What the lookup found: entries already on the server, entries matched more than once, and failed searches. */
export interface Existing {
  /** fullUrl → the resource the server holds for it. */
  found: Map<string, Resource>;
  /** ifNoneExist queries that matched more than one resource (the plan must not be committed). */
  ambiguous: string[];
  /** Searches that failed, with the server's status and message. */
  failed: { query: string; status: number; text: string }[];
}

/**
 * Reads the batch-response of {@link existenceBatch}.
 * @param plan - The plan.
 * @param response - The server's batch-response.
 * @returns Found, ambiguous and failed lookups.
 */
export function readExistence(plan: Bundle, response: Bundle): Existing {
  const out: Existing = { found: new Map(), ambiguous: [], failed: [] };
  (plan.entry ?? []).forEach((e, i) => {
    const r = response.entry?.[i];
    const query = e.request?.ifNoneExist ?? '';
    const status = Number.parseInt(r?.response?.status ?? '200', 10);
    if (status >= 400) {
      out.failed.push({ query, status, text: r?.response?.outcome?.issue?.[0]?.details?.text ?? `status ${status}` });
      return;
    }
    const matches = ((r?.resource as Bundle | undefined)?.entry ?? []).filter((m) => m.search?.mode !== 'include');
    if (matches.length > 1) out.ambiguous.push(query);
    else if (matches[0]?.resource) out.found.set(e.fullUrl ?? '', matches[0].resource);
  });
  return out;
}

function rewrite<T>(value: T, ids: Map<string, string>): T {
  if (Array.isArray(value)) return value.map((v) => rewrite(v, ids)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] = key === 'reference' && typeof child === 'string' ? (ids.get(child) ?? child) : rewrite(child, ids);
  }
  return out as T;
}

/**
 * The transaction that writes what the server does not hold yet: plain creates, with references to entries it already
 * holds pointed at those resources.
 * @param plan - The plan.
 * @param existing - fullUrl → `Type/id` of entries already on the server.
 * @returns A transaction Bundle (possibly without entries: then there is nothing to send).
 */
export function pendingTransaction(plan: Bundle, existing: Map<string, string>): Bundle {
  const entry: BundleEntry[] = (plan.entry ?? [])
    .filter((e) => !existing.has(e.fullUrl ?? ''))
    .map((e) => ({
      fullUrl: e.fullUrl,
      resource: rewrite(e.resource, existing),
      request: { method: 'POST', url: e.request?.url ?? e.resource?.resourceType ?? '' },
    }));
  return { resourceType: 'Bundle', type: 'transaction', entry };
}

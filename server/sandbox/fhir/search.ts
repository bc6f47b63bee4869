// Type-level search on the sandbox: bare-id references, compartment narrowing, _include/_revinclude, paging links,
// _summary and _total. Every resource it returns passed the caller's access checks (see scoped-repository.ts).
import { badRequest, evalFhirPath, getSearchParameter, OperationOutcomeError, parseSearchRequest } from '@medplum/core';
import type { Bundle, BundleEntry, BundleLink, Reference, Resource } from '@medplum/fhirtypes';
import type { Grant } from '../auth/scopes';
import { compartmentPatient } from './access';
import { expandReferenceParams, type Query } from './references';
import type { ScopedRepository } from './scoped-repository';
import { type SummaryMode, summarize, summaryMode, wantsTotal } from './summary';

export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 1000;
const CONTROL = new Set(['_include', '_revinclude', '_count', '_offset', '_format', '_pretty', '_summary', '_total']);

export interface SearchContext {
  /** The store as the caller may see it. */
  view: ScopedRepository;
  base: string;
}

/**
 * Runs a search and returns a searchset Bundle with fullUrls, search modes and paging links.
 * @param ctx - The caller's view of the store and the FHIR base URL.
 * @param resourceType - The searched type.
 * @param params - The query parameters as received.
 * @returns The searchset Bundle; `_summary=count` gives the total and no entries.
 */
export async function searchType(ctx: SearchContext, resourceType: string, params: URLSearchParams): Promise<Bundle> {
  const grant = ctx.view.grant(resourceType, 's');
  const summary = summaryMode(params.get('_summary'));
  const withTotal = wantsTotal(params.get('_total'));
  const count = summary === 'count' ? 0 : pageNumber(params.get('_count'), DEFAULT_PAGE, '_count');
  const offset = pageNumber(params.get('_offset'), 0, '_offset');
  const query: Query = {};
  for (const [k, v] of params) {
    if (!CONTROL.has(k)) query[k] = [...(query[k] ?? []), v];
  }
  const expanded = await expandReferenceParams(ctx.view.store, resourceType, query);
  narrowToCompartment(ctx, grant, resourceType, expanded);
  const sort = expanded._sort?.join(',');
  delete expanded._sort;
  const request = parseSearchRequest(
    resourceType,
    Object.fromEntries(Object.entries(expanded).map(([k, v]) => [k, v.length === 1 ? v[0] : v])) as Record<
      string,
      string
    >
  );
  const all = await ctx.view.visibleMatches(request);
  const sorted = sort ? sortResources(all, resourceType, sort) : all;
  const matches = sorted.slice(offset, offset + Math.min(count, MAX_PAGE)).map((r) => structuredClone(r));
  const included = await includes(ctx, matches, params.getAll('_include'), params.getAll('_revinclude'));
  const total = all.length;
  return {
    resourceType: 'Bundle',
    type: 'searchset',
    ...(withTotal ? { total } : {}),
    link: pageLinks(ctx.base, resourceType, params, offset, count, total),
    entry: [
      ...matches.map((r): BundleEntry => entryOf(ctx.base, r, 'match', summary)),
      ...included.map((r): BundleEntry => entryOf(ctx.base, r, 'include', summary)),
    ],
  };
}

function pageNumber(value: string | null, fallback: number, name: string): number {
  if (value === null) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new OperationOutcomeError(badRequest(`${name} must be a non-negative integer`, name));
  return n;
}

function narrowToCompartment(ctx: SearchContext, grant: Grant, resourceType: string, query: Query): void {
  const patient = compartmentPatient(ctx.view.access, grant);
  if (!patient) return;
  if (resourceType === 'Patient') {
    if (!query._id) query._id = [patient];
  } else if (getSearchParameter(resourceType, 'patient') && !query.patient) {
    query.patient = [`Patient/${patient}`];
  }
}

function entryOf(base: string, resource: Resource, mode: 'match' | 'include', summary: SummaryMode): BundleEntry {
  const fullUrl = `${base}/${resource.resourceType}/${resource.id}`;
  return { fullUrl, resource: summarize(resource, summary), search: { mode } };
}

function pageLinks(
  base: string,
  resourceType: string,
  params: URLSearchParams,
  offset: number,
  count: number,
  total: number
): BundleLink[] {
  const at = (o: number): string => {
    const p = new URLSearchParams(params);
    p.set('_offset', String(o));
    p.set('_count', String(count));
    return `${base}/${resourceType}?${p}`;
  };
  const links: BundleLink[] = [{ relation: 'self', url: at(offset) }];
  if (count > 0 && offset + Math.min(count, MAX_PAGE) < total) {
    links.push({ relation: 'next', url: at(offset + count) });
  }
  if (offset > 0) links.push({ relation: 'previous', url: at(Math.max(0, offset - count)) });
  return links;
}

async function includes(
  ctx: SearchContext,
  matches: Resource[],
  include: string[],
  revinclude: string[]
): Promise<Resource[]> {
  const seen = new Set(matches.map((r) => `${r.resourceType}/${r.id}`));
  const out: Resource[] = [];
  const add = async (r: Resource): Promise<void> => {
    const key = `${r.resourceType}/${r.id}`;
    if (seen.has(key) || !(await ctx.view.canRead(r))) return;
    seen.add(key);
    out.push(r);
  };
  for (const spec of include) {
    const [source, code, target] = spec.split(':');
    const expression = source && code ? getSearchParameter(source, code)?.expression : undefined;
    if (!expression) throw new OperationOutcomeError(badRequest(`Unknown _include ${spec}`, '_include'));
    for (const r of matches.filter((m) => m.resourceType === source)) {
      for (const value of evalFhirPath(expression, r)) {
        const ref = (value as Reference | undefined)?.reference;
        if (!ref || (target && !ref.startsWith(`${target}/`))) continue;
        const found = await ctx.view.store.readReference({ reference: ref }).catch(() => undefined);
        if (found) await add(found);
      }
    }
  }
  for (const spec of revinclude) {
    const [source, code] = spec.split(':');
    if (!source || !code || !getSearchParameter(source, code)) {
      throw new OperationOutcomeError(badRequest(`Unknown _revinclude ${spec}`, '_revinclude'));
    }
    for (const r of matches) {
      const request = parseSearchRequest(source, { [code]: `${r.resourceType}/${r.id}`, _count: String(MAX_PAGE) });
      const result = await ctx.view.store.search(request);
      for (const e of result.entry ?? []) if (e.resource) await add(e.resource);
    }
  }
  return out;
}

/** Sorts by `_sort` rules (`-date,code`); resources without a value go last in either direction. */
function sortResources(resources: Resource[], resourceType: string, sort: string): Resource[] {
  const rules = sort
    .split(',')
    .filter(Boolean)
    .map((rule) => {
      const descending = rule.startsWith('-');
      const code = descending ? rule.slice(1) : rule;
      const expression = getSearchParameter(resourceType, code)?.expression;
      if (!expression) throw new OperationOutcomeError(badRequest(`Unknown _sort parameter ${code}`, '_sort'));
      return { descending, expression };
    });
  const keyed = resources.map((r) => ({ r, keys: rules.map((rule) => sortKey(evalFhirPath(rule.expression, r)[0])) }));
  keyed.sort((a, b) => {
    for (const [i, rule] of rules.entries()) {
      const x = a.keys[i];
      const y = b.keys[i];
      if (x === y) continue;
      if (x === undefined) return 1;
      if (y === undefined) return -1;
      return (x < y ? -1 : 1) * (rule.descending ? -1 : 1);
    }
    return 0;
  });
  return keyed.map((k) => k.r);
}

function sortKey(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object') return String(value);
  const v = value as { start?: string; end?: string; value?: number; reference?: string; code?: string; text?: string };
  return (
    v.start ??
    v.end ??
    (v.value === undefined ? undefined : String(v.value).padStart(20, '0')) ??
    v.reference ??
    v.code ??
    v.text
  );
}

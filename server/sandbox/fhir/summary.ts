// `_summary` (true | text | data | count | false) and `_total` (none | estimate | accurate) as FHIR R4 search defines
// them: subsets of each resource, marked SUBSETTED so no client mistakes one for the whole record.
import { badRequest, getDataType, OperationOutcomeError } from '@medplum/core';
import type { Coding, Resource } from '@medplum/fhirtypes';

export type SummaryMode = 'true' | 'text' | 'data' | 'count' | 'false';

const MODES = new Set<string>(['true', 'text', 'data', 'count', 'false']);

export const SUBSETTED: Coding = {
  system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationValue',
  code: 'SUBSETTED',
  display: 'subsetted',
};

/**
 * Reads `_summary`.
 * @param value - The parameter's value, or null when absent.
 * @returns The mode ('false' when absent); throws 400 on an unknown value.
 */
export function summaryMode(value: string | null): SummaryMode {
  if (value === null || value === '') return 'false';
  if (!MODES.has(value)) {
    throw new OperationOutcomeError(badRequest('_summary must be one of true, text, data, count, false', '_summary'));
  }
  return value as SummaryMode;
}

/**
 * Reads `_total`: whether the searchset carries `total` (`none` leaves it out; the sandbox always counts exactly).
 * @param value - The parameter's value, or null when absent.
 * @returns True when `total` should be present.
 */
export function wantsTotal(value: string | null): boolean {
  if (value === null || value === '' || value === 'accurate' || value === 'estimate') return true;
  if (value === 'none') return false;
  throw new OperationOutcomeError(badRequest('_total must be one of none, estimate, accurate', '_total'));
}

/** True when `key` is `name` or a choice form of it (`effective` → `effectiveDateTime`). */
function isProperty(key: string, names: ReadonlySet<string>): boolean {
  if (names.has(key)) return true;
  for (const name of names) {
    if (key.length > name.length && key.startsWith(name) && /[A-Z]/.test(key[name.length] ?? '')) return true;
  }
  return false;
}

/**
 * Applies a `_summary` mode to one resource (a new object; the input is not changed).
 * `true`: the elements the base definition marks as summary; `text`: text, id, meta and mandatory elements;
 * `data`: everything but text; `false`/`count`: the resource unchanged.
 * @param resource - The full resource.
 * @param mode - The summary mode.
 * @returns The resource or its subset, tagged SUBSETTED when anything may have been left out.
 */
export function summarize<T extends Resource>(resource: T, mode: SummaryMode): T {
  if (mode === 'false' || mode === 'count') return resource;
  const schema = getDataType(resource.resourceType);
  const keep = (key: string): boolean => {
    if (key === 'resourceType' || key === 'id' || key === 'meta') return true;
    if (mode === 'data') return key !== 'text';
    if (mode === 'text') return key === 'text' || isProperty(key, schema.mandatoryProperties ?? new Set());
    return isProperty(key, schema.summaryProperties ?? new Set());
  };
  const out = Object.fromEntries(Object.entries(resource).filter(([key]) => keep(key))) as T;
  const tags = (resource.meta?.tag ?? []).filter((t) => t.code !== SUBSETTED.code || t.system !== SUBSETTED.system);
  out.meta = { ...resource.meta, tag: [...tags, SUBSETTED] };
  return out;
}

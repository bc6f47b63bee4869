// Walking the `reference` strings of FHIR JSON: listing them, and pointing them elsewhere (urn:uuid placeholders to
// the ids a server assigned, or ids to urn:uuid placeholders), without touching anything else.

/**
 * Every `reference` string in a value, in document order.
 * @param value - A resource or any part of one.
 * @returns The references (duplicates kept).
 */
export function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) references(v, out);
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'reference' && typeof child === 'string') out.push(child);
      else references(child, out);
    }
  }
  return out;
}

/**
 * A copy with every `reference` found in the map replaced by its mapped value.
 * @param value - A resource or any part of one.
 * @param map - Old reference → new reference.
 * @returns The rewritten copy (the input is not changed).
 */
export function rewriteReferences<T>(value: T, map: ReadonlyMap<string, string>): T {
  if (Array.isArray(value)) return value.map((v) => rewriteReferences(v, map)) as T;
  if (!value || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(value)) {
    out[key] =
      key === 'reference' && typeof child === 'string' ? (map.get(child) ?? child) : rewriteReferences(child, map);
  }
  return out as T;
}
